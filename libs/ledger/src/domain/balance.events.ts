import { declareEventSchemas, streamCategory } from '@gateway/domain';
import type { DomainEvent } from '@gateway/domain';
import type { MoneyOutCompleted, MoneyOutFailed, MoneyOutKind, MoneyOutReserved } from './money-movement.events';

/**
 * The balance aggregate's events (stream `balance-<business>.<mode>.<currency>`). The stream and
 * these type names predate the move of the aggregate from the disbursements context to the
 * ledger: users' logs hold them, so neither changes. The three `MoneyOut*` events are the ledger
 * contract's (`balance-contract.check.ts`); a `MoneyOut*` without `kind` is a disbursement.
 */
export interface BalanceMovement {
  movementId: string;
  /** The money-in event the balance follows (its id also derives this event's). */
  sourceEventId: string;
  currency: string;
  amount: number;
}

export type BalanceCredited = DomainEvent<'BalanceCredited', BalanceMovement>;
/** Old logs only: a refund paid out of CASH before refunds reserved (`MoneyInRefunded`). */
export type BalanceDebited = DomainEvent<'BalanceDebited', BalanceMovement>;

/**
 * A refund the balance could not cover, recorded so the refund's fate is decided once: a second
 * processor of the same refund (the API answering a 2019-05-01 request and the worker's job, or
 * a retry after a crash) learns "declined" instead of reserving after the refund was already
 * failed for it. Not a money movement: nothing moves, the journal ignores it. Disbursements are
 * refused without a record (a refused disbursement never existed).
 */
export type MoneyOutDeclined = DomainEvent<
  'MoneyOutDeclined',
  { movementId: string; currency: string; amount: number; kind: MoneyOutKind; declinedAt: string }
>;

export type BalanceEvent =
  BalanceCredited | BalanceDebited | MoneyOutReserved | MoneyOutCompleted | MoneyOutFailed | MoneyOutDeclined;

export const BALANCE_EVENT_TYPES: readonly BalanceEvent['type'][] = [
  'BalanceCredited',
  'BalanceDebited',
  'MoneyOutReserved',
  'MoneyOutCompleted',
  'MoneyOutFailed',
  'MoneyOutDeclined',
];

/** One stream per business, mode and currency: `balance-<business>.<mode>.<currency>`. */
export const BALANCE_STREAMS = streamCategory('balance');
export const balanceStream = (businessId: string, mode: 'test' | 'live', currency: string) =>
  BALANCE_STREAMS.nameOf(`${businessId}.${mode}.${currency}`);

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
export const BALANCE_EVENT_SCHEMAS = declareEventSchemas<BalanceCredited | BalanceDebited | MoneyOutDeclined>(
  'ledger',
  {
    BalanceCredited: 1,
    BalanceDebited: 1,
    MoneyOutDeclined: 1,
  },
);
