import { assertNever, type Decider } from '@gateway/domain';
import { RecurringErrors } from './recurring.errors';
import type { MissedPaymentAction, RecurringEvent, RecurringInterval, RecurringSnapshot } from './recurring.events';
import {
  anchorAfterIntervalChange,
  hasMoreCycles,
  initialAnchor,
  latestDueCycle,
  notDueYet,
  startsInThePast,
} from './recurring-schedule';

export interface RecurringChanges {
  amount?: number;
  creditCardToken?: string;
  interval?: RecurringInterval;
  intervalCount?: number;
  shouldSendEmail?: boolean;
  invoiceDuration?: number;
  missedPaymentAction?: MissedPaymentAction;
}

export type RecurringCommand =
  | {
      type: 'CreateRecurringPayment';
      recurring: Omit<
        RecurringSnapshot,
        | 'status'
        | 'recurrenceProgress'
        | 'nextCycle'
        | 'scheduleAnchor'
        | 'lastRechargedCycle'
        | 'createdAt'
        | 'updatedAt'
      >;
      now: Date;
    }
  | { type: 'UpdateRecurringPayment'; id: string; changes: RecurringChanges; now: Date }
  | { type: 'StopRecurringPayment'; id: string; now: Date }
  | { type: 'PauseRecurringPayment'; id: string; now: Date }
  | { type: 'ResumeRecurringPayment'; id: string; now: Date }
  /** The schedule reached cycle `cycle`; `invoiceId`/`invoiceUrl` are the invoice it would issue. */
  | { type: 'RunCycle'; id: string; cycle: number; invoiceId: string; invoiceUrl: string; now: Date }
  /** An invoice of this recurring payment expired unpaid. */
  | { type: 'RecordMissedPayment'; id: string; invoiceId: string; now: Date }
  /** The invoice of issued cycle `cycle` was refused by the invoices context: the cycle cannot be billed. */
  | {
      type: 'RecordCycleFailed';
      id: string;
      cycle: number;
      invoiceId: string;
      errorCode: string;
      message: string;
      now: Date;
    }
  /** The cycle job is about to charge cycle `cycle`'s invoice to the saved card. */
  | { type: 'StartCycleRecharge'; id: string; cycle: number; invoiceId: string; now: Date };

interface InvoiceRef {
  id?: string;
  url?: string;
}

/**
 * The invoice of the last issued cycle, while it may still be refused, and the one before it:
 * where `last_created_invoice_*` go back to if it is. Derived from the events (not stored).
 */
interface LastIssued {
  invoiceId: string;
  previous: InvoiceRef;
}

export type RecurringState =
  { status: 'none' } | { status: 'exists'; recurring: RecurringSnapshot; lastIssued?: LastIssued };

/** The snapshot with `last_created_invoice_*` set to `invoice` (removed where it has none). */
function withLastInvoice(recurring: RecurringSnapshot, invoice: InvoiceRef): RecurringSnapshot {
  const { lastCreatedInvoiceId: _id, lastCreatedInvoiceUrl: _url, ...rest } = recurring;
  return {
    ...rest,
    ...(invoice.id !== undefined && { lastCreatedInvoiceId: invoice.id }),
    ...(invoice.url !== undefined && { lastCreatedInvoiceUrl: invoice.url }),
  };
}

export const recurringDecider: Decider<RecurringCommand, RecurringState, RecurringEvent> = {
  initialState: { status: 'none' },

  decide(command, state) {
    if (command.type === 'CreateRecurringPayment') {
      if (state.status !== 'none') throw RecurringErrors.alreadyExists(command.recurring.recurringPaymentId);
      const at = command.now.toISOString();
      const startDate = new Date(command.recurring.startDate);
      // Never bill cycles before the creation: a start in the past (beyond the tolerance) is refused.
      if (startsInThePast(startDate, command.now))
        throw RecurringErrors.startDateInPast(command.recurring.startDate, at);
      const scheduleAnchor = initialAnchor(startDate, command.now, command.recurring.chargeImmediately);
      return [
        {
          type: 'RecurringPaymentCreated',
          data: {
            recurring: {
              ...command.recurring,
              status: 'ACTIVE',
              recurrenceProgress: 0,
              nextCycle: 1,
              scheduleAnchor,
              createdAt: at,
              updatedAt: at,
            },
          },
        },
      ];
    }
    if (state.status === 'none') throw RecurringErrors.notFound(command.id);
    const current = state.recurring;
    const at = command.now.toISOString();
    const next = (changes: Partial<RecurringSnapshot>): RecurringSnapshot => ({
      ...current,
      ...changes,
      updatedAt: at,
    });
    switch (command.type) {
      case 'UpdateRecurringPayment': {
        if (current.status === 'STOPPED')
          throw RecurringErrors.invalidStatus(current.recurringPaymentId, current.status, 'updated');
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(([, value]) => value !== undefined),
        ) as Partial<RecurringSnapshot>;
        // A new cadence moves the next pending cycle too, counted from the last cycle, never into the past.
        const retimed =
          (changes.interval !== undefined && changes.interval !== current.interval) ||
          (changes.intervalCount !== undefined && changes.intervalCount !== current.intervalCount);
        if (!retimed) return [{ type: 'RecurringPaymentUpdated', data: { recurring: next(changes) } }];
        const changed = next(changes);
        return [
          {
            type: 'RecurringPaymentUpdated',
            data: {
              recurring: { ...changed, scheduleAnchor: anchorAfterIntervalChange(current, changed, command.now) },
            },
          },
        ];
      }
      case 'StopRecurringPayment':
        if (current.status === 'STOPPED')
          throw RecurringErrors.invalidStatus(current.recurringPaymentId, current.status, 'stopped');
        return [
          { type: 'RecurringPaymentStopped', data: { recurring: next({ status: 'STOPPED' }), reason: 'REQUESTED' } },
        ];
      case 'PauseRecurringPayment':
        if (current.status !== 'ACTIVE')
          throw RecurringErrors.invalidStatus(current.recurringPaymentId, current.status, 'paused');
        return [{ type: 'RecurringPaymentPaused', data: { recurring: next({ status: 'PAUSED' }) } }];
      case 'ResumeRecurringPayment':
        if (current.status !== 'PAUSED')
          throw RecurringErrors.invalidStatus(current.recurringPaymentId, current.status, 'resumed');
        return [{ type: 'RecurringPaymentResumed', data: { recurring: next({ status: 'ACTIVE' }) } }];
      case 'RunCycle': {
        // A cycle runs once (a retried job finds it done), and never after the end.
        if (command.cycle !== current.nextCycle || !hasMoreCycles(current)) return [];
        // A PATCH moved this cycle later than the job that runs it: its own date will run it.
        if (notDueYet(current, command.cycle, command.now)) return [];
        // The next cycle is due too: this cycle's period is over. Never bill the past in bulk: the
        // schedule moves to the latest due cycle, whose own run bills it (once).
        const latest = latestDueCycle(current, command.cycle, command.now);
        if (latest > command.cycle)
          return [
            {
              type: 'RecurringCyclesLapsed',
              data: { recurring: next({ nextCycle: latest }), fromCycle: command.cycle, toCycle: latest - 1 },
            },
          ];
        if (current.status === 'PAUSED')
          return [
            {
              type: 'RecurringCycleSkipped',
              data: { recurring: next({ nextCycle: command.cycle + 1 }), cycle: command.cycle },
            },
          ];
        const issued = next({
          nextCycle: command.cycle + 1,
          recurrenceProgress: current.recurrenceProgress + 1,
          lastCreatedInvoiceId: command.invoiceId,
          lastCreatedInvoiceUrl: command.invoiceUrl,
        });
        const events: RecurringEvent[] = [
          {
            type: 'RecurringCycleIssued',
            data: { recurring: issued, cycle: command.cycle, invoiceId: command.invoiceId },
          },
        ];
        if (!hasMoreCycles(issued))
          events.push({
            type: 'RecurringPaymentStopped',
            data: { recurring: { ...issued, status: 'STOPPED' }, reason: 'COMPLETED' },
          });
        return events;
      }
      case 'RecordMissedPayment':
        if (current.status !== 'ACTIVE' || current.missedPaymentAction !== 'STOP') return [];
        return [
          {
            type: 'RecurringPaymentStopped',
            data: { recurring: next({ status: 'STOPPED' }), reason: 'MISSED_PAYMENT' },
          },
        ];
      case 'RecordCycleFailed': {
        // Only the last issued cycle's invoice, and only once.
        if (state.lastIssued?.invoiceId !== command.invoiceId) return [];
        const failed = withLastInvoice(next({}), state.lastIssued.previous);
        const { cycle, invoiceId, errorCode, message } = command;
        const events: RecurringEvent[] = [
          { type: 'RecurringCycleFailed', data: { recurring: failed, cycle, invoiceId, errorCode, message } },
        ];
        // An unbillable cycle is an unpaid one (spec: ACTIVE → STOPPED on an unpaid cycle with STOP).
        if (failed.status === 'ACTIVE' && failed.missedPaymentAction === 'STOP') {
          events.push({
            type: 'RecurringPaymentStopped',
            data: { recurring: { ...failed, status: 'STOPPED' }, reason: 'MISSED_PAYMENT' },
          });
        }
        return events;
      }
      case 'StartCycleRecharge':
        // At most one charge per cycle: a retried job (or a second worker) finds it started.
        if (current.lastCreatedInvoiceId !== command.invoiceId || (current.lastRechargedCycle ?? 0) >= command.cycle)
          return [];
        return [
          {
            type: 'RecurringCycleRechargeStarted',
            data: {
              recurring: next({ lastRechargedCycle: command.cycle }),
              cycle: command.cycle,
              invoiceId: command.invoiceId,
            },
          },
        ];
      default:
        return assertNever(command, 'recurring command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'RecurringCycleIssued': {
        const before = state.status === 'exists' ? state.recurring : undefined;
        const previous = { id: before?.lastCreatedInvoiceId, url: before?.lastCreatedInvoiceUrl };
        return {
          status: 'exists',
          recurring: event.data.recurring,
          lastIssued: { invoiceId: event.data.invoiceId, previous },
        };
      }
      case 'RecurringCycleFailed':
        return { status: 'exists', recurring: event.data.recurring };
      case 'RecurringPaymentCreated':
      case 'RecurringPaymentUpdated':
      case 'RecurringPaymentStopped':
      case 'RecurringPaymentPaused':
      case 'RecurringPaymentResumed':
      case 'RecurringCycleSkipped':
      case 'RecurringCyclesLapsed':
      case 'RecurringCycleRechargeStarted':
        return state.status === 'exists' && state.lastIssued
          ? { status: 'exists', recurring: event.data.recurring, lastIssued: state.lastIssued }
          : { status: 'exists', recurring: event.data.recurring };
      default:
        return assertNever(event, 'recurring event');
    }
  },
};
