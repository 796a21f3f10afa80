/*
 * Timers live in our own `scheduled_jobs` table claimed with FOR UPDATE SKIP LOCKED, not in a
 * job-queue library: a test-mode job is due when its business's *virtual* clock (real time
 * plus that business's `test_clocks` offset) reaches it, and advancing that clock must make
 * its jobs due at once. Queue libraries compare due times with one real clock only, so that
 * per-business join cannot be expressed with them.
 */
import type { ClientBase, Pool, QueryConfig } from 'pg';
import { businessNowSql } from '@gateway/clock';
import type { ScheduleJobInput } from './scheduled-job';
import { SCHEDULER_WAKEUP_CHANNEL } from '@gateway/database';

/**
 * Wakes the runners at commit only when a written job is due on its business's clock (or within
 * a second of it: "due now" computed by the gateway's clock may be a moment ahead of the
 * server's). A wake finds only due jobs, so one for a job due later (a settlement days ahead,
 * written with every captured charge) would just make every runner and callback sender run its
 * claim query for nothing; such a job is found by the runners' regular poll once it is due.
 */
const NOTIFY_IF_ANY_DUE = `SELECT pg_notify($8, '')
    FROM (SELECT 1 FROM written w WHERE w.due_at <= ${businessNowSql('w')} + interval '1 second' LIMIT 1) AS any_due`;

/**
 * Where the scheduler's statements run: the pool, or the caller's connection inside its own
 * transaction (a projection's `ClientBase`, a pooled client, a `Client`) so the job commits with it.
 */
export type SchedulerDb = Pool | ClientBase;

/** Creates and cancels durable jobs; `JobRunner` runs them. */
export class Scheduler {
  constructor(private readonly pool: Pool) {}

  /**
   * Stores a job, in the caller's transaction when `db` is one (a projection scheduling
   * as it applies an event), and wakes the runners at commit if it is due already.
   *
   * With a `key` already used, no second job is created: a still-pending job gets the new
   * due time and payload (re-projecting an event reschedules rather than duplicates); a
   * running, done, failed or cancelled one is left untouched, since a key names one
   * occurrence and that occurrence is already under way or over.
   */
  async schedule<P>(input: ScheduleJobInput<P>, db: SchedulerDb = this.pool): Promise<void> {
    assertValid(input);
    await db.query(
      `WITH written AS (
         INSERT INTO scheduled_jobs (job_key, kind, payload, business_id, mode, due_at, max_attempts)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)
         ON CONFLICT (job_key) DO UPDATE
           SET due_at = EXCLUDED.due_at, payload = EXCLUDED.payload, updated_at = now()
           WHERE scheduled_jobs.status = 'pending'
         RETURNING due_at, business_id, mode
       )
       ${NOTIFY_IF_ANY_DUE}`,
      [
        input.key ?? null,
        input.kind,
        JSON.stringify(input.payload),
        input.businessId ?? null,
        input.mode ?? null,
        input.dueAt,
        input.maxAttempts ?? 10,
        SCHEDULER_WAKEUP_CHANNEL,
      ],
    );
  }

  /**
   * `schedule` for many jobs in one statement (a projection scheduling a whole batch), with the
   * same rules per key: the result is the one calling `schedule` for each input in order would
   * leave. Inputs that share a key are merged first (one upsert cannot touch a row twice): the
   * first fixes the kind and scope, the last the due time and payload. Rows are written in key
   * order, so two writers of overlapping batches lock them in one order.
   */
  async scheduleMany<P>(inputs: readonly ScheduleJobInput<P>[], db: SchedulerDb = this.pool): Promise<void> {
    const statement = scheduleManyStatement(inputs);
    if (statement) await db.query(statement);
  }

  /** Leaves the job table as `cancelPending` would; none when no key. */
  cancelPendingStatement(keys: readonly string[]): QueryConfig | undefined {
    return cancelPendingStatement(keys);
  }

  /**
   * `scheduleMany` as a statement, for a projection that plans its batch's writes
   * (`Projection.plannedStatements`); none when there is no job.
   */
  scheduleManyStatement<P>(inputs: readonly ScheduleJobInput<P>[]): QueryConfig | undefined {
    return scheduleManyStatement(inputs);
  }

  /**
   * Cancels the keyed jobs that have not started: a job already running (or over) is left to
   * finish as it will. For a projection whose event says the occurrence is settled (a transfer
   * answered), so a job re-created by a replay of its start never runs. Returns how many it
   * cancelled.
   */
  async cancelPending(keys: readonly string[], db: SchedulerDb = this.pool): Promise<number> {
    const statement = cancelPendingStatement(keys);
    if (!statement) return 0;
    const { rowCount } = await db.query(statement);
    return rowCount ?? 0;
  }

  /**
   * Makes sure the keyed job never runs (again). A run already in progress is not
   * interrupted, but its outcome is dropped and it is not retried. Returns false when there
   * was nothing left to cancel (unknown key, or already done/failed/cancelled).
   */
  async cancel(key: string, db: SchedulerDb = this.pool): Promise<boolean> {
    const { rowCount } = await db.query(
      `UPDATE scheduled_jobs
          SET status = 'cancelled', locked_by = NULL, locked_until = NULL, updated_at = now(), completed_at = now()
        WHERE job_key = $1 AND status IN ('pending', 'running')`,
      [key],
    );
    return (rowCount ?? 0) > 0;
  }
}

function assertValid(input: ScheduleJobInput<unknown>): void {
  if (!input.kind) throw new TypeError('A scheduled job needs a kind');
  if (!(input.dueAt instanceof Date) || Number.isNaN(input.dueAt.getTime())) {
    throw new TypeError(`Job ${input.kind} has an invalid dueAt`);
  }
  if (input.payload === undefined) throw new TypeError(`Job ${input.kind} needs a JSON payload (use null for none)`);
  if (input.maxAttempts !== undefined && (!Number.isInteger(input.maxAttempts) || input.maxAttempts < 1)) {
    throw new RangeError(`Job ${input.kind} maxAttempts must be a positive integer`);
  }
}

/** See `Scheduler.scheduleMany`. */
function scheduleManyStatement<P>(inputs: readonly ScheduleJobInput<P>[]): QueryConfig | undefined {
  if (inputs.length === 0) return undefined;
  inputs.forEach(assertValid);
  const keyed = new Map<string, ScheduleJobInput<P>>();
  const unkeyed: ScheduleJobInput<P>[] = [];
  for (const input of inputs) {
    if (input.key === undefined) {
      unkeyed.push(input);
      continue;
    }
    const first = keyed.get(input.key);
    keyed.set(input.key, first ? { ...first, dueAt: input.dueAt, payload: input.payload } : input);
  }
  const rows = [
    ...[...keyed.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, input]) => input),
    ...unkeyed,
  ];
  return {
    name: 'scheduler_schedule_many',
    text: `WITH written AS (
         INSERT INTO scheduled_jobs (job_key, kind, payload, business_id, mode, due_at, max_attempts)
         SELECT job_key, kind, payload::jsonb, business_id, mode, due_at, max_attempts
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::int[])
                WITH ORDINALITY AS input (job_key, kind, payload, business_id, mode, due_at, max_attempts, ord)
          ORDER BY ord
         ON CONFLICT (job_key) DO UPDATE
           SET due_at = EXCLUDED.due_at, payload = EXCLUDED.payload, updated_at = now()
           WHERE scheduled_jobs.status = 'pending'
         RETURNING due_at, business_id, mode
       )
       ${NOTIFY_IF_ANY_DUE}`,
    values: [
      rows.map((input) => input.key ?? null),
      rows.map((input) => input.kind),
      rows.map((input) => JSON.stringify(input.payload)),
      rows.map((input) => input.businessId ?? null),
      rows.map((input) => input.mode ?? null),
      rows.map((input) => input.dueAt),
      rows.map((input) => input.maxAttempts ?? 10),
      SCHEDULER_WAKEUP_CHANNEL,
    ],
  };
}

/** See `Scheduler.cancelPending`. */
function cancelPendingStatement(keys: readonly string[]): QueryConfig | undefined {
  if (keys.length === 0) return undefined;
  return {
    name: 'scheduler_cancel_pending',
    text: `UPDATE scheduled_jobs
              SET status = 'cancelled', updated_at = now(), completed_at = now()
            WHERE job_key = ANY($1::text[]) AND status = 'pending'`,
    values: [[...new Set(keys)].sort()],
  };
}
