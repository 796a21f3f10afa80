import { PostgresGauges, type PublishedGauge, queriedLabelledGauge } from '@gateway/metrics';
import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

/** The scheduler's backlog on /metrics: what the operations guide alerts on (overdue, failed). */
@Injectable()
export class SchedulerMetrics extends PostgresGauges {
  protected gauges(pool: Pool): PublishedGauge[] {
    return [
      queriedLabelledGauge(pool, {
        name: 'scheduler_jobs',
        help: 'Scheduled jobs by status; overdue = pending and due over a minute ago (real time)',
        label: 'status',
        always: ['pending', 'running', 'failed', 'overdue'],
        sql: `SELECT status AS label, count(*)::text AS value FROM scheduled_jobs
               WHERE status IN ('pending', 'running', 'failed') GROUP BY status
              UNION ALL
              SELECT 'overdue', count(*)::text FROM scheduled_jobs
               WHERE status = 'pending' AND due_at < now() - interval '1 minute'`,
      }),
    ];
  }
}
