import { type DynamicModule, Global, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { CombinedLookups, createGatewayPool } from '@gateway/database';
import { AppConfig } from '@gateway/config';
import { BusinessClock } from '@gateway/clock';
import { Clock } from '@gateway/clock';
import { TestClockStore } from '@gateway/clock';
import { IdGenerator, RandomIdGenerator } from '../ids/id-generator';
import { Scheduler } from '@gateway/scheduler';
import { SchedulerMetrics } from '@gateway/scheduler';

export interface PlatformModuleOptions {
  config: AppConfig;
  databaseUrl: string;
  poolSize?: number;
}

/** Ends the pool last, after subscriptions and job runners have stopped (they stop on module destroy). */
@Injectable()
class PoolShutdown implements OnApplicationShutdown {
  constructor(private readonly pool: Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

/** Configuration, the PostgreSQL pool, clock, ids and scheduler, for every app. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformModuleOptions): DynamicModule {
    return {
      module: PlatformModule,
      providers: [
        { provide: AppConfig, useValue: options.config },
        {
          provide: Pool,
          useFactory: () =>
            createGatewayPool({
              connectionString: options.databaseUrl,
              max: options.poolSize ?? 20,
              // pg ends idle timers at 0: a connection is then never closed for being idle.
              idleTimeoutMillis: options.config.DATABASE_POOL_IDLE_SECONDS * 1000,
            }),
        },
        PoolShutdown,
        { provide: IdGenerator, useClass: RandomIdGenerator },
        // One per process: look-ups of different kinds (settings, test clock, business) share statements.
        { provide: CombinedLookups, useFactory: (pool: Pool) => new CombinedLookups(pool), inject: [Pool] },
        {
          provide: TestClockStore,
          useFactory: (pool: Pool, lookups: CombinedLookups) => new TestClockStore(pool, lookups),
          inject: [Pool, CombinedLookups],
        },
        {
          provide: Clock,
          useFactory: (testClocks: TestClockStore) => new BusinessClock(testClocks),
          inject: [TestClockStore],
        },
        { provide: Scheduler, useFactory: (pool: Pool) => new Scheduler(pool), inject: [Pool] },
        SchedulerMetrics,
      ],
      exports: [AppConfig, Pool, CombinedLookups, IdGenerator, TestClockStore, Clock, Scheduler],
    };
  }
}
