import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Pool } from 'pg';
import { publishGauges } from './publish-gauges';
import { type GaugeQuery, queriedGauge } from './queried-gauges';

/**
 * A component's gauges read from its own PostgreSQL tables at scrape time, published on the app's
 * /metrics at bootstrap. A subclass lists their queries; this class gives them the pool.
 */
@Injectable()
export abstract class PostgresGauges implements OnApplicationBootstrap {
  constructor(
    private readonly pool: Pool,
    private readonly modules: ModuleRef,
  ) {}

  protected abstract readonly queries: readonly GaugeQuery[];

  onApplicationBootstrap(): void {
    publishGauges(
      this.modules,
      this.queries.map((query) => queriedGauge(this.pool, query)),
    );
  }
}
