import type { MoneyMovementEvent } from '@gateway/ledger';
import type { MoneyInReceived } from '../domain/money-in-received';

/** Compile-time only: the money-in event a completed payment appends is the ledger contract's. */
type Conforms<T extends MoneyMovementEvent> = T;
export type EwalletMoneyInConforms = Conforms<MoneyInReceived>;
