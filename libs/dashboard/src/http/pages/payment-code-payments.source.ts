import type { Mode } from '@gateway/clock';
import { SearchPaymentCodePaymentsQuery, type PaymentCodePaymentView } from '@gateway/payment-codes';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { html } from '../kit/html';
import { FinalPaymentsTransactionSource, type PaymentSearch } from './final-payments.source';
import type { HistoryRef, TransactionDetail } from './transaction-source';

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

  protected instrumentFields({ code }: PaymentCodePaymentView): TransactionDetail['fields'] {
    const link = html`<a href="/dashboard/payment-codes/${code.fpcId}">${code.paymentCode}</a>`;
    return [
      ['Payment code', code.origin.kind === 'fixed' ? link : code.paymentCode],
      ['External id', code.externalId],
      ['Retail outlet', code.retailOutletName],
      ['Name', code.name],
    ];
  }

  protected historyOf({ payment }: PaymentCodePaymentView): HistoryRef {
    return { resource: 'payment_code', id: payment.fpcId };
  }
}
