import { invalidField } from '@gateway/domain';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import type { InvoiceSnapshot } from '../../domain/invoice.events';
import { ListInvoicesQuery } from './list-invoices.query';

const DEFAULT_LIMIT = 10;

@QueryHandler(ListInvoicesQuery)
export class ListInvoicesHandler implements IQueryHandler<ListInvoicesQuery, InvoiceSnapshot[]> {
  constructor(private readonly pool: Pool) {}

  async execute(query: ListInvoicesQuery): Promise<InvoiceSnapshot[]> {
    const { filter } = query;
    const where = ['business_id = $1', 'mode = $2'];
    const params: unknown[] = [query.businessId, query.mode];
    const add = (sql: (placeholder: string) => string, value: unknown) => {
      if (value === undefined) return;
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    add((p) => `status = ANY(${p}::text[])`, filter.statuses?.length ? filter.statuses : undefined);
    add((p) => `created_at > ${p}::timestamptz`, filter.createdAfter);
    add((p) => `created_at < ${p}::timestamptz`, filter.createdBefore);
    add((p) => `paid_at > ${p}::timestamptz`, filter.paidAfter);
    add((p) => `paid_at < ${p}::timestamptz`, filter.paidBefore);
    add((p) => `expired_at > ${p}::timestamptz`, filter.expiredAfter);
    add((p) => `expired_at < ${p}::timestamptz`, filter.expiredBefore);
    add((p) => `client_type = ANY(${p}::text[])`, filter.clientTypes?.length ? filter.clientTypes : undefined);
    add(
      (p) => `payment_channel = ANY(${p}::text[])`,
      filter.paymentChannels?.length ? filter.paymentChannels : undefined,
    );
    add((p) => `recurring_payment_id = ${p}`, filter.recurringPaymentId);
    add((p) => `external_id = ${p}`, filter.externalId);
    // The cursor: strictly older than the named invoice of this business (an unknown one is refused below).
    add(
      (p) =>
        `(created_at, invoice_id) < (SELECT c.created_at, ` +
        `c.invoice_id FROM invoices c WHERE c.invoice_id = ${p} AND c.business_id = $1 AND c.mode = $2)`,
      filter.lastInvoiceId,
    );
    params.push(filter.limit ?? DEFAULT_LIMIT);
    const { rows } = await this.pool.query<{ snapshot: InvoiceSnapshot }>(
      `SELECT snapshot FROM invoices WHERE ${where.join(' AND ')} ORDER BY created_at DESC, ` +
        `invoice_id DESC LIMIT $${params.length}`,
      params,
    );
    if (rows.length === 0 && filter.lastInvoiceId !== undefined)
      await this.refuseUnknownCursor(query.businessId, query.mode, filter.lastInvoiceId);
    return rows.map((row) => row.snapshot);
  }

  /**
   * A cursor naming no invoice of this business and mode pages from nothing: an empty page that reads as "no older
   * invoices" when the caller passed a wrong id. Asked only when the page is empty (a page after a known cursor is the
   * proof it exists), so paging costs nothing more.
   */
  private async refuseUnknownCursor(businessId: string, mode: string, lastInvoiceId: string): Promise<void> {
    const { rowCount } = await this.pool.query(
      'SELECT 1 FROM invoices WHERE invoice_id = $1 AND business_id = $2 AND mode = $3',
      [lastInvoiceId, businessId, mode],
    );
    if (!rowCount) {
      throw invalidField(
        ['last_invoice_id'],
        'last_invoice_id names no invoice of this business in this mode: ' +
          "pass the id of the previous page's last invoice",
        'isKnownCursor',
        'query',
      );
    }
  }
}
