import { PostgresGauges, type PublishedGauge, queriedLabelledGauge, queriedValueGauge } from '@gateway/metrics';
import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

/** Callback deliveries and alerts on /metrics, from the webhooks context's own tables. */
@Injectable()
export class WebhookMetrics extends PostgresGauges {
  protected gauges(pool: Pool): PublishedGauge[] {
    return [
      queriedLabelledGauge(pool, {
        name: 'webhook_deliveries',
        help: 'Callback deliveries by status',
        label: 'status',
        sql: 'SELECT status AS label, count(*)::text AS value FROM webhook_deliveries GROUP BY status',
      }),
      queriedValueGauge(pool, {
        name: 'webhook_alerts',
        help: 'Alerts raised after repeated failed VA / payment-code callbacks',
        sql: 'SELECT count(*)::text AS value FROM webhook_alerts',
      }),
    ];
  }
}
