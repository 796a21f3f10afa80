import { assertNever, type Decider } from '@gateway/domain';
import { RecurringErrors } from './recurring.errors';
import type { MissedPaymentAction, RecurringEvent, RecurringInterval, RecurringSnapshot } from './recurring.events';
import { hasMoreCycles } from './recurring-schedule';

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
  | { type: 'CreateRecurringPayment'; recurring: Omit<RecurringSnapshot, 'status' | 'recurrenceProgress' | 'nextCycle' | 'createdAt' | 'updatedAt'>; now: Date }
  | { type: 'UpdateRecurringPayment'; id: string; changes: RecurringChanges; now: Date }
  | { type: 'StopRecurringPayment'; id: string; now: Date }
  | { type: 'PauseRecurringPayment'; id: string; now: Date }
  | { type: 'ResumeRecurringPayment'; id: string; now: Date }
  /** The schedule reached cycle `cycle`; `invoiceId`/`invoiceUrl` are the invoice it would issue. */
  | { type: 'RunCycle'; id: string; cycle: number; invoiceId: string; invoiceUrl: string; now: Date }
  /** An invoice of this recurring payment expired unpaid. */
  | { type: 'RecordMissedPayment'; id: string; invoiceId: string; now: Date };

export type RecurringState = { status: 'none' } | { status: 'exists'; recurring: RecurringSnapshot };

export const recurringDecider: Decider<RecurringCommand, RecurringState, RecurringEvent> = {
  initialState: { status: 'none' },

  decide(command, state) {
    if (command.type === 'CreateRecurringPayment') {
      if (state.status !== 'none') throw RecurringErrors.alreadyExists(command.recurring.recurringPaymentId);
      const at = command.now.toISOString();
      return [{ type: 'RecurringPaymentCreated', data: { recurring: { ...command.recurring, status: 'ACTIVE', recurrenceProgress: 0, nextCycle: 1, createdAt: at, updatedAt: at } } }];
    }
    if (state.status === 'none') throw RecurringErrors.notFound(command.id);
    const current = state.recurring;
    const at = command.now.toISOString();
    const next = (changes: Partial<RecurringSnapshot>): RecurringSnapshot => ({ ...current, ...changes, updatedAt: at });
    switch (command.type) {
      case 'UpdateRecurringPayment': {
        if (current.status === 'STOPPED') throw RecurringErrors.invalidStatus(current.recurringPaymentId, current.status, 'updated');
        const changes = Object.fromEntries(Object.entries(command.changes).filter(([, value]) => value !== undefined));
        return [{ type: 'RecurringPaymentUpdated', data: { recurring: next(changes) } }];
      }
      case 'StopRecurringPayment':
        if (current.status === 'STOPPED') throw RecurringErrors.invalidStatus(current.recurringPaymentId, current.status, 'stopped');
        return [{ type: 'RecurringPaymentStopped', data: { recurring: next({ status: 'STOPPED' }), reason: 'REQUESTED' } }];
      case 'PauseRecurringPayment':
        if (current.status !== 'ACTIVE') throw RecurringErrors.invalidStatus(current.recurringPaymentId, current.status, 'paused');
        return [{ type: 'RecurringPaymentPaused', data: { recurring: next({ status: 'PAUSED' }) } }];
      case 'ResumeRecurringPayment':
        if (current.status !== 'PAUSED') throw RecurringErrors.invalidStatus(current.recurringPaymentId, current.status, 'resumed');
        return [{ type: 'RecurringPaymentResumed', data: { recurring: next({ status: 'ACTIVE' }) } }];
      case 'RunCycle': {
        // A cycle runs once (a retried job finds it done), and never after the end.
        if (command.cycle !== current.nextCycle || !hasMoreCycles(current)) return [];
        if (current.status === 'PAUSED') return [{ type: 'RecurringCycleSkipped', data: { recurring: next({ nextCycle: command.cycle + 1 }), cycle: command.cycle } }];
        const issued = next({
          nextCycle: command.cycle + 1,
          recurrenceProgress: current.recurrenceProgress + 1,
          lastCreatedInvoiceId: command.invoiceId,
          lastCreatedInvoiceUrl: command.invoiceUrl,
        });
        const events: RecurringEvent[] = [{ type: 'RecurringCycleIssued', data: { recurring: issued, cycle: command.cycle, invoiceId: command.invoiceId } }];
        if (!hasMoreCycles(issued)) events.push({ type: 'RecurringPaymentStopped', data: { recurring: { ...issued, status: 'STOPPED' }, reason: 'COMPLETED' } });
        return events;
      }
      case 'RecordMissedPayment':
        if (current.status !== 'ACTIVE' || current.missedPaymentAction !== 'STOP') return [];
        return [{ type: 'RecurringPaymentStopped', data: { recurring: next({ status: 'STOPPED' }), reason: 'MISSED_PAYMENT' } }];
      default:
        return assertNever(command, 'recurring command');
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'RecurringPaymentCreated':
      case 'RecurringPaymentUpdated':
      case 'RecurringPaymentStopped':
      case 'RecurringPaymentPaused':
      case 'RecurringPaymentResumed':
      case 'RecurringCycleIssued':
      case 'RecurringCycleSkipped':
        return { status: 'exists', recurring: event.data.recurring };
      default:
        return assertNever(event, 'recurring event');
    }
  },
};
