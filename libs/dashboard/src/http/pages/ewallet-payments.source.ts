import { type EwalletPaymentView, SearchEwalletPaymentsQuery } from '@gateway/ewallets';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { SafeHtml } from '../kit/html';
import { formatMoney } from '../kit/money-format';
import { timeHtml } from '../kit/viewer-time';
import type { DetailContext, TransactionDetail, TransactionSource } from './transaction-source';

const PAYMENT_ID = /^[A-Za-z0-9_-]{1,128}$/;

@Injectable()
export class EwalletPaymentsTransactionSource implements TransactionSource {
  readonly id = 'ewallet-payments';

  constructor(private readonly queries: QueryBus) {}

  async detail(context: DetailContext, id: string): Promise<TransactionDetail | undefined> {
    if (!PAYMENT_ID.test(id)) return undefined;
    const views: EwalletPaymentView[] = await this.queries.execute(
      new SearchEwalletPaymentsQuery(context.businessId, context.mode, { id, limit: 10 }),
    );
    const view = views.find((candidate) => candidate.paymentId === id);
    if (!view) return undefined;
    const optional = (label: string, value: string | SafeHtml | undefined): [string, string | SafeHtml][] =>
      value ? [[label, value]] : [];
    const fields: [string, string | SafeHtml][] = [
      ['Id', view.paymentId],
      ['External id', view.externalId],
      ['eWallet', view.ewalletType],
      ['Status', view.status],
      ['Amount', formatMoney(view.amount, view.currency)],
      ...optional('Phone', view.phone),
      ...optional('Failure', view.failureCode),
      ...optional('Expires', view.expiresAt ? timeHtml(view.expiresAt, context.zone) : undefined),
      ['API version', view.apiVersion],
      ['Created', timeHtml(view.createdAt, context.zone)],
      ...optional('Decided', view.decidedAt ? timeHtml(view.decidedAt, context.zone) : undefined),
    ];
    // Audited by type and external id, as the API looks eWallet payments up.
    return { fields, history: { resource: 'ewallet_payment', id: `${view.ewalletType}:${view.externalId}` } };
  }
}
