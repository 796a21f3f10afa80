export type ReconciliationCheck = 'balance_equals_entries' | 'transaction_sums_to_zero' | 'replay_matches_journal';

export interface ReconciliationDifference {
  check: ReconciliationCheck;
  businessId: string;
  mode: string;
  currency: string;
  account?: string;
  eventId?: string;
  /** Decimal strings: exact whatever the size. */
  expected: string;
  actual: string;
}

export interface ReconciliationReport {
  ok: boolean;
  scope: { businessId?: string; mode?: string };
  /** The journal as of this log position (the ledger projection's checkpoint). */
  asOf: { commit: string; prepare: string } | null;
  accounts: number;
  transactions: number;
  entries: number;
  eventsReplayed: number;
  differences: ReconciliationDifference[];
  durationMs: number;
}
