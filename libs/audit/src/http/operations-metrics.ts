import { AppConfig, HttpMetrics } from '@gateway/platform';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Pool } from 'pg';
import { Gauge } from 'prom-client';

/**
 * Gauges the operations guide alerts on, read from PostgreSQL at scrape time (so every api
 * process reports the same values): projection lag and errors, events held back from readers by
 * a long transaction, scheduler backlog, webhook delivery failures and alerts. The 5xx rate comes
 * from `http_requests_total{status}`.
 */
@Injectable()
export class OperationsMetrics implements OnApplicationBootstrap {
  constructor(
    private readonly pool: Pool,
    private readonly config: AppConfig,
    private readonly modules: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    const http = this.httpMetrics();
    if (!http) return; // the worker and the CLI serve no /metrics
    const registers = [http.registry];
    const pool = this.pool;
    const postgresLog = this.config.EVENT_STORE === 'postgres';
    new Gauge({
      name: 'projection_lag_events',
      help: 'Events appended after the projection checkpoint (PostgreSQL event store; approximate)',
      labelNames: ['projection'],
      registers,
      async collect() {
        if (!postgresLog) return;
        const { rows } = await pool.query<{ name: string; lag: string }>(
          `SELECT c.name, greatest((SELECT last_value FROM es_events_position_seq) - c.prepare_pos, 0)::text AS lag
             FROM projection_checkpoints c`,
        );
        this.reset();
        for (const row of rows) this.set({ projection: row.name }, Number(row.lag));
      },
    });
    new Gauge({
      name: 'event_store_held_back_seconds',
      help: 'How long the oldest committed event has been invisible to projections and webhooks (a transaction older than it, anywhere in the cluster, is still running); 0 when none',
      registers,
      async collect() {
        if (!postgresLog) return;
        // Readers see only events older than every running transaction (design §3): a committed
        // event at or past the snapshot's xmin waits, and so does everything after it.
        const { rows } = await pool.query<{ age: string }>(
          `SELECT coalesce(extract(epoch FROM clock_timestamp() - min(recorded_at)), 0)::text AS age
             FROM es_events WHERE tx_id >= pg_snapshot_xmin(pg_current_snapshot())`,
        );
        this.set(Math.max(Number(rows[0].age), 0));
      },
    });
    new Gauge({
      name: 'projection_failing',
      help: '1 when the projection last failed a batch (see `projections status`)',
      labelNames: ['projection'],
      registers,
      async collect() {
        const { rows } = await pool.query<{ name: string; failing: boolean }>('SELECT name, last_error IS NOT NULL AS failing FROM projection_checkpoints');
        this.reset();
        for (const row of rows) this.set({ projection: row.name }, row.failing ? 1 : 0);
      },
    });
    new Gauge({
      name: 'scheduler_jobs',
      help: 'Scheduled jobs by status; overdue = pending and due over a minute ago (real time)',
      labelNames: ['status'],
      registers,
      async collect() {
        const { rows } = await pool.query<{ status: string; count: string }>(
          `SELECT status, count(*)::text AS count FROM scheduled_jobs WHERE status IN ('pending', 'running', 'failed') GROUP BY status
           UNION ALL
           SELECT 'overdue', count(*)::text FROM scheduled_jobs WHERE status = 'pending' AND due_at < now() - interval '1 minute'`,
        );
        this.reset();
        for (const status of ['pending', 'running', 'failed', 'overdue']) this.set({ status }, Number(rows.find((r) => r.status === status)?.count ?? 0));
      },
    });
    new Gauge({
      name: 'webhook_deliveries',
      help: 'Callback deliveries by status',
      labelNames: ['status'],
      registers,
      async collect() {
        const { rows } = await pool.query<{ status: string; count: string }>('SELECT status, count(*)::text AS count FROM webhook_deliveries GROUP BY status');
        this.reset();
        for (const row of rows) this.set({ status: row.status }, Number(row.count));
      },
    });
    new Gauge({
      name: 'webhook_alerts',
      help: 'Alerts raised after repeated failed VA / payment-code callbacks',
      registers,
      async collect() {
        const { rows } = await pool.query<{ count: string }>('SELECT count(*)::text AS count FROM webhook_alerts');
        this.set(Number(rows[0].count));
      },
    });
    new Gauge({
      name: 'audit_last_anchor_age_seconds',
      help: 'Seconds since the last anchor over the global log was written',
      registers,
      async collect() {
        const { rows } = await pool.query<{ age: string | null }>('SELECT extract(epoch FROM now() - max(created_at))::text AS age FROM audit_anchors');
        this.set(rows[0].age === null ? -1 : Number(rows[0].age));
      },
    });
  }

  /** The api's registry (HttpEdgeModule); absent in the worker and the CLI. */
  private httpMetrics(): HttpMetrics | undefined {
    try {
      return this.modules.get(HttpMetrics, { strict: false });
    } catch {
      return undefined;
    }
  }
}
