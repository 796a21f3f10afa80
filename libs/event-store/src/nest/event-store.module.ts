import { type DynamicModule, Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@gateway/config';
import { CombinedLookups } from '@gateway/database';
import { Pool } from 'pg';
import { EVENT_STORE, type EventStore } from '../event-store.port';
import { EventStoreDbEventStore } from '../eventstoredb/eventstoredb-event-store';
import { PostgresEventStore } from '../postgres/postgres-event-store';
import { PostgresLogMetrics } from '../postgres/postgres-log-metrics';
import type { EventSchemaRegistry } from '../schema/event-schema-registry';
import './event-store-http-errors';

@Injectable()
class EventStoreShutdown implements OnApplicationShutdown {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

/**
 * Provides the configured EventStore adapter under the EVENT_STORE token, with the registry of
 * every event type's schema version and upcasters (built at startup by libs/bootstrap, which
 * refuses a chain with a gap before anything is read).
 */
@Global()
@Module({})
export class EventStoreModule {
  static forRoot(schemas: EventSchemaRegistry): DynamicModule {
    return {
      module: EventStoreModule,
      providers: [
        {
          provide: EVENT_STORE,
          // The process's combined look-ups: a command's stream read leaves with its settings and clock.
          useFactory: (config: AppConfig, pool: Pool, lookups: CombinedLookups): EventStore =>
            config.EVENT_STORE === 'eventstoredb'
              ? new EventStoreDbEventStore(config.EVENTSTORE_CONNECTION_STRING!, { schemas })
              : new PostgresEventStore(pool, { schemas, lookups }),
          inject: [AppConfig, Pool, CombinedLookups],
        },
        EventStoreShutdown,
        PostgresLogMetrics,
      ],
      exports: [EVENT_STORE],
    };
  }
}
