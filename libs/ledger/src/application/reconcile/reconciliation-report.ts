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

/** A moment an account that must never be negative (CASH, HOLDING) was: the event that took it below zero. */
export interface OverdraftFinding {
  businessId: string;
  mode: string;
  currency: string;
  account: string;
  eventId: string;
  eventType: string;
  streamName: string;
  /** The event's log position (decimal strings). */
  position: { commit: string; prepare: string };
  /** The event's change to the account (negative), and the balance right after it. */
  amount: string;
  balance: string;
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
  /**
   * Every moment, replaying the log in order, an account that must not go negative did (the first
   * MAX_LISTED_OVERDRAFTS).
   */
  overdrafts: OverdraftFinding[];
  /** How many there were in all. */
  overdraftCount: number;
  durationMs: number;
}
