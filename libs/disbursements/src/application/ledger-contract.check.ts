import type { MoneyMovementEvent } from '@gateway/ledger';
import type { MoneyOutCompleted, MoneyOutFailed, MoneyOutReserved } from '../domain/balance.events';

/**
 * Compile-time only: the balance aggregate's money-out events are the ledger contract's. If the
 * contract changes shape, this file stops compiling.
 */
type Conforms<T extends MoneyMovementEvent> = T;
export type BalanceMoneyOutEventsConform = [Conforms<MoneyOutReserved>, Conforms<MoneyOutCompleted>, Conforms<MoneyOutFailed>];
