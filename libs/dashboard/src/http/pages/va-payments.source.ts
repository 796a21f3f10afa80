import type { Mode } from '@gateway/platform';
import { SearchVirtualAccountPaymentsQuery, type VirtualAccountPaymentView as VaPaymentView } from '@gateway/virtual-accounts';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { FINAL_PAYMENT_STATUS, FinalPaymentsTransactionSource, type PaymentSearch } from './final-payments.source';
import type { TransactionDetail, TransactionRow } from './transaction-source';

@Injectable()
export class VirtualAccountPaymentsTransactionSource extends FinalPaymentsTransactionSource<VaPaymentView> {
  readonly id = 'va-payments';
  readonly title = 'VA payments';

  constructor(private readonly queries: QueryBus) {
    super();
  }

  /**
   * A transfer an invoice claimed is that invoice's payment (the invoice recorded its money and
   * lists as PAID): listed once, under the invoice. Its detail page stays reachable by id.
   */
  protected find(businessId: string, mode: Mode, { listing, ...search }: PaymentSearch): Promise<VaPaymentView[]> {
    return this.queries.execute(new SearchVirtualAccountPaymentsQuery(businessId, mode, { ...search, excludeClaimed: listing }));
  }

  protected paymentIdOf({ payment }: VaPaymentView): string {
    return payment.id;
  }

  protected rowOf({ payment, account }: VaPaymentView): Omit<TransactionRow, 'source' | 'status'> {
    return {
      id: payment.id,
      externalId: account.externalId,
      type: `VA payment (${account.bankCode})`,
      amount: payment.amount,
      currency: payment.currency,
      created: payment.transactionTimestamp,
    };
  }

  protected detailOf({ payment, account }: VaPaymentView): TransactionDetail {
    const fields: [string, string][] = [
      ['Id', payment.id],
      ['Payment id', payment.paymentId],
      ['Status', FINAL_PAYMENT_STATUS],
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
