import { AppConfig } from '@gateway/config';
import { publishGauges } from '@gateway/metrics';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Pool } from 'pg';

/**
 * The last position handed out by the PostgreSQL log (approximate: a rolled-back append also
 * uses one). Declared here, where the log's tables are, for whoever measures how far behind it
 * they are (the projections' lag gauge).
 */
export async function postgresLogHead(pool: Pool): Promise<bigint> {
  const { rows } = await pool.query<{ head: string }>('SELECT last_value::text AS head FROM es_events_position_seq');
  return BigInt(rows[0].head);
}

/** The PostgreSQL log's own gauge on /metrics (nothing with the EventStoreDB adapter). */
@Injectable()
export class PostgresLogMetrics implements OnApplicationBootstrap {
  constructor(
    private readonly pool: Pool,
    private readonly config: AppConfig,
    private readonly modules: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.EVENT_STORE !== 'postgres') return;
    const pool = this.pool;
    publishGauges(this.modules, [
      {
        name: 'event_store_held_back_seconds',
        help:
          'How long the oldest committed event has been invisible to projections and webhooks ' +
          '(a transaction older than it, anywhere in the cluster, is still running); 0 when none',
        async collect() {
          // Readers see only events older than every running transaction (design §3): a committed
          // event at or past the snapshot's xmin waits, and so does everything after it.
          const { rows } = await pool.query<{ age: string }>(
            `SELECT coalesce(extract(epoch FROM clock_timestamp() - min(recorded_at)), 0)::text AS age
               FROM es_events WHERE tx_id >= pg_snapshot_xmin(pg_current_snapshot())`,
          );
          this.set(Math.max(Number(rows[0].age), 0));
        },
      },
    ]);
  }
}
