import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { InvoiceErrors } from '../../domain/invoice.errors';
import type { InvoiceSnapshot } from '../../domain/invoice.events';
import { GetInvoiceQuery, GetPublicInvoiceQuery } from './get-invoice.query';

const INVOICE_ID = /^[0-9a-f]{24}$/;

@QueryHandler(GetInvoiceQuery)
export class GetInvoiceHandler implements IQueryHandler<GetInvoiceQuery> {
  constructor(private readonly pool: Pool) {}

  execute(query: GetInvoiceQuery): Promise<InvoiceSnapshot> {
    return snapshotOf(this.pool, query.invoiceId, query);
  }
}

@QueryHandler(GetPublicInvoiceQuery)
export class GetPublicInvoiceHandler implements IQueryHandler<GetPublicInvoiceQuery> {
  constructor(private readonly pool: Pool) {}

  execute(query: GetPublicInvoiceQuery): Promise<InvoiceSnapshot> {
    return snapshotOf(this.pool, query.invoiceId);
  }
}

/** The invoice, of this business and mode when one is given (the hosted page gives none); not found otherwise. */
async function snapshotOf(
  pool: Pool,
  invoiceId: string,
  owner?: Pick<GetInvoiceQuery, 'businessId' | 'mode'>,
): Promise<InvoiceSnapshot> {
  if (!INVOICE_ID.test(invoiceId)) throw InvoiceErrors.notFound(invoiceId);
  const { rows } = await pool.query<{ snapshot: InvoiceSnapshot }>(
    owner
      ? 'SELECT snapshot FROM invoices WHERE invoice_id = $1 AND business_id = $2 AND mode = $3'
      : 'SELECT snapshot FROM invoices WHERE invoice_id = $1',
    owner ? [invoiceId, owner.businessId, owner.mode] : [invoiceId],
  );
  if (rows.length === 0) throw InvoiceErrors.notFound(invoiceId);
  return rows[0].snapshot;
}
