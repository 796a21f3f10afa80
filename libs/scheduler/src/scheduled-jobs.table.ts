import { LookupCombiner } from '@gateway/database';
import type { Pool } from 'pg';
import type { Mode } from '@gateway/clock';
import type { DueJob } from './scheduled-job';
import { businessNowSql } from '@gateway/clock';

/** The business clock of job row `j`. */
const JOB_BUSINESS_NOW = businessNowSql('j');

/**
 * Claims up to `$2` due jobs of the kinds `$1` for worker `$3`, leased for `$4` ms (see `claimDue`).
 * A prepared statement run with one generic plan: statuses are literals, so the partial indexes
 * (`scheduled_jobs_due`, `_test_due`, `_leases`) still match whatever the parameters are.
 *
 * Two shapes keep a poll's work independent of how many future jobs wait (invoice expiries and
 * settlements pile up by the hundred thousand), which a plain join did not: the test-clock branch
 * looks jobs up per advanced clock (LATERAL, through `_test_due`) instead of walking every future
 * test job to find a clock for it, and `claimable` takes the candidates as an array of ids (one
 * primary-key look-up each) instead of `IN (subquery)`, which the planner turned into a scan of
 * every open job re-running the candidates per row (docs/decisions.md, "A job poll's cost does
 * not grow with the backlog").
 */
export const CLAIM_DUE_SQL = `WITH candidates AS (
         (SELECT id FROM scheduled_jobs
           WHERE status = 'pending' AND due_at <= now() AND kind = ANY($1::text[])
           ORDER BY due_at LIMIT $2)
         UNION ALL
         (SELECT j.id FROM test_clocks c
           CROSS JOIN LATERAL (
             SELECT j.id, j.due_at FROM scheduled_jobs j
              WHERE j.business_id = c.business_id AND j.mode = 'test' AND j.status = 'pending'
                AND j.due_at > now() AND j.due_at <= now() + c.offset_ms * interval '1 millisecond'
                AND j.kind = ANY($1::text[])
              ORDER BY j.due_at LIMIT $2) j
           WHERE c.offset_ms > 0
           ORDER BY j.due_at LIMIT $2)
         UNION ALL
         (SELECT id FROM scheduled_jobs
           WHERE status = 'running' AND locked_until < now() AND attempts < max_attempts AND kind = ANY($1::text[])
           ORDER BY locked_until LIMIT $2)
       ),
       claimable AS (
         SELECT j.id, ${JOB_BUSINESS_NOW} AS business_now
           FROM scheduled_jobs j
          WHERE j.id = ANY (ARRAY(SELECT id FROM candidates))
            AND j.kind = ANY($1::text[])
            AND (   (j.status = 'pending' AND j.due_at <= ${JOB_BUSINESS_NOW})
                 OR (j.status = 'running' AND j.locked_until < now() AND j.attempts < j.max_attempts))
          ORDER BY j.due_at
          LIMIT $2
          FOR UPDATE OF j SKIP LOCKED
       )
       UPDATE scheduled_jobs j
          SET status = 'running', locked_by = $3, locked_until = now() + $4 * interval '1 millisecond',
              attempts = j.attempts + 1, updated_at = now()
         FROM claimable
        WHERE j.id = claimable.id
       RETURNING j.id, j.kind, j.payload, j.business_id, j.mode, j.due_at, j.attempts, claimable.business_now`;

/** Identifies one run of a job: a stale worker cannot overwrite a later run's outcome. */
export interface JobRun {
  id: string;
  attempt: number;
  workerId: string;
}

/** A run as one string (the combiner's key); worker ids may hold any character, so they go last. */
const runKey = (run: JobRun) => `${run.id}:${run.attempt}:${run.workerId}`;

function runOf(key: string): JobRun {
  const [id, attempt] = key.split(':', 2);
  return { id, attempt: Number(attempt), workerId: key.slice(id.length + attempt.length + 2) };
}

export interface ClaimRequest {
  kinds: string[];
  limit: number;
  workerId: string;
  leaseMs: number;
}

interface ClaimedRow {
  id: string;
  kind: string;
  payload: unknown;
  business_id: string | null;
  mode: Mode | null;
  due_at: Date;
  attempts: number;
  business_now: Date;
}

/** The job runner's side of `scheduled_jobs`: claiming due jobs and recording outcomes. */
export class ScheduledJobsTable {
  /** Completions of runs that finished together, in one statement. */
  private readonly completions: LookupCombiner<true>;

  constructor(private readonly pool: Pool) {
    this.completions = new LookupCombiner((keys) => this.markAllDone(keys));
  }

  /**
   * Claims up to `limit` jobs of the given kinds in one statement, locking with SKIP LOCKED
   * so concurrent runners never claim the same job. Claimable: pending and due on its
   * business's clock, or running with an expired lease (its worker died) and attempts left.
   *
   * The `candidates` branches each follow an index and `claimable` looks them up by id, so a poll
   * costs the same however many future jobs wait; `claimable` re-checks every condition on the
   * locked row version, because a row changed after this statement's snapshot is locked in its
   * newest version.
   */
  async claimDue(request: ClaimRequest): Promise<DueJob[]> {
    const { rows } = await this.pool.query<ClaimedRow>({
      name: 'scheduler_claim_due',
      text: CLAIM_DUE_SQL,
      values: [request.kinds, request.limit, request.workerId, request.leaseMs],
    });
    return rows
      .map((row) => ({
        id: row.id,
        kind: row.kind,
        payload: row.payload,
        businessId: row.business_id,
        mode: row.mode,
        dueAt: row.due_at,
        attempt: row.attempts,
        now: row.business_now,
      }))
      .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  }

  /**
   * A job whose worker died during its last allowed attempt is never claimed again (a job
   * that crashes the process must not crash it forever); this marks it failed instead.
   */
  async failAbandonedLastAttempts(): Promise<number> {
    const { rowCount } = await this.pool.query(
      `UPDATE scheduled_jobs
          SET status = 'failed', locked_by = NULL, locked_until = NULL, updated_at = now(), completed_at = now(),
              last_error = 'lease expired during the last attempt (worker stopped or crashed mid-run)'
        WHERE status = 'running' AND locked_until < now() AND attempts >= max_attempts`,
    );
    return rowCount ?? 0;
  }

  /**
   * Moves a run's lease `leaseMs` past now, for a handler still at work: only a worker that
   * stopped renewing (it died) loses its job to another. False when the run no longer owns the
   * job (cancelled, or reclaimed after a lease that ran out anyway).
   */
  async extendLease(run: JobRun, leaseMs: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE scheduled_jobs SET locked_until = now() + $4 * interval '1 millisecond', updated_at = now()
        WHERE id = $1 AND status = 'running' AND locked_by = $2 AND attempts = $3`,
      [run.id, run.workerId, run.attempt, leaseMs],
    );
    return (rowCount ?? 0) > 0;
  }

  /**
   * False when the run no longer owns the job (cancelled, or reclaimed after its lease). Runs
   * that finish together are marked in one statement (a busy worker finishes a job every few
   * milliseconds: a round trip and a commit each cost more than the row).
   */
  async markDone(run: JobRun): Promise<boolean> {
    return (await this.completions.load(runKey(run))) === true;
  }

  private async markAllDone(keys: string[]): Promise<Map<string, true>> {
    const runs = keys.map(runOf);
    const { rows } = await this.pool.query<{ id: string; attempts: number; worker: string }>({
      name: 'scheduler_mark_done',
      text: `UPDATE scheduled_jobs j
          SET status = 'done', locked_by = NULL, locked_until = NULL, updated_at = now(), completed_at = now()
         FROM unnest($1::bigint[], $2::int[], $3::text[]) AS d(id, attempt, worker)
        WHERE j.id = d.id AND j.status = 'running' AND j.locked_by = d.worker AND j.attempts = d.attempt
        RETURNING j.id::text AS id, d.attempt AS attempts, d.worker AS worker`,
      values: [runs.map((run) => run.id), runs.map((run) => run.attempt), runs.map((run) => run.workerId)],
    });
    return new Map(rows.map((row) => [runKey({ id: row.id, attempt: row.attempts, workerId: row.worker }), true]));
  }

  /**
   * Puts the job back to pending, due `retryInMs` later on its business's clock (real time
   * would already be in the past for a test clock ahead of it, defeating the backoff), or
   * marks it failed when it has used its attempts. Failed jobs stay in the table, visible.
   */
  async recordFailure(run: JobRun, error: string, retryInMs: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE scheduled_jobs j
          SET status       = CASE WHEN j.attempts >= j.max_attempts THEN 'failed' ELSE 'pending' END,
              due_at       = CASE WHEN j.attempts >= j.max_attempts THEN j.due_at
                                  ELSE ${JOB_BUSINESS_NOW} + $4 * interval '1 millisecond' END,
              completed_at = CASE WHEN j.attempts >= j.max_attempts THEN now() END,
              last_error = $5, locked_by = NULL, locked_until = NULL, updated_at = now()
        WHERE j.id = $1 AND j.status = 'running' AND j.locked_by = $2 AND j.attempts = $3`,
      [run.id, run.workerId, run.attempt, retryInMs, error],
    );
    return (rowCount ?? 0) > 0;
  }
}
