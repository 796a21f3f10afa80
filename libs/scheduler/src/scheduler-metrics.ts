import { PostgresGauges, type PublishedGauge } from '@gateway/metrics';
import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

/** The scheduler's backlog on /metrics: what the operations guide alerts on (overdue, failed). */
@Injectable()
export class SchedulerMetrics extends PostgresGauges {
  protected gauges(pool: Pool): PublishedGauge[] {
    return [
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
    ];
  }
}
