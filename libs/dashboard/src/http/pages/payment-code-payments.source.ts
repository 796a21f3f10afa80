import type { Mode } from '@gateway/clock';
import { SearchPaymentCodePaymentsQuery, type PaymentCodePaymentView } from '@gateway/payment-codes';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { html, type SafeHtml } from '../kit/html';
import { formatMoney } from '../kit/money-format';
import { timeHtml } from '../kit/viewer-time';
import { FINAL_PAYMENT_STATUS, FinalPaymentsTransactionSource, type PaymentSearch } from './final-payments.source';
import type { DetailContext, TransactionDetail } from './transaction-source';

@Injectable()
export class PaymentCodePaymentsTransactionSource extends FinalPaymentsTransactionSource<PaymentCodePaymentView> {
  readonly id = 'payment-code-payments';
  readonly title = 'Payment-code payments';

  constructor(private readonly queries: QueryBus) {
    super();
  }

  protected find(businessId: string, mode: Mode, search: PaymentSearch): Promise<PaymentCodePaymentView[]> {
    return this.queries.execute(new SearchPaymentCodePaymentsQuery(businessId, mode, search));
  }

  protected paymentIdOf({ payment }: PaymentCodePaymentView): string {
    return payment.id;
  }

  protected detailOf({ payment, code }: PaymentCodePaymentView, context: DetailContext): TransactionDetail {
    const fields: [string, string | SafeHtml][] = [
      ['Id', payment.id],
      ['Payment id', payment.paymentId],
      ['Status', FINAL_PAYMENT_STATUS],
      ['Amount', formatMoney(payment.amount, payment.currency)],
      [
        'Payment code',
        code.origin.kind === 'fixed'
          ? html`<a href="/dashboard/payment-codes/${code.fpcId}">${code.paymentCode}</a>`
          : code.paymentCode,
      ],
      ['External id', code.externalId],
      ['Retail outlet', code.retailOutletName],
      ['Name', code.name],
      ['Paid at', timeHtml(payment.transactionTimestamp, context.zone)],
    ];
    return { fields, history: { resource: 'payment_code', id: payment.fpcId } };
  }
}
