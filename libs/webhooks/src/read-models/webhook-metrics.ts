import { type GaugeQuery, PostgresGauges } from '@gateway/metrics';
import { Injectable } from '@nestjs/common';

const DELIVERIES_BY_STATUS: GaugeQuery = {
  name: 'webhook_deliveries',
  help: 'Callback deliveries by status',
  label: 'status',
  sql: 'SELECT status AS label, count(*)::text AS value FROM webhook_deliveries GROUP BY status',
};

const ALERTS: GaugeQuery = {
  name: 'webhook_alerts',
  help: 'Alerts raised after repeated failed VA / payment-code callbacks',
  sql: 'SELECT count(*)::text AS value FROM webhook_alerts',
};

/** Callback deliveries and alerts on /metrics, from the webhooks context's own tables. */
@Injectable()
export class WebhookMetrics extends PostgresGauges {
  protected readonly queries = [DELIVERIES_BY_STATUS, ALERTS];
}
