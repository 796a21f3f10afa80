import { PostgresGauges, type PublishedGauge } from '@gateway/metrics';
import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

/** Callback deliveries and alerts on /metrics, from the webhooks context's own tables. */
@Injectable()
export class WebhookMetrics extends PostgresGauges {
  protected gauges(pool: Pool): PublishedGauge[] {
    return [
      {
        name: 'webhook_deliveries',
        help: 'Callback deliveries by status',
        labelNames: ['status'],
        async collect() {
          const { rows } = await pool.query<{ status: string; count: string }>(
            'SELECT status, count(*)::text AS count FROM webhook_deliveries GROUP BY status',
          );
          this.reset();
          for (const row of rows) this.set({ status: row.status }, Number(row.count));
        },
      },
      {
        name: 'webhook_alerts',
        help: 'Alerts raised after repeated failed VA / payment-code callbacks',
        async collect() {
          const { rows } = await pool.query<{ count: string }>('SELECT count(*)::text AS count FROM webhook_alerts');
          this.set(Number(rows[0].count));
        },
      },
    ];
  }
}
