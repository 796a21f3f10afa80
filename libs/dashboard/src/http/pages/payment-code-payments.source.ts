import type { Mode } from '@gateway/platform';
import { SearchPaymentCodePaymentsQuery, type PaymentCodePaymentView } from '@gateway/payment-codes';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { FINAL_PAYMENT_STATUS, FinalPaymentsTransactionSource, type PaymentSearch } from './final-payments.source';
import type { TransactionDetail, TransactionRow } from './transaction-source';

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

  protected rowOf({ payment, code }: PaymentCodePaymentView): Omit<TransactionRow, 'source' | 'status'> {
    return {
      id: payment.id,
      externalId: code.externalId,
      type: `Payment code (${code.retailOutletName})`,
      amount: payment.amount,
      currency: payment.currency,
      created: payment.transactionTimestamp,
    };
  }

  protected detailOf({ payment, code }: PaymentCodePaymentView): TransactionDetail {
    const fields: [string, string][] = [
      ['Id', payment.id],
      ['Payment id', payment.paymentId],
      ['Status', FINAL_PAYMENT_STATUS],
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
