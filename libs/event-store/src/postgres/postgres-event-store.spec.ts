import { createTestDatabase } from '@gateway/testing';
import { describeEventStoreContract } from '../contract/event-store.contract';
import { eventStoreMigrations } from './event-store.migrations';
import { PostgresEventStore } from './postgres-event-store';

describeEventStoreContract('postgres', async () => {
  const database = await createTestDatabase([eventStoreMigrations], 60);
  const store = new PostgresEventStore(database.pool, { pollIntervalMs: 100 });
  return {
    store,
    storeWith: (schemas) => new PostgresEventStore(database.pool, { pollIntervalMs: 100, schemas }),
    dispose: async () => {
      await store.close();
      await database.drop();
    },
  };
});
