import type { Mode } from '@gateway/clock';
import {
  SearchVirtualAccountPaymentsQuery,
  type VirtualAccountPaymentView as VaPaymentView,
} from '@gateway/virtual-accounts';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { html } from '../kit/html';
import { FinalPaymentsTransactionSource, type PaymentSearch } from './final-payments.source';
import type { HistoryRef, TransactionDetail } from './transaction-source';

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

  protected instrumentFields({ account }: VaPaymentView): TransactionDetail['fields'] {
    const link = html`<a href="/dashboard/fixed-vas/${account.vaId}">${account.vaId}</a>`;
    return [
      ['Virtual account', account.origin.kind === 'fixed' ? link : account.vaId],
      ['External id', account.externalId],
      ['Bank', account.bankCode],
      ['Account number', account.accountNumber],
      ['Account name', account.name],
    ];
  }

  protected historyOf({ payment }: VaPaymentView): HistoryRef {
    return { resource: 'virtual_account', id: payment.vaId };
  }
}
