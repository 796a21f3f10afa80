import { PostgresGauges, type PublishedGauge, queriedValueGauge } from '@gateway/metrics';
import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

/**
 * The audit trail's gauge on /metrics: the age of the last anchor over the log. The other gauges
 * the operations guide alerts on are published by their owners (projections, event store,
 * scheduler, webhooks); the 5xx rate comes from `http_requests_total{status}`.
 */
@Injectable()
export class AuditMetrics extends PostgresGauges {
  protected gauges(pool: Pool): PublishedGauge[] {
    return [
      queriedValueGauge(pool, {
        name: 'audit_last_anchor_age_seconds',
        help: 'Seconds since the last anchor over the global log was written',
        sql: 'SELECT extract(epoch FROM now() - max(created_at))::text AS value FROM audit_anchors',
        // No anchor yet.
        whenNull: -1,
      }),
    ];
  }
}
