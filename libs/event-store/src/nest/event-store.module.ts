import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@gateway/platform';
import { Pool } from 'pg';
import { EVENT_STORE, type EventStore } from '../event-store.port';
import { EventStoreDbEventStore } from '../eventstoredb/eventstoredb-event-store';
import { PostgresEventStore } from '../postgres/postgres-event-store';
import './event-store-http-errors';

@Injectable()
class EventStoreShutdown implements OnApplicationShutdown {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

/** Provides the configured EventStore adapter under the EVENT_STORE token. */
@Global()
@Module({
  providers: [
    {
      provide: EVENT_STORE,
      useFactory: (config: AppConfig, pool: Pool): EventStore =>
        config.EVENT_STORE === 'eventstoredb'
          ? new EventStoreDbEventStore(config.EVENTSTORE_CONNECTION_STRING!)
          : new PostgresEventStore(pool),
      inject: [AppConfig, Pool],
    },
    EventStoreShutdown,
  ],
  exports: [EVENT_STORE],
})
export class EventStoreModule {}
