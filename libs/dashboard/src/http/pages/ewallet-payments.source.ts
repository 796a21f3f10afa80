import { type EwalletPaymentView, SearchEwalletPaymentsQuery } from '@gateway/ewallets';
import type { Mode } from '@gateway/platform';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { TransactionDetail, TransactionFilter, TransactionRow, TransactionSource } from './transaction-source';

const PAYMENT_ID = /^[A-Za-z0-9_-]{1,128}$/;

@Injectable()
export class EwalletPaymentsTransactionSource implements TransactionSource {
  readonly id = 'ewallet-payments';
  readonly title = 'eWallet payments';
  readonly statuses = ['PENDING', 'COMPLETED', 'FAILED', 'EXPIRED'];

  constructor(private readonly queries: QueryBus) {}

  /**
   * A payment an invoice made (its page's DANA button) is that invoice's payment (the invoice
   * recorded its money and lists it): listed once, under the invoice. Its detail page stays
   * reachable by id.
   */
  async search(businessId: string, mode: Mode, filter: TransactionFilter, limit: number): Promise<TransactionRow[]> {
    const search = { id: filter.id, status: filter.status, createdFrom: filter.from, createdTo: filter.to, limit, excludeRecordedElsewhere: true };
    const views = await this.queries.execute(new SearchEwalletPaymentsQuery(businessId, mode, search));
    return views.map((view) => ({
      source: this.id,
      id: view.paymentId,
      externalId: view.externalId,
      type: `eWallet (${view.ewalletType})`,
      status: view.status,
      amount: view.amount,
      currency: view.currency,
      created: view.createdAt,
    }));
  }

  async detail(businessId: string, mode: Mode, id: string): Promise<TransactionDetail | undefined> {
    if (!PAYMENT_ID.test(id)) return undefined;
    const views: EwalletPaymentView[] = await this.queries.execute(new SearchEwalletPaymentsQuery(businessId, mode, { id, limit: 10 }));
    const view = views.find((candidate) => candidate.paymentId === id);
    if (!view) return undefined;
    const optional = (label: string, value: string | undefined): [string, string][] => (value ? [[label, value]] : []);
    const fields: [string, string][] = [
      ['Id', view.paymentId],
      ['External id', view.externalId],
      ['eWallet', view.ewalletType],
      ['Status', view.status],
      ['Amount', `${view.amount} ${view.currency}`],
      ...optional('Phone', view.phone),
      ...optional('Failure', view.failureCode),
      ...optional('Expires', view.expiresAt),
      ['API version', view.apiVersion],
      ['Created', view.createdAt],
      ...optional('Decided', view.decidedAt),
    ];
    // Audited by type and external id, as the API looks eWallet payments up.
    return { fields, history: { resource: 'ewallet_payment', id: `${view.ewalletType}:${view.externalId}` } };
  }
}
