import { Query } from '@nestjs/cqrs';
import type { MerchantAccount } from '../../domain/ledger-accounts';

/** CASH, HOLDING and TAX per currency the business holds (exact minor units). */
export interface CurrencyBalances {
  currency: string;
  balances: Record<MerchantAccount, bigint>;
}

/** Every currency of a business and mode with its merchant balances (the dashboard's overview). */
export class ListBalancesQuery extends Query<CurrencyBalances[]> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
  ) {
    super();
  }
}
