/**
 * Accounts of the journal, each per business, mode and currency. The first three are the
 * merchant's (what GET /balance shows); the others are counter-accounts money comes from and
 * goes to. Every transaction sums to zero over all of them, so over a business the six sum to 0.
 */
export const MERCHANT_ACCOUNTS = ['CASH', 'HOLDING', 'TAX'] as const;
export const COUNTER_ACCOUNTS = ['PAYERS', 'FEES', 'PAYOUT_RAIL'] as const;
export const LEDGER_ACCOUNTS = [...MERCHANT_ACCOUNTS, ...COUNTER_ACCOUNTS] as const;

export type MerchantAccount = (typeof MERCHANT_ACCOUNTS)[number];
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export function isMerchantAccount(value: string): value is MerchantAccount {
  return (MERCHANT_ACCOUNTS as readonly string[]).includes(value);
}
