/**
 * THE LEDGER CONTRACT (docs/ledger.md) lives in the shared kernel (`@gateway/domain`), so every
 * money-moving context's pure domain code can use the same types; the ledger consumes them.
 */
export {
  type LedgerCurrency,
  type MoneyInReceived,
  type MoneyInSettled,
  type MoneyInRefunded,
  type MoneyOutKind,
  type MoneyOutReserved,
  type MoneyOutCompleted,
  type MoneyOutFailed,
  type MoneyMovementEvent,
  MONEY_MOVEMENT_EVENT_TYPES,
  isMoneyMovementEvent,
} from '@gateway/domain';
