import { publishGauges } from '@gateway/metrics';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Pool } from 'pg';

/** Callback deliveries and alerts on /metrics, from the webhooks context's own tables. */
@Injectable()
export class WebhookMetrics implements OnApplicationBootstrap {
  constructor(
    private readonly pool: Pool,
    private readonly modules: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    const pool = this.pool;
    publishGauges(this.modules, [
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
    ]);
  }
}
