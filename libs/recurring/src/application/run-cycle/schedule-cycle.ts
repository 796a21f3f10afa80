import { Scheduler } from '@gateway/scheduler';
import type { RecurringSnapshot } from '../../domain/recurring.events';
import { cycleDueAt } from '../../domain/recurring-schedule';
import { CYCLE_JOB_KEYS } from './cycle-job-keys';

export const RUN_CYCLE_JOB = 'recurring.run-cycle';
/** Runs of one cycle job; the last one records the cycle as failed rather than leave the schedule stuck. */
export const RUN_CYCLE_MAX_ATTEMPTS = 10;

export interface RunCyclePayload {
  recurringPaymentId: string;
  cycle: number;
}

/**
 * How long after its creation the job of a first cycle that was due at creation runs: the creating
 * request bills that cycle itself (`issueFirstCycleNow`), and the job is its fallback (a crash, an
 * error). Run at once, the job raced the request for the same cycle, and the loser's card charge
 * found the winner's invoice not yet readable.
 */
export const FIRST_CYCLE_FALLBACK_MS = 60_000;

function firstCycleJobDueAt(recurring: RecurringSnapshot, due: Date): Date {
  const createdAt = new Date(recurring.createdAt).getTime();
  return due.getTime() <= createdAt ? new Date(createdAt + FIRST_CYCLE_FALLBACK_MS) : due;
}

/**
 * The job of cycle `cycle`, at its date. Keyed per cycle, so scheduling it again moves a pending
 * job (a PATCH of the interval) instead of adding one. `at` names a second occurrence for a cycle
 * whose job already ran too early (a PATCH moved the cycle while its job was running).
 */
export function scheduleCycle(
  scheduler: Scheduler,
  recurring: RecurringSnapshot,
  cycle: number,
  db?: Parameters<Scheduler['schedule']>[1],
  at?: Date,
) {
  const payload: RunCyclePayload = { recurringPaymentId: recurring.recurringPaymentId, cycle };
  const due = cycleDueAt(recurring, cycle);
  return scheduler.schedule(
    {
      kind: RUN_CYCLE_JOB,
      key: `${CYCLE_JOB_KEYS.of(recurring.recurringPaymentId, cycle)}${at ? `@${at.toISOString()}` : ''}`,
      payload,
      dueAt: cycle === 1 ? firstCycleJobDueAt(recurring, due) : due,
      businessId: recurring.businessId,
      mode: recurring.mode,
      maxAttempts: RUN_CYCLE_MAX_ATTEMPTS,
    },
    db,
  );
}
