import { randomUUID } from 'node:crypto';
import { eventStoreMigrations, type NewEvent, PostgresEventStore, type RecordedEvent } from '@gateway/event-store';
import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import type { ClientBase } from 'pg';
import type { Projection } from './projection';
import { projectionMigrations, readCheckpoint } from './projection-checkpoints';
import { rebuildAllProjections } from './rebuild-all-projections';

/** Remembers every event id it applied (the primary key catches a double apply). */
function recordingProjection(name: string, eventTypes: string[]): Projection {
  return {
    name,
    tables: [`${name}_seen`],
    eventTypes,
    async apply(events: RecordedEvent[], tx: ClientBase) {
      await tx.query(`INSERT INTO ${name}_seen (event_id, type) SELECT * FROM unnest($1::uuid[], $2::text[])`, [
        events.map((e) => e.id),
        events.map((e) => e.type),
      ]);
    },
  };
}

const tableFor = (name: string) => ({
  component: `test-${name}`,
  migrations: [
    { version: 1, name: 'table', sql: `CREATE TABLE ${name}_seen (event_id uuid PRIMARY KEY, type text NOT NULL);` },
  ],
});

const event = (type: string): NewEvent => ({
  id: randomUUID(),
  type,
  data: {},
  metadata: { correlationId: 'test', actor: 'system:test', occurredAt: new Date(0).toISOString() },
});

describe('rebuildAllProjections', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase([
      eventStoreMigrations,
      projectionMigrations,
      tableFor('busy'),
      tableFor('rare'),
      tableFor('idle'),
    ]);
    store = new PostgresEventStore(db.pool, { pollIntervalMs: 50 });
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it(
    'applies every event once to each projection that wants it and moves every checkpoint to the end, ' +
      'idle ones included',
    async () => {
      // 250 events, pages of 3: 'Rare' appears in two pages only, 'Never' in none, so the rare and
      // idle projections skip most pages (and more than 20 in a row) without a transaction.
      for (let i = 0; i < 50; i += 1) {
        const types =
          i === 7 || i === 40 ? ['Busy', 'Rare', 'Busy', 'Busy', 'Busy'] : ['Busy', 'Busy', 'Busy', 'Busy', 'Busy'];
        await store.append(`thing-${i}`, types.map(event), 'no_stream');
      }
      const busy = recordingProjection('busy', ['Busy']);
      const rare = recordingProjection('rare', ['Rare']);
      const idle = recordingProjection('idle', ['Never']);
      // Stale rows from before: the rebuild empties the tables first.
      await db.pool.query(`INSERT INTO rare_seen VALUES ($1, 'Stale')`, [randomUUID()]);

      // The log shows an append once no older transaction is still open (on the whole server,
      // which other suites share): wait until all 250 are readable, as the rebuild stops at the end.
      const deadline = Date.now() + 30_000;
      while ((await store.readAll({ maxCount: 1000 })).length < 250 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));

      const result = await rebuildAllProjections(db.pool, store, [busy, rare, idle], { pageSize: 3 });

      expect(result).toMatchObject({ projections: ['busy', 'rare', 'idle'], events: 250 });
      const count = async (table: string) =>
        Number((await db.pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
      expect(await count('busy_seen')).toBe(248);
      expect((await db.pool.query('SELECT type FROM rare_seen')).rows).toEqual([{ type: 'Rare' }, { type: 'Rare' }]);
      expect(await count('idle_seen')).toBe(0);
      const end = (await store.readAll({ maxCount: 1000 })).at(-1)!.position;
      for (const name of ['busy', 'rare', 'idle']) {
        const checkpoint = await readCheckpoint(db.pool, name);
        expect(checkpoint?.position).toEqual(end);
        expect(checkpoint?.eventsSeen).toBe(250n);
      }
    },
  );
});
