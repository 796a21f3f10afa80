import type { MoneyMovementEvent } from '@gateway/ledger';
import type { MoneyInReceived } from '../domain/money-in.events';

/** Compile-time only: the money-in event this context appends is the ledger contract's. */
type Conforms<T extends MoneyMovementEvent> = T;
export type PaymentCodeMoneyInConforms = Conforms<MoneyInReceived>;
