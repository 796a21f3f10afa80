import { Query } from '@nestjs/cqrs';
import type { MerchantAccount } from '../../domain/ledger-accounts';

export interface BalanceView {
  currency: string;
  accountType: MerchantAccount;
  /** Exact: minor units as bigint. */
  balance: bigint;
}

/** One merchant account's balance; `currency` may be left out when the business holds at most one. */
export class GetBalanceQuery extends Query<BalanceView> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly accountType: MerchantAccount,
    readonly currency?: string,
  ) {
    super();
  }
}
