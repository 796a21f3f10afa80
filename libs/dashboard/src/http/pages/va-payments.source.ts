import type { Mode } from '@gateway/platform';
import { SearchVirtualAccountPaymentsQuery } from '@gateway/virtual-accounts';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { TransactionDetail, TransactionFilter, TransactionRow, TransactionSource } from './transaction-source';

/** A payment into a fixed VA is final once recorded: there is no other status. */
const PAID = 'COMPLETED';
const PAYMENT_ID = /^[A-Za-z0-9_-]{1,128}$/;

@Injectable()
export class VirtualAccountPaymentsTransactionSource implements TransactionSource {
  readonly id = 'va-payments';
  readonly title = 'VA payments';
  readonly statuses = [PAID];

  constructor(private readonly queries: QueryBus) {}

  async search(businessId: string, mode: Mode, filter: TransactionFilter, limit: number): Promise<TransactionRow[]> {
    if (filter.status && filter.status !== PAID) return [];
    const views = await this.queries.execute(new SearchVirtualAccountPaymentsQuery(businessId, mode, { id: filter.id, createdFrom: filter.from, createdTo: filter.to, limit }));
    return views.map(({ payment, account }) => ({
      source: this.id,
      id: payment.id,
      externalId: account.externalId,
      type: `VA payment (${account.bankCode})`,
      status: PAID,
      amount: payment.amount,
      currency: payment.currency,
      created: payment.transactionTimestamp,
    }));
  }

  async detail(businessId: string, mode: Mode, id: string): Promise<TransactionDetail | undefined> {
    if (!PAYMENT_ID.test(id)) return undefined;
    const views = await this.queries.execute(new SearchVirtualAccountPaymentsQuery(businessId, mode, { id, limit: 10 }));
    const view = views.find(({ payment }) => payment.id === id);
    if (!view) return undefined;
    const { payment, account } = view;
    const fields: [string, string][] = [
      ['Id', payment.id],
      ['Payment id', payment.paymentId],
      ['Status', PAID],
      ['Amount', `${payment.amount} ${payment.currency}`],
      ['Virtual account', account.vaId],
      ['External id', account.externalId],
      ['Bank', account.bankCode],
      ['Account number', account.accountNumber],
      ['Account name', account.name],
      ['Paid at', payment.transactionTimestamp],
    ];
    return { fields, history: { resource: 'virtual_account', id: payment.vaId } };
  }
}
