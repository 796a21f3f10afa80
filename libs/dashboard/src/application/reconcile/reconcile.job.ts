import { RunReconciliationCommand } from '@gateway/ledger';
import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler, Scheduler } from '@gateway/scheduler';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { withPooledClient } from '@gateway/database';

export const DASHBOARD_RECONCILE_JOB = 'dashboard.reconcile';
/** The advisory lock every dashboard reconciliation takes: one replay of the log at a time. */
const RECONCILE_LOCK_KEY = 7_340_021;

export interface ReconcilePayload {
  businessId: string;
  mode: 'test' | 'live';
}

/**
 * "Reconcile now" (finance page) off the request: the reconciliation replays the whole event log
 * whatever its scope (ledger ReconcileLedgerHandler), so it runs as a durable job, at most one at a
 * time in the whole system (an advisory lock; a job that finds it taken retries later), and at
 * most one waiting per business and mode (`queue` does not add a second).
 */
@HandlesScheduledJob(DASHBOARD_RECONCILE_JOB)
@Injectable()
export class ReconcileJob implements ScheduledJobHandler<ReconcilePayload> {
  constructor(
    private readonly commands: CommandBus,
    private readonly scheduler: Scheduler,
    private readonly pool: Pool,
  ) {}

  /** Queues a reconciliation of this business and mode unless one is waiting or running; false when one was. */
  async queue(scope: ReconcilePayload, key: string, now: Date): Promise<boolean> {
    if (await this.isQueued(scope)) return false;
    const jobKey = `${DASHBOARD_RECONCILE_JOB}:${scope.businessId}:${scope.mode}:${key}`;
    // Real time and no business scope: a test clock must not make it due early or late.
    const job = { kind: DASHBOARD_RECONCILE_JOB, key: jobKey, payload: scope, dueAt: now, maxAttempts: 20 };
    await this.scheduler.schedule(job);
    return true;
  }

  /** Whether a reconciliation of this business and mode is waiting or running (the page says so). */
  async isQueued(scope: ReconcilePayload): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `SELECT 1 FROM scheduled_jobs
        WHERE kind = $1 AND status IN ('pending', 'running')
          AND payload->>'businessId' = $2 AND payload->>'mode' = $3
        LIMIT 1`,
      [DASHBOARD_RECONCILE_JOB, scope.businessId, scope.mode],
    );
    return rowCount === 1;
  }

  async handle(job: DueJob<ReconcilePayload>): Promise<void> {
    // Guarded: the lock's connection is held for the whole reconciliation; losing it must fail
    // the job (the scheduler retries), not crash the process.
    await withPooledClient(this.pool, async (client) => {
      const lock = 'SELECT pg_try_advisory_lock($1) AS locked';
      const { rows } = await client.query<{ locked: boolean }>(lock, [RECONCILE_LOCK_KEY]);
      // Thrown: the scheduler retries with backoff once the running one had time to finish.
      if (!rows[0].locked) throw new Error('another reconciliation is running');
      try {
        const scope = { businessId: job.payload.businessId, mode: job.payload.mode };
        await this.commands.execute(new RunReconciliationCommand(scope));
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [RECONCILE_LOCK_KEY]);
      }
    });
  }
}
