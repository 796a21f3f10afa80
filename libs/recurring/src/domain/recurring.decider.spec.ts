import { deciderSpec } from '@gateway/testing';
import { type RecurringCommand, recurringDecider } from './recurring.decider';
import type { RecurringEvent, RecurringSnapshot } from './recurring.events';
import { addIntervals, cycleDueAt, latestDueCycle, START_DATE_TOLERANCE_MS } from './recurring-schedule';

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
const active: RecurringSnapshot = {
  ...input,
  status: 'ACTIVE',
  recurrenceProgress: 0,
  nextCycle: 1,
  scheduleAnchor: { cycle: 1, dueAt: at },
  createdAt: at,
  updatedAt: at,
};
const created: RecurringEvent = { type: 'RecurringPaymentCreated', data: { recurring: active } };
const paused: RecurringEvent = { type: 'RecurringPaymentPaused', data: { recurring: { ...active, status: 'PAUSED' } } };
const stopped: RecurringEvent = {
  type: 'RecurringPaymentStopped',
  data: { recurring: { ...active, status: 'STOPPED' }, reason: 'REQUESTED' },
};
const id = active.recurringPaymentId;
const cmd = (type: 'StopRecurringPayment' | 'PauseRecurringPayment' | 'ResumeRecurringPayment'): RecurringCommand => ({
  type,
  id,
  now,
});
/** What every command about one cycle names: the recurring payment, the cycle and its invoice (`inv<cycle>`). */
const cycleOf = (cycle: number) => ({ id, cycle, invoiceId: `inv${cycle}` });
const run = (cycle: number): RecurringCommand => ({
  type: 'RunCycle',
  ...cycleOf(cycle),
  invoiceUrl: `u${cycle}`,
  now,
});

describe('recurring decider', () => {
  it('(new) → ACTIVE', () =>
    spec.given([]).when({ type: 'CreateRecurringPayment', recurring: input, now }).then([created]));
  it('ACTIVE → STOPPED by stop', () => spec.given([created]).when(cmd('StopRecurringPayment')).then([stopped]));
  it('ACTIVE → PAUSED by pause', () => spec.given([created]).when(cmd('PauseRecurringPayment')).then([paused]));
  it('PAUSED → ACTIVE by resume', () =>
    spec
      .given([created, paused])
      .when(cmd('ResumeRecurringPayment'))
      .then([{ type: 'RecurringPaymentResumed', data: { recurring: active } }]));
  it('ACTIVE → STOPPED automatically on an unpaid cycle with missed_payment_action STOP', () =>
    spec
      .given([created])
      .when({ type: 'RecordMissedPayment', id, invoiceId: 'inv1', now })
      .then([
        {
          type: 'RecurringPaymentStopped',
          data: { recurring: { ...active, status: 'STOPPED' }, reason: 'MISSED_PAYMENT' },
        },
      ]));
  it('IGNORE keeps billing after an unpaid cycle', () =>
    spec
      .given([{ type: 'RecurringPaymentCreated', data: { recurring: { ...active, missedPaymentAction: 'IGNORE' } } }])
      .when({ type: 'RecordMissedPayment', id, invoiceId: 'inv1', now })
      .then([]));
  it('an ACTIVE cycle issues an invoice and counts progress; a PAUSED one is skipped', () => {
    spec
      .given([created])
      .when(run(1))
      .thenState({
        status: 'exists',
        recurring: {
          ...active,
          recurrenceProgress: 1,
          nextCycle: 2,
          lastCreatedInvoiceId: 'inv1',
          lastCreatedInvoiceUrl: 'u1',
        },
        lastIssued: { invoiceId: 'inv1', previous: {} },
      });
    spec
      .given([created, paused])
      .when(run(1))
      .thenState({ status: 'exists', recurring: { ...active, status: 'PAUSED', nextCycle: 2 } });
  });
  it('stops after total_recurrence invoices, and a cycle runs once', () => {
    const afterOne = recurringDecider.decide(run(1), { status: 'exists', recurring: active });
    const state1 = afterOne.reduce(recurringDecider.evolve, { status: 'exists', recurring: active } as const);
    expect(recurringDecider.decide(run(1), state1)).toEqual([]);
    const events = recurringDecider.decide({ ...run(2), now: cycleDueAt(active, 2) }, state1);
    expect(events.map((e) => e.type)).toEqual(['RecurringCycleIssued', 'RecurringPaymentStopped']);
  });
  it.each([
    ['stop a STOPPED payment', [created, stopped], cmd('StopRecurringPayment')],
    ['pause a PAUSED payment', [created, paused], cmd('PauseRecurringPayment')],
    ['pause a STOPPED payment', [created, stopped], cmd('PauseRecurringPayment')],
    ['resume an ACTIVE payment', [created], cmd('ResumeRecurringPayment')],
    ['resume a STOPPED payment', [created, stopped], cmd('ResumeRecurringPayment')],
    [
      'update a STOPPED payment',
      [created, stopped],
      { type: 'UpdateRecurringPayment', id, changes: { amount: 1 }, now },
    ],
  ] as [string, RecurringEvent[], RecurringCommand][])('illegal: %s', (_, history, command) =>
    spec.given(history).when(command).thenThrows('INVALID_RECURRING_PAYMENT_STATUS_ERROR'),
  );
  it('NOT_FOUND_ERROR for an unknown payment', () =>
    spec.given([]).when(cmd('StopRecurringPayment')).thenThrows('NOT_FOUND_ERROR'));
  it('schedules months in UTC, clamping to the month end', () => {
    expect(addIntervals(now, 'MONTH', 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(cycleDueAt(active, 3).toISOString()).toBe('2026-03-31T00:00:00.000Z');
    // Payments created before the anchor existed keep the original rule.
    const { scheduleAnchor: _anchor, ...legacy } = active;
    expect(cycleDueAt({ ...legacy, chargeImmediately: true }, 1).toISOString()).toBe(at);
    expect(cycleDueAt({ ...legacy, chargeImmediately: true }, 2).toISOString()).toBe(at);
    expect(cycleDueAt({ ...legacy, chargeImmediately: true }, 3).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });
});

describe('recurring decider: the past is never billed in bulk (issue 18)', () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  const daily: RecurringSnapshot = {
    ...active,
    interval: 'DAY',
    totalRecurrence: undefined,
    missedPaymentAction: 'IGNORE',
  };
  const dailyCreated: RecurringEvent = { type: 'RecurringPaymentCreated', data: { recurring: daily } };
  const { totalRecurrence: _total, ...dailyInput } = {
    ...input,
    interval: 'DAY' as const,
    missedPaymentAction: 'IGNORE' as const,
  };
  const later = (ms: number) => new Date(now.getTime() + ms);
  const create = (startDate: Date, chargeImmediately = false): RecurringCommand => ({
    type: 'CreateRecurringPayment',
    recurring: { ...dailyInput, startDate: startDate.toISOString(), chargeImmediately },
    now,
  });
  const runAt = (cycle: number, when: Date): RecurringCommand => ({ ...run(cycle), now: when });
  const issuedEvent = (cycle: number, before: RecurringSnapshot): RecurringEvent => ({
    type: 'RecurringCycleIssued',
    data: {
      recurring: {
        ...before,
        nextCycle: cycle + 1,
        recurrenceProgress: before.recurrenceProgress + 1,
        lastCreatedInvoiceId: `inv${cycle}`,
        lastCreatedInvoiceUrl: `u${cycle}`,
      },
      cycle,
      invoiceId: `inv${cycle}`,
    },
  });
  const afterCycle1 = issuedEvent(1, daily);
  const afterCycle2 = issuedEvent(2, afterCycle1.data.recurring);

  describe('start_date', () => {
    it('in the past beyond the tolerance is refused with API_VALIDATION_ERROR naming start_date', () => {
      spec
        .given([])
        .when(create(new Date('2020-01-01T00:00:00.000Z')))
        .thenThrows('API_VALIDATION_ERROR');
      spec
        .given([])
        .when(create(later(-4 * DAY)))
        .thenThrows('API_VALIDATION_ERROR');
      spec
        .given([])
        .when(create(later(-START_DATE_TOLERANCE_MS - 1)))
        .thenThrows('API_VALIDATION_ERROR');
      let thrown: unknown;
      try {
        recurringDecider.decide(create(later(-4 * DAY)), recurringDecider.initialState);
      } catch (error) {
        thrown = error;
      }
      expect((thrown as { details: unknown }).details).toEqual({
        errors: [expect.objectContaining({ field: ['start_date'], location: 'body' })],
      });
    });

    it('a moment before now (within the tolerance) is "now": cycle 1 falls on it, cycle 2 one interval later', () => {
      for (const back of [200, START_DATE_TOLERANCE_MS]) {
        const [event] = recurringDecider.decide(create(later(-back)), recurringDecider.initialState);
        const recurring = (event as { data: { recurring: RecurringSnapshot } }).data.recurring;
        expect(recurring.scheduleAnchor).toEqual({ cycle: 1, dueAt: later(-back).toISOString() });
        expect(cycleDueAt(recurring, 1)).toEqual(later(-back));
        expect(cycleDueAt(recurring, 2)).toEqual(later(DAY - back));
        // Its first run, at once, bills cycle 1 only: cycle 2 is not due.
        expect(recurringDecider.decide(runAt(1, now), { status: 'exists', recurring }).map((e) => e.type)).toEqual([
          'RecurringCycleIssued',
        ]);
      }
    });

    it(
      'charge_immediately adds an invoice at creation only ' + 'before a later start_date, never a second one at once',
      () => {
        const [future] = recurringDecider.decide(create(later(3 * DAY), true), recurringDecider.initialState);
        const withLaterStart = (future as { data: { recurring: RecurringSnapshot } }).data.recurring;
        expect(withLaterStart.scheduleAnchor).toEqual({ cycle: 2, dueAt: later(3 * DAY).toISOString() });
        expect([cycleDueAt(withLaterStart, 1), cycleDueAt(withLaterStart, 2), cycleDueAt(withLaterStart, 3)]).toEqual([
          now,
          later(3 * DAY),
          later(4 * DAY),
        ]);
        const [startingNow] = recurringDecider.decide(create(now, true), recurringDecider.initialState);
        const immediate = (startingNow as { data: { recurring: RecurringSnapshot } }).data.recurring;
        expect(immediate.scheduleAnchor).toEqual({ cycle: 1, dueAt: at });
        expect([cycleDueAt(immediate, 1), cycleDueAt(immediate, 2)]).toEqual([now, later(DAY)]);
      },
    );
  });

  describe('a cycle that runs after the next one is due (test-clock jump, worker down)', () => {
    it('lapses with every cycle whose period passed, in one event: the schedule moves to the cycle due now', () => {
      spec
        .given([dailyCreated, afterCycle1])
        .when(runAt(2, later(5 * DAY + HOUR)))
        .then([
          {
            type: 'RecurringCyclesLapsed',
            data: {
              recurring: {
                ...afterCycle1.data.recurring,
                nextCycle: 6,
                updatedAt: later(5 * DAY + HOUR).toISOString(),
              },
              fromCycle: 2,
              toCycle: 5,
            },
          },
        ]);
    });

    it('the cycle due now is then billed once; the lapsed ones never are, and re-runs add nothing', () => {
      const when = later(5 * DAY + HOUR);
      const lapsed = recurringDecider.decide(runAt(2, when), {
        status: 'exists',
        recurring: afterCycle1.data.recurring,
      });
      const history = [dailyCreated, afterCycle1, ...lapsed];
      spec
        .given(history)
        .when(runAt(6, when))
        .thenState({
          status: 'exists',
          recurring: {
            ...afterCycle1.data.recurring,
            nextCycle: 7,
            recurrenceProgress: 2,
            lastCreatedInvoiceId: 'inv6',
            lastCreatedInvoiceUrl: 'u6',
            updatedAt: when.toISOString(),
          },
          lastIssued: { invoiceId: 'inv6', previous: { id: 'inv1', url: 'u1' } },
        });
      for (const cycle of [2, 3, 5]) spec.given(history).when(runAt(cycle, when)).then([]);
      const billed = recurringDecider.decide(
        runAt(6, when),
        history.reduce(recurringDecider.evolve, recurringDecider.initialState),
      );
      spec
        .given([...history, ...billed])
        .when(runAt(6, when))
        .then([]);
    });

    it('a cycle run on time, or late within its own period, is billed', () => {
      spec
        .given([dailyCreated])
        .when(runAt(1, now))
        .thenState({
          status: 'exists',
          recurring: afterCycle1.data.recurring,
          lastIssued: { invoiceId: 'inv1', previous: {} },
        });
      expect(
        recurringDecider
          .decide(runAt(2, later(2 * DAY - 1)), { status: 'exists', recurring: afterCycle1.data.recurring })
          .map((e) => e.type),
      ).toEqual(['RecurringCycleIssued']);
    });

    it('while PAUSED the lapsed cycles are skipped alike, and the cycle due now is skipped (not billed)', () => {
      const pausedDaily: RecurringEvent = {
        type: 'RecurringPaymentPaused',
        data: { recurring: { ...daily, status: 'PAUSED' } },
      };
      const when = later(3 * DAY + HOUR);
      const lapsed = recurringDecider.decide(runAt(1, when), {
        status: 'exists',
        recurring: pausedDaily.data.recurring,
      });
      expect(lapsed.map((e) => e.type)).toEqual(['RecurringCyclesLapsed']);
      spec
        .given([dailyCreated, pausedDaily, ...lapsed])
        .when(runAt(4, when))
        .then([
          {
            type: 'RecurringCycleSkipped',
            data: { recurring: { ...daily, status: 'PAUSED', nextCycle: 5, updatedAt: when.toISOString() }, cycle: 4 },
          },
        ]);
    });

    it('finds the cycle due now in a few steps however far the clock jumped', () => {
      expect(latestDueCycle(daily, 1, later(1000 * 365 * DAY + HOUR))).toBe(365_001);
      expect(latestDueCycle(daily, 1, now)).toBe(1);
      expect(latestDueCycle(active, 1, new Date('2026-05-30T00:00:00.000Z'))).toBe(4); // Jan 31, Feb 28, Mar 31, Apr 30
      expect(latestDueCycle(active, 1, new Date('2026-05-31T00:00:00.000Z'))).toBe(5);
      expect(latestDueCycle(daily, 1, new Date(8.64e15))).toBeGreaterThan(1); // the end of JavaScript dates
    });
  });

  describe('PATCH of interval or interval_count', () => {
    const monthly: RecurringEvent = {
      type: 'RecurringPaymentCreated',
      data: { recurring: { ...active, totalRecurrence: undefined } },
    };
    const monthlyAfter1 = issuedEvent(1, monthly.data.recurring);
    const patchAt = later(10 * DAY);
    const patch = (changes: {
      interval?: 'DAY' | 'WEEK' | 'MONTH';
      intervalCount?: number;
      amount?: number;
    }): RecurringCommand => ({ type: 'UpdateRecurringPayment', id, changes, now: patchAt });

    it(
      'moves the next cycle to the new cadence, ' +
        'counted from the last cycle and never into the past (issue 19, item 3)',
      () => {
        const [updated] = recurringDecider.decide(patch({ interval: 'DAY' }), {
          status: 'exists',
          recurring: monthlyAfter1.data.recurring,
        });
        const recurring = (updated as { data: { recurring: RecurringSnapshot } }).data.recurring;
        // Cycle 1 was Jan 31; daily from there, Feb 10 (the moment of the PATCH) is passed: Feb 11 is next.
        expect(recurring.scheduleAnchor).toEqual({ cycle: 2, dueAt: '2026-02-11T00:00:00.000Z', previousDueAt: at });
        expect([2, 3, 4].map((cycle) => cycleDueAt(recurring, cycle).toISOString())).toEqual([
          '2026-02-11T00:00:00.000Z',
          '2026-02-12T00:00:00.000Z',
          '2026-02-13T00:00:00.000Z',
        ]);
        // Every two months from Jan 31: Mar 31, in the future, keeps its place on the new cadence.
        const [counted] = recurringDecider.decide(patch({ intervalCount: 2 }), {
          status: 'exists',
          recurring: monthlyAfter1.data.recurring,
        });
        expect((counted as { data: { recurring: RecurringSnapshot } }).data.recurring.scheduleAnchor).toEqual({
          cycle: 2,
          dueAt: '2026-03-31T00:00:00.000Z',
          previousDueAt: at,
        });
      },
    );

    it(
      'a WEEK plan patched to DAY right after its first invoice bills a day after it; ' +
        'a second PATCH counts from the same last cycle',
      () => {
        const weekly: RecurringSnapshot = { ...daily, interval: 'WEEK' };
        const afterFirst = issuedEvent(1, weekly).data.recurring;
        const soon = later(HOUR);
        const [toDaily] = recurringDecider.decide(
          { type: 'UpdateRecurringPayment', id, changes: { interval: 'DAY' }, now: soon },
          { status: 'exists', recurring: afterFirst },
        );
        const dailyNow = (toDaily as { data: { recurring: RecurringSnapshot } }).data.recurring;
        expect(cycleDueAt(dailyNow, 2)).toEqual(later(DAY));
        const [toMonthly] = recurringDecider.decide(
          { type: 'UpdateRecurringPayment', id, changes: { interval: 'MONTH' }, now: soon },
          { status: 'exists', recurring: dailyNow },
        );
        expect(
          cycleDueAt((toMonthly as { data: { recurring: RecurringSnapshot } }).data.recurring, 2).toISOString(),
        ).toBe('2026-02-28T00:00:00.000Z');
      },
    );

    it('a cycle whose job runs before its (moved) date is not billed then', () => {
      const [updated] = recurringDecider.decide(patch({ intervalCount: 2 }), {
        status: 'exists',
        recurring: monthlyAfter1.data.recurring,
      });
      const moved = (updated as { data: { recurring: RecurringSnapshot } }).data.recurring;
      // The old job of cycle 2 (Feb 28) finds it moved to Mar 31.
      expect(
        recurringDecider.decide(runAt(2, new Date('2026-02-28T00:00:00.000Z')), { status: 'exists', recurring: moved }),
      ).toEqual([]);
      expect(
        recurringDecider
          .decide(runAt(2, new Date('2026-03-31T00:00:00.000Z')), { status: 'exists', recurring: moved })
          .map((e) => e.type),
      ).toEqual(['RecurringCycleIssued']);
    });

    it('leaves the schedule alone when the interval does not change', () => {
      spec
        .given([monthly, monthlyAfter1])
        .when(patch({ interval: 'MONTH', intervalCount: 1, amount: 70_000 }))
        .then([
          {
            type: 'RecurringPaymentUpdated',
            data: { recurring: { ...monthlyAfter1.data.recurring, amount: 70_000, updatedAt: patchAt.toISOString() } },
          },
        ]);
    });

    it('before the immediate first invoice, anchors on start_date (cycle 2), not on the creation', () => {
      const immediate: RecurringSnapshot = {
        ...daily,
        chargeImmediately: true,
        startDate: later(3 * DAY).toISOString(),
        scheduleAnchor: { cycle: 2, dueAt: later(3 * DAY).toISOString() },
      };
      const [updated] = recurringDecider.decide(patch({ interval: 'WEEK' }), {
        status: 'exists',
        recurring: immediate,
      });
      expect((updated as { data: { recurring: RecurringSnapshot } }).data.recurring.scheduleAnchor).toEqual({
        cycle: 2,
        dueAt: later(3 * DAY).toISOString(),
      });
    });
  });

  describe('a cycle whose invoice is refused', () => {
    const fail = (cycle: number): RecurringCommand => ({
      type: 'RecordCycleFailed',
      ...cycleOf(cycle),
      errorCode: 'NO_COLLECTION_METHODS_ERROR',
      message: 'no method',
      now,
    });

    it('is recorded once, pointing last_created_invoice back to the previous invoice; IGNORE goes on', () => {
      spec
        .given([dailyCreated, afterCycle1, afterCycle2])
        .when(fail(2))
        .then([
          {
            type: 'RecurringCycleFailed',
            data: {
              recurring: { ...afterCycle2.data.recurring, lastCreatedInvoiceId: 'inv1', lastCreatedInvoiceUrl: 'u1' },
              cycle: 2,
              invoiceId: 'inv2',
              errorCode: 'NO_COLLECTION_METHODS_ERROR',
              message: 'no method',
            },
          },
        ]);
      const failed = recurringDecider.decide(
        fail(2),
        [dailyCreated, afterCycle1, afterCycle2].reduce(recurringDecider.evolve, recurringDecider.initialState),
      );
      spec
        .given([dailyCreated, afterCycle1, afterCycle2, ...failed])
        .when(fail(2))
        .then([]);
      // Only the last issued cycle's invoice can fail: an earlier one was created.
      spec.given([dailyCreated, afterCycle1, afterCycle2]).when(fail(1)).then([]);
    });

    it('with no invoice before it, leaves no last_created_invoice', () => {
      const [event] = recurringDecider.decide(
        fail(1),
        [dailyCreated, afterCycle1].reduce(recurringDecider.evolve, recurringDecider.initialState),
      );
      expect((event as { data: { recurring: RecurringSnapshot } }).data.recurring).not.toHaveProperty(
        'lastCreatedInvoiceId',
      );
      expect((event as { data: { recurring: RecurringSnapshot } }).data.recurring).not.toHaveProperty(
        'lastCreatedInvoiceUrl',
      );
    });

    it('is an unpaid cycle: ACTIVE → STOPPED with missed_payment_action STOP', () => {
      const stopping: RecurringEvent = {
        type: 'RecurringPaymentCreated',
        data: { recurring: { ...daily, missedPaymentAction: 'STOP' } },
      };
      const issued = issuedEvent(1, stopping.data.recurring);
      const failedSnapshot = { ...stopping.data.recurring, nextCycle: 2, recurrenceProgress: 1 };
      spec
        .given([stopping, issued])
        .when(fail(1))
        .then([
          {
            type: 'RecurringCycleFailed',
            data: {
              recurring: failedSnapshot,
              cycle: 1,
              invoiceId: 'inv1',
              errorCode: 'NO_COLLECTION_METHODS_ERROR',
              message: 'no method',
            },
          },
          {
            type: 'RecurringPaymentStopped',
            data: { recurring: { ...failedSnapshot, status: 'STOPPED' }, reason: 'MISSED_PAYMENT' },
          },
        ]);
    });
  });

  describe('the saved card is charged at most once per cycle', () => {
    const startRecharge = (cycle: number): RecurringCommand => ({ type: 'StartCycleRecharge', ...cycleOf(cycle), now });
    const started = (cycle: number, before: RecurringSnapshot): RecurringEvent => ({
      type: 'RecurringCycleRechargeStarted',
      data: { recurring: { ...before, lastRechargedCycle: cycle }, cycle, invoiceId: `inv${cycle}` },
    });

    it('the first attempt of the issued cycle is recorded; a second one is not', () => {
      spec
        .given([dailyCreated, afterCycle1])
        .when(startRecharge(1))
        .then([started(1, afterCycle1.data.recurring)]);
      spec
        .given([dailyCreated, afterCycle1, started(1, afterCycle1.data.recurring)])
        .when(startRecharge(1))
        .then([]);
    });

    it('only for the last issued cycle, never an older one', () => {
      spec.given([dailyCreated, afterCycle1, afterCycle2]).when(startRecharge(1)).then([]);
      spec.given([dailyCreated]).when(startRecharge(1)).then([]);
    });
  });
});
