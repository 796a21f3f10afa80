import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { InvoiceErrors } from '../../domain/invoice.errors';
import type { InvoiceSnapshot } from '../../domain/invoice.events';
import { GetInvoiceQuery, GetPublicInvoiceQuery } from './get-invoice.query';

const INVOICE_ID = /^[0-9a-f]{24}$/;

@QueryHandler(GetInvoiceQuery)
export class GetInvoiceHandler implements IQueryHandler<GetInvoiceQuery, InvoiceSnapshot> {
  constructor(private readonly pool: Pool) {}

  async execute(query: GetInvoiceQuery): Promise<InvoiceSnapshot> {
    if (!INVOICE_ID.test(query.invoiceId)) throw InvoiceErrors.notFound(query.invoiceId);
    const { rows } = await this.pool.query<{ snapshot: InvoiceSnapshot }>(
      'SELECT snapshot FROM invoices WHERE invoice_id = $1 AND business_id = $2 AND mode = $3',
      [query.invoiceId, query.businessId, query.mode],
    );
    if (rows.length === 0) throw InvoiceErrors.notFound(query.invoiceId);
    return rows[0].snapshot;
  }
}

@QueryHandler(GetPublicInvoiceQuery)
export class GetPublicInvoiceHandler implements IQueryHandler<GetPublicInvoiceQuery, InvoiceSnapshot> {
  constructor(private readonly pool: Pool) {}

  async execute(query: GetPublicInvoiceQuery): Promise<InvoiceSnapshot> {
    if (!INVOICE_ID.test(query.invoiceId)) throw InvoiceErrors.notFound(query.invoiceId);
    const { rows } = await this.pool.query<{ snapshot: InvoiceSnapshot }>(
      'SELECT snapshot FROM invoices WHERE invoice_id = $1',
      [query.invoiceId],
    );
    if (rows.length === 0) throw InvoiceErrors.notFound(query.invoiceId);
    return rows[0].snapshot;
  }
}
