import { balanceStream } from '../../domain/balance.events';

/** One balance: a business's money in one mode and currency (one balance stream). */
export interface BalanceScope {
  businessId: string;
  mode: 'test' | 'live';
  currency: string;
}

export const balanceStreamOf = (scope: BalanceScope) => balanceStream(scope.businessId, scope.mode, scope.currency);
