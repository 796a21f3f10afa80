import { deciderSpec } from '@gateway/testing';
import { type RecurringCommand, recurringDecider } from './recurring.decider';
import type { RecurringEvent, RecurringSnapshot } from './recurring.events';
import { addIntervals, cycleDueAt } from './recurring-schedule';

const now = new Date('2026-01-31T00:00:00.000Z');
const spec = deciderSpec(recurringDecider);
const input = {
  recurringPaymentId: 'r'.repeat(24),
  businessId: 'biz_1',
  mode: 'test' as const,
  externalId: 'ext',
  payerEmail: 'p@example.com',
  description: 'Plan',
  amount: 50_000,
  interval: 'MONTH' as const,
  intervalCount: 1,
  totalRecurrence: 2,
  shouldSendEmail: false,
  missedPaymentAction: 'STOP' as const,
  startDate: now.toISOString(),
  chargeImmediately: false,
};
const at = now.toISOString();
const active: RecurringSnapshot = { ...input, status: 'ACTIVE', recurrenceProgress: 0, nextCycle: 1, createdAt: at, updatedAt: at };
const created: RecurringEvent = { type: 'RecurringPaymentCreated', data: { recurring: active } };
const paused: RecurringEvent = { type: 'RecurringPaymentPaused', data: { recurring: { ...active, status: 'PAUSED' } } };
const stopped: RecurringEvent = { type: 'RecurringPaymentStopped', data: { recurring: { ...active, status: 'STOPPED' }, reason: 'REQUESTED' } };
const id = active.recurringPaymentId;
const cmd = (type: 'StopRecurringPayment' | 'PauseRecurringPayment' | 'ResumeRecurringPayment'): RecurringCommand => ({ type, id, now });
const run = (cycle: number): RecurringCommand => ({ type: 'RunCycle', id, cycle, invoiceId: `inv${cycle}`, invoiceUrl: `u${cycle}`, now });

describe('recurring decider', () => {
  it('(new) → ACTIVE', () => spec.given([]).when({ type: 'CreateRecurringPayment', recurring: input, now }).then([created]));
  it('ACTIVE → STOPPED by stop', () => spec.given([created]).when(cmd('StopRecurringPayment')).then([stopped]));
  it('ACTIVE → PAUSED by pause', () => spec.given([created]).when(cmd('PauseRecurringPayment')).then([paused]));
  it('PAUSED → ACTIVE by resume', () => spec.given([created, paused]).when(cmd('ResumeRecurringPayment')).then([{ type: 'RecurringPaymentResumed', data: { recurring: active } }]));
  it('ACTIVE → STOPPED automatically on an unpaid cycle with missed_payment_action STOP', () =>
    spec.given([created]).when({ type: 'RecordMissedPayment', id, invoiceId: 'inv1', now }).then([{ type: 'RecurringPaymentStopped', data: { recurring: { ...active, status: 'STOPPED' }, reason: 'MISSED_PAYMENT' } }]));
  it('IGNORE keeps billing after an unpaid cycle', () =>
    spec.given([{ type: 'RecurringPaymentCreated', data: { recurring: { ...active, missedPaymentAction: 'IGNORE' } } }]).when({ type: 'RecordMissedPayment', id, invoiceId: 'inv1', now }).then([]));
  it('an ACTIVE cycle issues an invoice and counts progress; a PAUSED one is skipped', () => {
    spec.given([created]).when(run(1)).thenState({ status: 'exists', recurring: { ...active, recurrenceProgress: 1, nextCycle: 2, lastCreatedInvoiceId: 'inv1', lastCreatedInvoiceUrl: 'u1' } });
    spec.given([created, paused]).when(run(1)).thenState({ status: 'exists', recurring: { ...active, status: 'PAUSED', nextCycle: 2 } });
  });
  it('stops after total_recurrence invoices, and a cycle runs once', () => {
    const afterOne = recurringDecider.decide(run(1), { status: 'exists', recurring: active });
    const state1 = afterOne.reduce(recurringDecider.evolve, { status: 'exists', recurring: active } as const);
    expect(recurringDecider.decide(run(1), state1)).toEqual([]);
    const events = recurringDecider.decide(run(2), state1);
    expect(events.map((e) => e.type)).toEqual(['RecurringCycleIssued', 'RecurringPaymentStopped']);
  });
  it.each([
    ['stop a STOPPED payment', [created, stopped], cmd('StopRecurringPayment')],
    ['pause a PAUSED payment', [created, paused], cmd('PauseRecurringPayment')],
    ['pause a STOPPED payment', [created, stopped], cmd('PauseRecurringPayment')],
    ['resume an ACTIVE payment', [created], cmd('ResumeRecurringPayment')],
    ['resume a STOPPED payment', [created, stopped], cmd('ResumeRecurringPayment')],
    ['update a STOPPED payment', [created, stopped], { type: 'UpdateRecurringPayment', id, changes: { amount: 1 }, now }],
  ] as [string, RecurringEvent[], RecurringCommand][])('illegal: %s', (_, history, command) => spec.given(history).when(command).thenThrows('INVALID_RECURRING_PAYMENT_STATUS_ERROR'));
  it('NOT_FOUND_ERROR for an unknown payment', () => spec.given([]).when(cmd('StopRecurringPayment')).thenThrows('NOT_FOUND_ERROR'));
  it('schedules months in UTC, clamping to the month end', () => {
    expect(addIntervals(now, 'MONTH', 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(cycleDueAt(active, 3).toISOString()).toBe('2026-03-31T00:00:00.000Z');
    expect(cycleDueAt({ ...active, chargeImmediately: true }, 1).toISOString()).toBe(at);
    expect(cycleDueAt({ ...active, chargeImmediately: true }, 2).toISOString()).toBe(at);
  });
});
