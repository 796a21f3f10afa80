import { SearchPaymentCodePaymentsQuery } from '@gateway/payment-codes';
import type { Mode } from '@gateway/platform';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { TransactionDetail, TransactionFilter, TransactionRow, TransactionSource } from './transaction-source';

/** A payment at the till is final once recorded: there is no other status. */
const PAID = 'COMPLETED';
const PAYMENT_ID = /^[A-Za-z0-9_-]{1,128}$/;

@Injectable()
export class PaymentCodePaymentsTransactionSource implements TransactionSource {
  readonly id = 'payment-code-payments';
  readonly title = 'Payment-code payments';
  readonly statuses = [PAID];

  constructor(private readonly queries: QueryBus) {}

  async search(businessId: string, mode: Mode, filter: TransactionFilter, limit: number): Promise<TransactionRow[]> {
    if (filter.status && filter.status !== PAID) return [];
    const views = await this.queries.execute(new SearchPaymentCodePaymentsQuery(businessId, mode, { id: filter.id, createdFrom: filter.from, createdTo: filter.to, limit }));
    return views.map(({ payment, code }) => ({
      source: this.id,
      id: payment.id,
      externalId: code.externalId,
      type: `Payment code (${code.retailOutletName})`,
      status: PAID,
      amount: payment.amount,
      currency: payment.currency,
      created: payment.transactionTimestamp,
    }));
  }

  async detail(businessId: string, mode: Mode, id: string): Promise<TransactionDetail | undefined> {
    if (!PAYMENT_ID.test(id)) return undefined;
    const views = await this.queries.execute(new SearchPaymentCodePaymentsQuery(businessId, mode, { id, limit: 10 }));
    const view = views.find(({ payment }) => payment.id === id);
    if (!view) return undefined;
    const { payment, code } = view;
    const fields: [string, string][] = [
      ['Id', payment.id],
      ['Payment id', payment.paymentId],
      ['Status', PAID],
      ['Amount', `${payment.amount} ${payment.currency}`],
      ['Payment code', `${code.paymentCode} (${code.fpcId})`],
      ['External id', code.externalId],
      ['Retail outlet', code.retailOutletName],
      ['Name', code.name],
      ['Paid at', payment.transactionTimestamp],
    ];
    return { fields, history: { resource: 'payment_code', id: payment.fpcId } };
  }
}
