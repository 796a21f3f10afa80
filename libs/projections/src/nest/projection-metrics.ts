import { AppConfig } from '@gateway/config';
import { publishGauges } from '@gateway/metrics';
import { postgresLogHead } from '@gateway/event-store';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Pool } from 'pg';

/** The projections' health on /metrics, from their checkpoints: how far behind, and failing or not. */
@Injectable()
export class ProjectionMetrics implements OnApplicationBootstrap {
  constructor(
    private readonly pool: Pool,
    private readonly config: AppConfig,
    private readonly modules: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    const pool = this.pool;
    const postgresLog = this.config.EVENT_STORE === 'postgres';
    publishGauges(this.modules, [
      {
        name: 'projection_lag_events',
        help: 'Events appended after the projection checkpoint (PostgreSQL event store; approximate)',
        labelNames: ['projection'],
        async collect() {
          if (!postgresLog) return;
          const head = await postgresLogHead(pool);
          const { rows } = await pool.query<{ name: string; prepare_pos: string }>(
            'SELECT name, prepare_pos::text AS prepare_pos FROM projection_checkpoints',
          );
          this.reset();
          for (const row of rows) {
            const lag = head - BigInt(row.prepare_pos);
            this.set({ projection: row.name }, Number(lag > 0n ? lag : 0n));
          }
        },
      },
      {
        name: 'projection_failing',
        help: '1 when the projection last failed a batch (see `projections status`)',
        labelNames: ['projection'],
        async collect() {
          const { rows } = await pool.query<{ name: string; failing: boolean }>(
            'SELECT name, last_error IS NOT NULL AS failing FROM projection_checkpoints',
          );
          this.reset();
          for (const row of rows) this.set({ projection: row.name }, row.failing ? 1 : 0);
        },
      },
    ]);
  }
}
