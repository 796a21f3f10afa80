import { assertNever, type Decider, type MoneyInReceived } from '@gateway/domain';
import { acceptsAmount, type AmountRule } from './amount-rule';
import type {
  CreateInstrument,
  InstrumentCommand,
  InstrumentEventNames,
  InstrumentState,
  InstrumentStreamEvent,
  InstrumentTypes,
  ReceiveInstrumentPayment,
  SnapshotOf,
  UpdateInstrument,
} from './fixed-instrument';
import { expirationOf, isDue, isPayable } from './instrument-lifetime';
import { sameSnapshot } from './same-snapshot';

/** The refusals whose codes and words are the kind's own (its spec's error codes). */
export interface InstrumentRefusals<T extends InstrumentTypes> {
  notFound(instrumentId: string): Error;
  inactive(instrumentId: string): Error;
  expirationDateInvalid(): Error;
  /** A creation on a stream that exists: the number or code is taken. */
  taken(command: CreateInstrument<T>): Error;
  amountMismatch(rule: AmountRule, paid: number): Error;
}

/** The fields of a payment record every kind stores (the kind names the instrument's id field). */
export interface PaymentFields {
  id: string;
  paymentId: string;
  amount: number;
  currency: 'IDR';
  transactionTimestamp: string;
}

/**
 * What differs between fixed virtual accounts and fixed payment codes: the rules of their spec
 * tables, their snapshot's own fields, their event names and error codes. The lifecycle (create,
 * update, expire, pay, single use) is the kernel's.
 */
export interface InstrumentDefinition<T extends InstrumentTypes, N extends InstrumentEventNames> {
  eventNames: N;
  refusals: InstrumentRefusals<T>;
  /** Creation rules checked before the expiration date (bank or outlet, amounts). */
  checkCreate(command: CreateInstrument<T>): void;
  /** Creation rules checked after it and before "taken" (a requested code's range). */
  checkPlacement?(command: CreateInstrument<T>): void;
  /** The snapshot's own fields, in their stored order; the kernel appends the lifecycle. */
  termsOf(command: CreateInstrument<T>): T['terms'];
  /** PENDING until a bank confirms, or ACTIVE at once. */
  openingStatus(command: CreateInstrument<T>): T['status'];
  /** An update's rules; the changes as stored and the snapshot after them (the kernel sets `updatedAt`). */
  change(current: SnapshotOf<T>, changes: T['changes']): { stored: T['storedChanges']; snapshot: SnapshotOf<T> };
  amountRule(current: SnapshotOf<T>): AmountRule;
  paymentRecord(fields: PaymentFields, current: SnapshotOf<T>): T['payment'];
  /** The ledger's source context and channel for a payment's MoneyInReceived. */
  moneyIn: { context: string; channelOf(current: SnapshotOf<T>): string };
}

export type FixedInstrumentDecider<T extends InstrumentTypes, N extends InstrumentEventNames> = Decider<
  InstrumentCommand<T>,
  InstrumentState<SnapshotOf<T>>,
  InstrumentStreamEvent<T, N>
>;

/**
 * One fixed instrument (a VA or a retail payment code). (new) → ACTIVE (or PENDING until a bank
 * confirms); ACTIVE/PENDING → INACTIVE when its expiration date passes or is set to the past, or
 * after a payment when single use. INACTIVE refuses updates and payments. A creation on an
 * existing stream is "taken": streams are named after the number, so uniqueness holds under
 * concurrent requests (design §4).
 */
export function fixedInstrumentDecider<T extends InstrumentTypes, N extends InstrumentEventNames>(
  definition: InstrumentDefinition<T, N>,
): FixedInstrumentDecider<T, N> {
  type Snapshot = SnapshotOf<T>;
  type Event = InstrumentStreamEvent<T, N>;
  const names = definition.eventNames;
  const { refusals } = definition;

  function decideCreate(command: CreateInstrument<T>, state: InstrumentState<Snapshot>): Event[] {
    definition.checkCreate(command);
    const past = command.expirationDate && command.expirationDate.getTime() < command.now.getTime();
    if (past) throw refusals.expirationDateInvalid();
    definition.checkPlacement?.(command);
    if (state.exists) throw refusals.taken(command);
    const at = command.now.toISOString();
    const snapshot = {
      ...definition.termsOf(command),
      status: definition.openingStatus(command),
      expirationDate: expirationOf(command.expirationDate, command.now),
      origin: command.origin,
      createdAt: at,
      updatedAt: at,
    };
    return [{ type: names.created, data: { snapshot } }];
  }

  function decideUpdate(command: UpdateInstrument<T>, current: Snapshot): Event[] {
    if (current.status === 'INACTIVE') throw refusals.inactive(command.instrumentId);
    const { changes, now } = command;
    const changed = definition.change(current, changes);
    // Spec: a callback when an account "is created or changed"; an update that changes nothing is no change.
    if (sameSnapshot(current, changed.snapshot)) return [];
    const at = now.toISOString();
    const updated = { ...changed.snapshot, updatedAt: at };
    const events: Event[] = [{ type: names.updated, data: { changes: changed.stored, snapshot: updated } }];
    // Spec: "a past date makes it expire immediately".
    if (changes.expirationDate && changes.expirationDate.getTime() <= now.getTime()) {
      events.push({ type: names.expired, data: { snapshot: { ...updated, status: 'INACTIVE' }, expiredAt: at } });
    }
    return events;
  }

  function decideExpire(now: Date, current: Snapshot): Event[] {
    if (!isDue(current, now)) return [];
    const at = now.toISOString();
    const snapshot = { ...current, status: 'INACTIVE' as const, updatedAt: at };
    return [{ type: names.expired, data: { snapshot, expiredAt: at } }];
  }

  function decidePayment(command: ReceiveInstrumentPayment, current: Snapshot): Event[] {
    if (!isPayable(current, command.now)) throw refusals.inactive(command.instrumentId);
    const rule = definition.amountRule(current);
    if (!acceptsAmount(rule, command.amount)) throw refusals.amountMismatch(rule, command.amount);
    const at = command.now.toISOString();
    const { id, paymentId, amount } = command;
    const fields: PaymentFields = { id, paymentId, amount, currency: 'IDR', transactionTimestamp: at };
    const payment = definition.paymentRecord(fields, current);
    const claim = command.claimedBy && { claimedBy: command.claimedBy };
    const events: Event[] = [{ type: names.paid, data: { payment, snapshot: current, ...claim } }];
    // Money counted once: a claimed payment's MoneyInReceived is the invoice's.
    if (!command.claimedBy) events.push(moneyIn(command, current, at));
    if (current.isSingleUse) {
      const snapshot = { ...current, status: 'INACTIVE' as const, updatedAt: at };
      events.push({ type: names.deactivated, data: { reason: 'SINGLE_USE_PAID', snapshot } });
    }
    return events;
  }

  function moneyIn(command: ReceiveInstrumentPayment, current: Snapshot, at: string): MoneyInReceived {
    return {
      type: 'MoneyInReceived',
      data: {
        movementId: command.paymentId,
        source: { context: definition.moneyIn.context, resourceId: command.instrumentId },
        channel: definition.moneyIn.channelOf(current),
        currency: 'IDR',
        grossAmount: command.amount,
        fee: command.fee,
        feeTax: command.feeTax,
        settledBySource: false,
        receivedAt: at,
      },
    };
  }

  return {
    initialState: { exists: false },

    decide(command, state) {
      if (command.type === 'CreateInstrument') return decideCreate(command, state);
      if (!state.exists) throw refusals.notFound(command.instrumentId);
      switch (command.type) {
        case 'UpdateInstrument':
          return decideUpdate(command, state.snapshot);
        case 'ExpireInstrument':
          return decideExpire(command.now, state.snapshot);
        case 'ReceiveInstrumentPayment':
          return decidePayment(command, state.snapshot);
        default:
          return assertNever(command, 'fixed instrument command');
      }
    },

    // Every event of the kind carries the whole snapshot (its stored shape); money-in changes nothing.
    evolve(state, event) {
      return 'snapshot' in event.data ? { exists: true, snapshot: event.data.snapshot } : state;
    },
  };
}
