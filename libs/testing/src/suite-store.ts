import type { Pool } from 'pg';
import type { MigrationSet } from '@gateway/database';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface SuiteStore<TStore> {
  readonly db: TestDatabase;
  readonly store: TStore;
}

/**
 * The store a `describe` tests, on a fresh database of its own: the database is migrated and the
 * store opened before the first test; after the last, the store is closed (when it can be) and the
 * database dropped. Read `db` and `store` inside tests and hooks, once `beforeAll` has run:
 *
 *   const suite = storeForSuite([eventStoreMigrations], (pool) => new PostgresEventStore(pool));
 *   it('...', async () => { await suite.store.append(...); });
 */
export function storeForSuite<TStore extends object>(
  migrations: MigrationSet[],
  open: (pool: Pool) => TStore,
): SuiteStore<TStore> {
  let opened: SuiteStore<TStore> | undefined;
  beforeAll(async () => {
    const db = await createTestDatabase(migrations);
    opened = { db, store: open(db.pool) };
  });
  afterAll(async () => {
    if (opened && isClosable(opened.store)) await opened.store.close();
    await opened?.db.drop();
  });
  const current = (): SuiteStore<TStore> => {
    if (!opened) throw new Error('storeForSuite: read the store inside a test or hook, after beforeAll');
    return opened;
  };
  return {
    get db() {
      return current().db;
    },
    get store() {
      return current().store;
    },
  };
}

/** A store with resources of its own (a listener, timers) to release before its database is dropped. */
interface Closable {
  close(): Promise<void>;
}

function isClosable(store: object): store is Closable {
  return typeof (store as Partial<Closable>).close === 'function';
}
