import type { Mode } from '@gateway/clock';
import {
  SearchVirtualAccountPaymentsQuery,
  type VirtualAccountPaymentView as VaPaymentView,
} from '@gateway/virtual-accounts';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { html, type SafeHtml } from '../kit/html';
import { formatMoney } from '../kit/money-format';
import { timeHtml } from '../kit/viewer-time';
import { FINAL_PAYMENT_STATUS, FinalPaymentsTransactionSource, type PaymentSearch } from './final-payments.source';
import type { DetailContext, TransactionDetail } from './transaction-source';

@Injectable()
export class VirtualAccountPaymentsTransactionSource extends FinalPaymentsTransactionSource<VaPaymentView> {
  readonly id = 'va-payments';
  readonly title = 'VA payments';

  constructor(private readonly queries: QueryBus) {
    super();
  }

  protected find(businessId: string, mode: Mode, search: PaymentSearch): Promise<VaPaymentView[]> {
    return this.queries.execute(new SearchVirtualAccountPaymentsQuery(businessId, mode, search));
  }

  protected paymentIdOf({ payment }: VaPaymentView): string {
    return payment.id;
  }

  protected detailOf({ payment, account }: VaPaymentView, context: DetailContext): TransactionDetail {
    const fields: [string, string | SafeHtml][] = [
      ['Id', payment.id],
      ['Payment id', payment.paymentId],
      ['Status', FINAL_PAYMENT_STATUS],
      ['Amount', formatMoney(payment.amount, payment.currency)],
      [
        'Virtual account',
        account.origin.kind === 'fixed'
          ? html`<a href="/dashboard/fixed-vas/${account.vaId}">${account.vaId}</a>`
          : account.vaId,
      ],
      ['External id', account.externalId],
      ['Bank', account.bankCode],
      ['Account number', account.accountNumber],
      ['Account name', account.name],
      ['Paid at', timeHtml(payment.transactionTimestamp, context.zone)],
    ];
    return { fields, history: { resource: 'virtual_account', id: payment.vaId } };
  }
}
