import { type GaugeQuery, PostgresGauges } from '@gateway/metrics';
import { Injectable } from '@nestjs/common';

const JOBS_BY_STATUS: GaugeQuery = {
  name: 'scheduler_jobs',
  help: 'Scheduled jobs by status; overdue = pending and due over a minute ago (real time)',
  label: 'status',
  always: ['pending', 'running', 'failed', 'overdue'],
  sql: `SELECT status AS label, count(*)::text AS value FROM scheduled_jobs
         WHERE status IN ('pending', 'running', 'failed') GROUP BY status
        UNION ALL
        SELECT 'overdue', count(*)::text FROM scheduled_jobs
         WHERE status = 'pending' AND due_at < now() - interval '1 minute'`,
};

/** The scheduler's backlog on /metrics: what the operations guide alerts on (overdue, failed). */
@Injectable()
export class SchedulerMetrics extends PostgresGauges {
  protected readonly queries = [JOBS_BY_STATUS];
}
