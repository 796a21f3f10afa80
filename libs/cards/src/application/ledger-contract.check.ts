import type { MoneyInReceived, MoneyInRefunded } from '@gateway/ledger';
import type { CardMoneyInReceived, CardMoneyInRefunded } from '../domain/card-charge.events';

/**
 * Compile-time only: the charge aggregate's money events are the ledger contract's
 * (docs/ledger.md §1), both ways. If the contract changes shape, this file stops compiling.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export type CardMoneyEventsConform = [Same<CardMoneyInReceived, MoneyInReceived>, Same<CardMoneyInRefunded, MoneyInRefunded>];
const conforms: CardMoneyEventsConform = [true, true];
void conforms;
