import { DomainError } from '@gateway/domain';
import { GetInvoiceQuery, type InvoiceSnapshot, ListInvoicesQuery } from '@gateway/invoices';
import type { Mode } from '@gateway/platform';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { TransactionDetail, TransactionFilter, TransactionRow, TransactionSource } from './transaction-source';

const INVOICE_STATUSES = ['PENDING', 'PAID', 'SETTLED', 'EXPIRED'];

@Injectable()
export class InvoicesTransactionSource implements TransactionSource {
  readonly id = 'invoices';
  readonly title = 'Invoices';
  readonly statuses = INVOICE_STATUSES;

  constructor(private readonly queries: QueryBus) {}

  async search(businessId: string, mode: Mode, filter: TransactionFilter, limit: number): Promise<TransactionRow[]> {
    if (filter.status && !INVOICE_STATUSES.includes(filter.status)) return [];
    const range = { createdAfter: filter.from?.toISOString(), createdBefore: filter.to?.toISOString(), statuses: filter.status ? [filter.status] : undefined, limit };
    // The list filters by external id; an invoice id is looked up directly.
    const found = filter.id ? [await this.byId(businessId, mode, filter.id), ...(await this.queries.execute(new ListInvoicesQuery(businessId, mode, { ...range, externalId: filter.id })))] : await this.queries.execute(new ListInvoicesQuery(businessId, mode, range));
    const matching = found.filter((invoice): invoice is InvoiceSnapshot => !!invoice && (!filter.status || invoice.status === filter.status) && within(invoice.createdAt, filter));
    return matching.slice(0, limit).map((invoice) => ({
      source: this.id,
      id: invoice.invoiceId,
      externalId: invoice.externalId,
      type: 'Invoice',
      status: invoice.status,
      amount: invoice.amount,
      currency: invoice.currency,
      created: invoice.createdAt,
    }));
  }

  async detail(businessId: string, mode: Mode, id: string): Promise<TransactionDetail | undefined> {
    const invoice = await this.byId(businessId, mode, id);
    if (!invoice) return undefined;
    const fields: [string, string][] = [
      ['Id', invoice.invoiceId],
      ['External id', invoice.externalId],
      ['Status', invoice.status],
      ['Amount', `${invoice.amount} ${invoice.currency}`],
      ['Description', invoice.description],
      ['Payer email', invoice.payerEmail],
      ['Payment methods', invoice.paymentMethods.join(', ')],
      ...(invoice.payment ? ([['Paid with', `${invoice.payment.method} ${invoice.payment.channel} (${invoice.payment.paidAt})`]] as [string, string][]) : []),
      ['Invoice page', invoice.invoiceUrl],
      ['Expires', invoice.expiryDate],
      ['Created', invoice.createdAt],
      ['Updated', invoice.updatedAt],
    ];
    return { fields, history: { resource: 'invoice', id: invoice.invoiceId } };
  }

  private async byId(businessId: string, mode: Mode, id: string): Promise<InvoiceSnapshot | undefined> {
    try {
      return await this.queries.execute(new GetInvoiceQuery(businessId, mode, id));
    } catch (error) {
      if (error instanceof DomainError) return undefined;
      throw error;
    }
  }
}

function within(created: string, filter: TransactionFilter): boolean {
  const at = new Date(created).getTime();
  return (!filter.from || at >= filter.from.getTime()) && (!filter.to || at < filter.to.getTime());
}
