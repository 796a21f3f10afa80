import { type GaugeQuery, PostgresGauges } from '@gateway/metrics';
import { Injectable } from '@nestjs/common';

const LAST_ANCHOR_AGE: GaugeQuery = {
  name: 'audit_last_anchor_age_seconds',
  help: 'Seconds since the last anchor over the global log was written',
  sql: 'SELECT extract(epoch FROM now() - max(created_at))::text AS value FROM audit_anchors',
  // No anchor yet.
  whenNull: -1,
};

/**
 * The audit trail's gauge on /metrics: the age of the last anchor over the log. The other gauges
 * the operations guide alerts on are published by their owners (projections, event store,
 * scheduler, webhooks); the 5xx rate comes from `http_requests_total{status}`.
 */
@Injectable()
export class AuditMetrics extends PostgresGauges {
  protected readonly queries = [LAST_ANCHOR_AGE];
}
