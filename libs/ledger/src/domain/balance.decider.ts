import { assertNever, type Decider } from '@gateway/domain';
import { List, Map as PersistentMap } from 'immutable';
import { BalanceErrors } from './balance.errors';
import type { BalanceEvent, MoneyOutDeclined } from './balance.events';
import type { MoneyOutKind, MoneyOutReserved } from './money-movement.events';

/**
 * How long a closed (or declined) movement id is remembered, in event time: a re-executed keyed request or a retried
 * job within it appends nothing.
 */
export const CLOSED_RESERVATION_MEMORY_MS = 48 * 60 * 60 * 1000;

/** One debit of CASH: a disbursement or a refund. */
export interface MoneyOutItem {
  /** Names the money-out from reservation to completion or release (a disbursement id, a refund id). */
  movementId: string;
  amount: number;
  kind: MoneyOutKind;
  /**
   * What the money-out is, for the context that owns it; stored on the reservation under the kind's name
   * (`disbursement: {...}`).
   */
  details?: Record<string, unknown>;
}

export type BalanceCommand =
  | { type: 'CreditBalance'; movementId: string; sourceEventId: string; currency: string; amount: number }
  /** Old logs only (`MoneyInRefunded`): kept so they replay identically. */
  | { type: 'DebitBalance'; movementId: string; sourceEventId: string; currency: string; amount: number }
  /** All or nothing over the items not reserved before: a batch reserves every new item or none. */
  | { type: 'ReserveMoneyOut'; currency: string; items: MoneyOutItem[]; now: Date }
  | { type: 'CompleteMoneyOut'; movementId: string; currency: string; now: Date }
  /** Releases the reservation: the money goes back to CASH. */
  | { type: 'FailMoneyOut'; movementId: string; currency: string; failureCode: string; now: Date };

export interface OpenReservation {
  amount: number;
  kind: MoneyOutKind;
}

export interface ClosedReservation {
  outcome: 'completed' | 'failed' | 'declined';
  /** The closing event's own time: what pruning compares. */
  closedAt: string;
}

/** One closing, in the order the balance saw them: what pruning walks, oldest first. */
export interface Closing {
  movementId: string;
  closedAt: string;
}

/**
 * Persistent maps and lists (structural sharing): each event's new state costs O(log n), where
 * copying a native Map cost O(n) per event, and a merchant closing many money-outs in 48 hours
 * paid for every one of them on every next one (quadratic).
 */
export interface BalanceState {
  /** Settled money not reserved: what every debit draws on (the journal's CASH). */
  available: bigint;
  /** Reserved for money out still in flight (in the journal's HOLDING). */
  inFlight: bigint;
  /** Reservations not yet completed or released, by movement id. */
  open: PersistentMap<string, OpenReservation>;
  /**
   * Movement ids closed or declined within CLOSED_RESERVATION_MEMORY_MS of the newest event
   * time seen: bounded, and pruned by the events' own timestamps (no clock).
   */
  recentlyClosed: PersistentMap<string, ClosedReservation>;
  /** Every closing still remembered, oldest first (an id closed again is listed again). */
  closings: List<Closing>;
}

/** Where a movement id stands on this balance. */
export type ReservationStatus = 'unknown' | 'open' | ClosedReservation['outcome'];

export function reservationStatus(state: BalanceState, movementId: string): ReservationStatus {
  if (state.open.has(movementId)) return 'open';
  return state.recentlyClosed.get(movementId)?.outcome ?? 'unknown';
}

/**
 * THE balance authority (issue 18): one stream per business, mode and currency decides every
 * debit of CASH (disbursements single and batch, refunds sync and async). Each debit reserves
 * first, then completes or is released. Appends are guarded by the expected revision, so two
 * reservations decided on the same state cannot both commit, whatever the number of processes.
 *
 * Idempotent by movement id: reserving an id that is open or recently closed appends nothing
 * (a re-executed keyed request, a retried refund job), and completing or failing an id that is
 * not open appends nothing (no double release). Credits stay idempotent by their event id.
 */
export const balanceDecider: Decider<BalanceCommand, BalanceState, BalanceEvent> = {
  initialState: {
    available: 0n,
    inFlight: 0n,
    open: PersistentMap(),
    recentlyClosed: PersistentMap(),
    closings: List(),
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreditBalance':
      case 'DebitBalance':
        if (!Number.isSafeInteger(command.amount) || command.amount < 0) throw BalanceErrors.invalidAmount();
        return [
          {
            type: command.type === 'CreditBalance' ? 'BalanceCredited' : 'BalanceDebited',
            data: {
              movementId: command.movementId,
              sourceEventId: command.sourceEventId,
              currency: command.currency,
              amount: command.amount,
            },
          },
        ];
      case 'ReserveMoneyOut':
        return reserve(command, state);
      case 'CompleteMoneyOut':
      case 'FailMoneyOut': {
        const open = state.open.get(command.movementId);
        if (!open) return [];
        const closed = { movementId: command.movementId, currency: command.currency, amount: open.amount };
        const at = command.now.toISOString();
        return [
          command.type === 'CompleteMoneyOut'
            ? { type: 'MoneyOutCompleted', data: { ...closed, completedAt: at, kind: open.kind } }
            : {
                type: 'MoneyOutFailed',
                data: { ...closed, failureCode: command.failureCode, failedAt: at, kind: open.kind },
              },
        ];
      }
      default:
        return assertNever(command, 'balance command');
    }
  },

  evolve(state, event) {
    const amount = BigInt(event.data.amount);
    switch (event.type) {
      case 'BalanceCredited':
        return { ...state, available: state.available + amount };
      case 'BalanceDebited':
        return { ...state, available: state.available - amount };
      case 'MoneyOutReserved':
        return {
          ...pruned(state, event.data.reservedAt),
          available: state.available - amount,
          inFlight: state.inFlight + amount,
          open: state.open.set(event.data.movementId, {
            amount: event.data.amount,
            kind: event.data.kind ?? 'disbursement',
          }),
        };
      case 'MoneyOutCompleted':
        return {
          ...closed(state, event.data.movementId, 'completed', event.data.completedAt),
          inFlight: state.inFlight - amount,
        };
      case 'MoneyOutFailed':
        return {
          ...closed(state, event.data.movementId, 'failed', event.data.failedAt),
          available: state.available + amount,
          inFlight: state.inFlight - amount,
        };
      case 'MoneyOutDeclined':
        return closed(state, event.data.movementId, 'declined', event.data.declinedAt);
      default:
        return assertNever(event, 'balance event');
    }
  },
};

function reserve(command: Extract<BalanceCommand, { type: 'ReserveMoneyOut' }>, state: BalanceState): BalanceEvent[] {
  const ids = new Set(command.items.map((item) => item.movementId));
  if (command.items.length === 0 || ids.size !== command.items.length) throw BalanceErrors.invalidItems();
  if (command.items.some((item) => !Number.isSafeInteger(item.amount) || item.amount <= 0))
    throw BalanceErrors.invalidAmount();
  // Known ids were decided before (a re-execution): they append nothing, whatever their outcome.
  const fresh = command.items.filter((item) => reservationStatus(state, item.movementId) === 'unknown');
  if (fresh.length === 0) return [];
  const requested = fresh.reduce((total, item) => total + BigInt(item.amount), 0n);
  const at = command.now.toISOString();
  if (requested > state.available) {
    // A refund's refusal is a fact its processors must agree on; a disbursement's is only an answer.
    if (fresh.every((item) => item.kind === 'refund')) {
      return fresh.map((item): MoneyOutDeclined => ({
        type: 'MoneyOutDeclined',
        data: {
          movementId: item.movementId,
          currency: command.currency,
          amount: item.amount,
          kind: item.kind,
          declinedAt: at,
        },
      }));
    }
    throw BalanceErrors.insufficientBalance(state.available, requested);
  }
  return fresh.map((item): MoneyOutReserved => ({
    type: 'MoneyOutReserved',
    data: {
      movementId: item.movementId,
      currency: command.currency,
      amount: item.amount,
      reservedAt: at,
      kind: item.kind,
      ...(item.details && { [item.kind]: item.details }),
    },
  }));
}

function closed(
  state: BalanceState,
  movementId: string,
  outcome: ClosedReservation['outcome'],
  closedAt: string,
): BalanceState {
  const kept = pruned(state, closedAt);
  return {
    ...kept,
    open: state.open.delete(movementId),
    recentlyClosed: kept.recentlyClosed.set(movementId, { outcome, closedAt }),
    closings: kept.closings.push({ movementId, closedAt }),
  };
}

/**
 * Forgets the records closed more than CLOSED_RESERVATION_MEMORY_MS before `now` (an event's own
 * time). Oldest first, so it stops at the first recent closing; a record out of order (clocks of
 * two writers) is only kept a little longer, never dropped early. A closing superseded by a later
 * one of the same id only leaves the list: the map keeps the later record.
 */
function pruned(state: BalanceState, now: string): BalanceState {
  const cutoff = Date.parse(now) - CLOSED_RESERVATION_MEMORY_MS;
  if (!Number.isFinite(cutoff)) return state;
  let { recentlyClosed, closings } = state;
  for (let oldest = closings.first(); oldest && Date.parse(oldest.closedAt) < cutoff; oldest = closings.first()) {
    if (recentlyClosed.get(oldest.movementId)?.closedAt === oldest.closedAt) {
      recentlyClosed = recentlyClosed.delete(oldest.movementId);
    }
    closings = closings.shift();
  }
  return closings === state.closings ? state : { ...state, recentlyClosed, closings };
}
