import type { DisbursementSnapshot } from './disbursement.events';

/** Spec fixtures: disbursement `d1`, an instant 50,000 IDR payout to Budi's BNI account, created at `createdAt`. */
export function disbursementSnapshot(
  createdAt: string,
  changes: Partial<DisbursementSnapshot> = {},
): DisbursementSnapshot {
  return {
    disbursementId: 'd1',
    businessId: 'biz_1',
    mode: 'test',
    externalId: 'ext-1',
    amount: 50_000,
    currency: 'IDR',
    bankCode: 'BNI',
    accountHolderName: 'Budi',
    accountNumber: '123-456',
    description: 'Payout',
    isInstant: true,
    createdAt,
    ...changes,
  };
}
