import { deciderSpec } from '@gateway/testing';
import { List, Map as PersistentMap } from 'immutable';
import {
  type BalanceCommand,
  balanceDecider,
  type BalanceState,
  CLOSED_RESERVATION_MEMORY_MS,
  type MoneyOutItem,
  reservationStatus,
} from './balance.decider';
import type { BalanceCredited, BalanceEvent, MoneyOutDeclined } from './balance.events';
import type { MoneyOutCompleted, MoneyOutFailed, MoneyOutReserved } from './money-movement.events';
import { foldEvents } from '@gateway/domain';
import { InsufficientBalanceError } from './balance.errors';

const now = new Date('2026-11-23T03:00:00.000Z');
const at = now.toISOString();
const later = (ms: number) => new Date(now.getTime() + ms);
const spec = deciderSpec(balanceDecider);

const disbursement = (id: string, amount: number): MoneyOutItem => ({
  movementId: id,
  amount,
  kind: 'disbursement',
  details: { disbursementId: id, bankCode: 'BNI' },
});
const refund = (id: string, amount: number): MoneyOutItem => ({
  movementId: id,
  amount,
  kind: 'refund',
  details: { chargeId: 'chg_1', refundId: id },
});
const credited = (amount: number): BalanceCredited => ({
  type: 'BalanceCredited',
  data: { movementId: 'm', sourceEventId: 'e', currency: 'IDR', amount },
});
const reserved = (item: MoneyOutItem, when = at): MoneyOutReserved => ({
  type: 'MoneyOutReserved',
  data: {
    movementId: item.movementId,
    currency: 'IDR',
    amount: item.amount,
    reservedAt: when,
    kind: item.kind,
    [item.kind]: item.details,
  },
});
const completed = (id: string, amount: number, kind: 'disbursement' | 'refund', when = at): MoneyOutCompleted => ({
  type: 'MoneyOutCompleted',
  data: { movementId: id, currency: 'IDR', amount, completedAt: when, kind },
});
const failed = (
  id: string,
  amount: number,
  kind: 'disbursement' | 'refund',
  code = 'TRANSFER_ERROR',
  when = at,
): MoneyOutFailed => ({
  type: 'MoneyOutFailed',
  data: { movementId: id, currency: 'IDR', amount, failureCode: code, failedAt: when, kind },
});
const declined = (id: string, amount: number, when = at): MoneyOutDeclined => ({
  type: 'MoneyOutDeclined',
  data: { movementId: id, currency: 'IDR', amount, kind: 'refund', declinedAt: when },
});
const reserve = (items: MoneyOutItem[], when = now) => ({
  type: 'ReserveMoneyOut' as const,
  currency: 'IDR',
  items,
  now: when,
});
const complete = (id: string, when = now) => ({
  type: 'CompleteMoneyOut' as const,
  movementId: id,
  currency: 'IDR',
  now: when,
});
const fail = (id: string, code = 'TRANSFER_ERROR', when = now) => ({
  type: 'FailMoneyOut' as const,
  movementId: id,
  currency: 'IDR',
  failureCode: code,
  now: when,
});
const stateOf = (events: BalanceEvent[]): BalanceState => foldEvents(balanceDecider, events);
/** The state with nothing in flight: `available` left, and only `id` remembered as closed (at `at`). */
const closedOnly = (available: bigint, id: string, outcome: 'completed' | 'failed' | 'declined'): BalanceState => ({
  available,
  inFlight: 0n,
  open: PersistentMap(),
  recentlyClosed: PersistentMap([[id, { outcome, closedAt: at }]]),
  closings: List([{ movementId: id, closedAt: at }]),
});
/** After `history`, the command is a no-op: it appends no event. */
const appendsNothing = (history: BalanceEvent[], command: BalanceCommand) => spec.given(history).when(command).then([]);
/** After `history`, the command is refused with `code`. */
const refuses = (history: BalanceEvent[], command: BalanceCommand, code: string) =>
  spec.given(history).when(command).thenThrows(code);

describe('balance decider (the one authority over CASH debits)', () => {
  describe('CreditBalance / DebitBalance', () => {
    it('credits settled money', () => {
      spec
        .given([])
        .when({ type: 'CreditBalance', movementId: 'm', sourceEventId: 'e', currency: 'IDR', amount: 100 })
        .then([credited(100)]);
    });

    it('debits for an old MoneyInRefunded (logs from before refunds reserved)', () => {
      spec
        .given([credited(100)])
        .when({ type: 'DebitBalance', movementId: 'm', sourceEventId: 'e2', currency: 'IDR', amount: 30 })
        .thenState({
          available: 70n,
          inFlight: 0n,
          open: PersistentMap(),
          recentlyClosed: PersistentMap(),
          closings: List(),
        });
    });

    it('refuses a negative or fractional credit', () => {
      refuses(
        [],
        { type: 'CreditBalance', movementId: 'm', sourceEventId: 'e', currency: 'IDR', amount: -1 },
        'API_VALIDATION_ERROR',
      );
      refuses(
        [],
        { type: 'CreditBalance', movementId: 'm', sourceEventId: 'e', currency: 'IDR', amount: 1.5 },
        'API_VALIDATION_ERROR',
      );
    });
  });

  describe('ReserveMoneyOut', () => {
    it('reserves a disbursement when the available balance covers it, exactly to zero, and holds it open', () => {
      spec
        .given([credited(100)])
        .when(reserve([disbursement('d1', 100)]))
        .then([reserved(disbursement('d1', 100))]);
      spec
        .given([credited(100)])
        .when(reserve([disbursement('d1', 100)]))
        .thenState({
          available: 0n,
          inFlight: 100n,
          open: PersistentMap([['d1', { amount: 100, kind: 'disbursement' }]]),
          recentlyClosed: PersistentMap(),
          closings: List(),
        });
    });

    it('reserves a refund the same way: every debit of CASH draws on one available balance', () => {
      spec
        .given([credited(100)])
        .when(reserve([refund('r1', 60)]))
        .then([reserved(refund('r1', 60))]);
      refuses([credited(100), reserved(refund('r1', 60))], reserve([disbursement('d1', 41)]), 'INSUFFICIENT_BALANCE');
      spec
        .given([credited(100), reserved(disbursement('d1', 41))])
        .when(reserve([refund('r1', 60)]))
        .then([declined('r1', 60)]);
    });

    it(
      'refuses a disbursement overdraft, ' +
        'and a batch whose total is not covered (all or nothing), appending nothing',
      () => {
        refuses([credited(99)], reserve([disbursement('d1', 100)]), 'INSUFFICIENT_BALANCE');
        // Callers (disbursements) recognise the refusal by class, not by code.
        expect(() =>
          balanceDecider.decide(reserve([disbursement('d1', 100)]), foldEvents(balanceDecider, [credited(99)])),
        ).toThrow(InsufficientBalanceError);
        refuses([credited(150)], reserve([disbursement('d1', 100), disbursement('d2', 100)]), 'INSUFFICIENT_BALANCE');
        refuses(
          [credited(100), reserved(disbursement('d1', 100))],
          reserve([disbursement('d2', 1)]),
          'INSUFFICIENT_BALANCE',
        );
      },
    );

    it(
      'declines a refund the balance cannot cover: recorded, ' +
        'so every processor of that refund learns the same answer',
      () => {
        spec
          .given([credited(10)])
          .when(reserve([refund('r1', 11)]))
          .then([declined('r1', 11)]);
        spec
          .given([credited(10)])
          .when(reserve([refund('r1', 11)]))
          .thenState(closedOnly(10n, 'r1', 'declined'));
        // Money arriving later does not turn that refund into a reservation.
        appendsNothing([credited(10), declined('r1', 11), credited(100)], reserve([refund('r1', 11)]));
      },
    );

    it('is idempotent by movement id: an open, completed, failed or declined id appends nothing', () => {
      const d1 = disbursement('d1', 60);
      appendsNothing([credited(100), reserved(d1)], reserve([d1]));
      appendsNothing([credited(100), reserved(d1), completed('d1', 60, 'disbursement')], reserve([d1]));
      appendsNothing([credited(100), reserved(d1), failed('d1', 60, 'disbursement')], reserve([d1]));
      appendsNothing([credited(100), declined('r1', 500)], reserve([refund('r1', 500)]));
      // Even when the balance could no longer cover it: the re-execution is not a new debit.
      appendsNothing([credited(60), reserved(d1)], reserve([d1]));
    });

    it('reserves only the items not seen before when a batch is executed again in part', () => {
      spec
        .given([credited(100), reserved(disbursement('d1', 60))])
        .when(reserve([disbursement('d1', 60), disbursement('d2', 40)]))
        .then([reserved(disbursement('d2', 40))]);
    });

    it(
      'forgets a closed id after 48 hours of event time (bounded memory, ' + 'pruned by the events’ own timestamps)',
      () => {
        const d1 = disbursement('d1', 10);
        const history: BalanceEvent[] = [credited(100), reserved(d1), completed('d1', 10, 'disbursement')];
        const justInside = later(CLOSED_RESERVATION_MEMORY_MS);
        appendsNothing(
          [...history, reserved(disbursement('d2', 1), justInside.toISOString())],
          reserve([d1], justInside),
        );
        const after = later(CLOSED_RESERVATION_MEMORY_MS + 1);
        const state = stateOf([...history, reserved(disbursement('d2', 1), after.toISOString())]);
        expect(reservationStatus(state, 'd1')).toBe('unknown');
        expect(state.recentlyClosed.size).toBe(0);
      },
    );

    it('remembers only the last 48 hours of closings however many there were, oldest forgotten first', () => {
      // One money-out reserved and completed every hour for 30 days: 720 closings, 48 of them recent.
      const history: BalanceEvent[] = [credited(1_000_000)];
      for (let hour = 0; hour < 720; hour += 1) {
        const when = later(hour * 3_600_000).toISOString();
        history.push(reserved(disbursement(`d${hour}`, 1), when), completed(`d${hour}`, 1, 'disbursement', when));
      }
      const state = stateOf(history);
      expect(state.recentlyClosed.size).toBe(49);
      expect(state.closings.size).toBe(49);
      expect(state.closings.first()?.movementId).toBe('d671');
      expect(reservationStatus(state, 'd670')).toBe('unknown');
      expect(reservationStatus(state, 'd671')).toBe('completed');
      expect(state.available).toBe(1_000_000n - 720n);
    });

    it('leaves the state it evolved from untouched (the writer decides again on it after a lost append)', () => {
      const before = stateOf([credited(100), reserved(disbursement('d1', 10))]);
      const after = balanceDecider.evolve(before, completed('d1', 10, 'disbursement'));
      expect(reservationStatus(after, 'd1')).toBe('completed');
      expect(reservationStatus(before, 'd1')).toBe('open');
      expect(before.recentlyClosed.size).toBe(0);
      expect(before.closings.size).toBe(0);
    });

    it(
      'refuses an empty reservation, an id twice in one command, ' + 'and amounts that are not positive whole numbers',
      () => {
        refuses([credited(100)], reserve([]), 'API_VALIDATION_ERROR');
        refuses([credited(100)], reserve([disbursement('d1', 1), disbursement('d1', 1)]), 'API_VALIDATION_ERROR');
        refuses([credited(100)], reserve([disbursement('d1', 0)]), 'API_VALIDATION_ERROR');
        refuses([credited(100)], reserve([refund('r1', 2.5)]), 'API_VALIDATION_ERROR');
      },
    );
  });

  // Completing takes the reserved amount out of flight; failing (a release) returns it to the available balance.
  describe('CompleteMoneyOut / FailMoneyOut (release): closing a reservation', () => {
    const r1 = refund('r1', 60);
    const d1 = disbursement('d1', 60);
    type Closing = [
      what: string,
      reservation: MoneyOutItem,
      command: BalanceCommand,
      outcome: BalanceEvent,
      availableAfter: bigint,
      closedAs: 'completed' | 'failed',
    ];
    it.each<Closing>([
      ['completing a refund', r1, complete('r1'), completed('r1', 60, 'refund'), 40n, 'completed'],
      ['completing a disbursement', d1, complete('d1'), completed('d1', 60, 'disbursement'), 40n, 'completed'],
      [
        'failing a refund',
        r1,
        fail('r1', 'REFUND_FAILED'),
        failed('r1', 60, 'refund', 'REFUND_FAILED'),
        100n,
        'failed',
      ],
      ['failing a disbursement', d1, fail('d1'), failed('d1', 60, 'disbursement'), 100n, 'failed'],
    ])(
      '%s records it with the kind the reservation had, and closes it',
      (_what, item, command, outcome, left, closed) => {
        spec
          .given([credited(100), reserved(item)])
          .when(command)
          .then([outcome]);
        spec
          .given([credited(100), reserved(item)])
          .when(command)
          .thenState(closedOnly(left, item.movementId, closed));
      },
    );

    it.each<[string, BalanceEvent[], BalanceCommand]>([
      ['completing an unknown id', [credited(100)], complete('nobody')],
      ['completing a completed refund', [credited(100), reserved(r1), completed('r1', 60, 'refund')], complete('r1')],
      ['completing a failed refund', [credited(100), reserved(r1), failed('r1', 60, 'refund')], complete('r1')],
      ['completing a declined refund', [credited(10), declined('r1', 60)], complete('r1')],
      ['failing an unknown id', [credited(100)], fail('nobody')],
      ['failing a failed disbursement', [credited(100), reserved(d1), failed('d1', 60, 'disbursement')], fail('d1')],
      [
        'failing a completed disbursement',
        [credited(100), reserved(d1), completed('d1', 60, 'disbursement')],
        fail('d1'),
      ],
    ])('%s appends nothing (no double completion or release)', (_what, history, command) =>
      appendsNothing(history, command),
    );

    it('CompleteMoneyOut treats a reservation written before kinds existed as a disbursement', () => {
      const old: MoneyOutReserved = {
        type: 'MoneyOutReserved',
        data: { movementId: 'd0', currency: 'IDR', amount: 5, reservedAt: at, disbursement: { disbursementId: 'd0' } },
      };
      spec
        .given([credited(100), old])
        .when(complete('d0'))
        .then([completed('d0', 5, 'disbursement')]);
    });
  });
});
