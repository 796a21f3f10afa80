export { LedgerModule } from './ledger.module';
export { ledgerMigrations } from './read-models/ledger.migrations';
export { LEDGER_PROJECTION } from './read-models/ledger-journal.projection';
export * from './domain/money-movement.events';
export * from './domain/ledger-accounts';
export { postingsFor, type Posting, type JournalTransaction } from './domain/postings';
export {
  DEFAULT_FEE_SCHEDULE,
  FEE_TAX_BASIS_POINTS,
  feeFor,
  feeRuleFor,
  type FeeRule,
  type FeeSchedule,
} from './domain/fees';
export { DEFAULT_SETTLEMENT_DELAYS_MS, settlementDelayMs } from './domain/settlement-delays';
export { TEST_TOPUP_CHANNEL } from './domain/top-up.decider';
export { registerMoneyInFollower } from './application/money-in-followers';
export * from './application/top-up/top-up.command';
export * from './application/get-balance/get-balance.query';
export * from './application/list-balances/list-balances.query';
export * from './application/reconcile/reconcile-ledger.query';
export * from './application/reconcile/reconciliation-report';
export * from './application/read-journal/journal-reader';
export {
  balanceStream,
  BALANCE_STREAMS,
  BALANCE_EVENT_TYPES,
  type BalanceEvent,
  type BalanceCredited,
  type BalanceDebited,
  type MoneyOutDeclined,
} from './domain/balance.events';
export {
  balanceDecider,
  CLOSED_RESERVATION_MEMORY_MS,
  reservationStatus,
  type BalanceState,
  type MoneyOutItem,
  type ReservationStatus,
} from './domain/balance.decider';
export { InsufficientBalanceError } from './domain/balance.errors';
export type { BalanceScope } from './application/balance/balance-scope';
export { balanceReactionId } from './application/balance/balance-reaction-id';
export { LEDGER_BALANCE_PROCESS } from './application/balance/balance-process-manager';
export * from './application/balance/reserve-money-out.command';
export * from './application/balance/close-money-out.command';
export * from './application/settle-early/settle-early.command';
export * from './application/reconciliation-runs/run-reconciliation.command';
export * from './application/reconciliation-runs/latest-reconciliation.query';
export { BALANCE_EVENT_SCHEMAS } from './domain/balance.events';
/** The error codes this context may answer, with their statuses (libs/bootstrap/src/all-error-codes.ts). */
export { LEDGER_ERROR_CODES } from './domain/ledger.errors';
