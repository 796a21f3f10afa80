import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Pool } from 'pg';
import { publishGauges } from '@gateway/metrics';

/** The scheduler's backlog on /metrics: what the operations guide alerts on (overdue, failed). */
@Injectable()
export class SchedulerMetrics implements OnApplicationBootstrap {
  constructor(
    private readonly pool: Pool,
    private readonly modules: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    const pool = this.pool;
    publishGauges(this.modules, [
      {
        name: 'scheduler_jobs',
        help: 'Scheduled jobs by status; overdue = pending and due over a minute ago (real time)',
        labelNames: ['status'],
        async collect() {
          const { rows } = await pool.query<{ status: string; count: string }>(
            `SELECT status, count(*)::text AS count FROM scheduled_jobs
              WHERE status IN ('pending', 'running', 'failed') GROUP BY status
             UNION ALL
             SELECT 'overdue', count(*)::text FROM scheduled_jobs
              WHERE status = 'pending' AND due_at < now() - interval '1 minute'`,
          );
          this.reset();
          for (const status of ['pending', 'running', 'failed', 'overdue']) {
            this.set({ status }, Number(rows.find((row) => row.status === status)?.count ?? 0));
          }
        },
      },
    ]);
  }
}
