import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Pool } from 'pg';
import { publishGauges, type PublishedGauge } from './publish-gauges';

/**
 * A component's gauges read from its own PostgreSQL tables at scrape time, published on the app's
 * /metrics at bootstrap. A subclass lists them; `collect()` runs with the gauge as `this`, so the
 * pool comes in as a parameter.
 */
@Injectable()
export abstract class PostgresGauges implements OnApplicationBootstrap {
  constructor(
    private readonly pool: Pool,
    private readonly modules: ModuleRef,
  ) {}

  protected abstract gauges(pool: Pool): PublishedGauge[];

  onApplicationBootstrap(): void {
    publishGauges(this.modules, this.gauges(this.pool));
  }
}
