/** The failure codes a rail reports (gaps.md). */
export const DISBURSEMENT_FAILURE_CODES = [
  'INVALID_DESTINATION',
  'REJECTED_BY_BANK',
  'TRANSFER_ERROR',
  'TEMPORARY_TRANSFER_ERROR',
  'INSUFFICIENT_BALANCE',
] as const;
export type DisbursementFailureCode = (typeof DISBURSEMENT_FAILURE_CODES)[number];

/**
 * Test-mode magic inputs (docs/ledger.md): these destination account numbers fail with the
 * matching code; every other account number completes. Ten digits, so they are valid for BCA too.
 */
export const TEST_FAILING_ACCOUNTS: Readonly<Record<string, DisbursementFailureCode>> = {
  '9999000001': 'INVALID_DESTINATION',
  '9999000002': 'REJECTED_BY_BANK',
  '9999000003': 'TRANSFER_ERROR',
  '9999000004': 'TEMPORARY_TRANSFER_ERROR',
  '9999000005': 'INSUFFICIENT_BALANCE',
};

export type RailOutcome = { status: 'COMPLETED' } | { status: 'FAILED'; failureCode: DisbursementFailureCode };

/** What the simulated rail answers for a destination account. */
export function simulatedRailOutcome(accountNumber: string): RailOutcome {
  const failureCode = TEST_FAILING_ACCOUNTS[accountNumber];
  return failureCode ? { status: 'FAILED', failureCode } : { status: 'COMPLETED' };
}
