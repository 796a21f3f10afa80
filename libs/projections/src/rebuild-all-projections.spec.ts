import { randomUUID } from 'node:crypto';
import { eventStoreMigrations, PostgresEventStore, type RecordedEvent } from '@gateway/event-store';
import { storeForSuite } from '@gateway/testing';
import type { ClientBase } from 'pg';
import type { Projection } from './projection';
import { projectionMigrations, readCheckpoint } from './projection-checkpoints';
import { rebuildAllProjections } from './rebuild-all-projections';
import { emptyEvent } from './testing/empty-event';

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

describe('rebuildAllProjections', () => {
  const suite = storeForSuite(
    [eventStoreMigrations, projectionMigrations, tableFor('busy'), tableFor('rare'), tableFor('idle')],
    (pool) => new PostgresEventStore(pool, { pollIntervalMs: 50 }),
  );

  it(
    'applies every event once to each projection that wants it and moves every checkpoint to the end, ' +
      'idle ones included',
    async () => {
      // 250 events, pages of 3: 'Rare' appears in two pages only, 'Never' in none, so the rare and
      // idle projections skip most pages (and more than 20 in a row) without a transaction.
      for (let i = 0; i < 50; i += 1) {
        const types =
          i === 7 || i === 40 ? ['Busy', 'Rare', 'Busy', 'Busy', 'Busy'] : ['Busy', 'Busy', 'Busy', 'Busy', 'Busy'];
        await suite.store.append(`thing-${i}`, types.map(emptyEvent), 'no_stream');
      }
      const busy = recordingProjection('busy', ['Busy']);
      const rare = recordingProjection('rare', ['Rare']);
      const idle = recordingProjection('idle', ['Never']);
      // Stale rows from before: the rebuild empties the tables first.
      await suite.db.pool.query(`INSERT INTO rare_seen VALUES ($1, 'Stale')`, [randomUUID()]);

      // The log shows an append once no older transaction is still open (on the whole server,
      // which other suites share): wait until all 250 are readable, as the rebuild stops at the end.
      const deadline = Date.now() + 30_000;
      while ((await suite.store.readAll({ maxCount: 1000 })).length < 250 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));

      const result = await rebuildAllProjections(suite.db.pool, suite.store, [busy, rare, idle], { pageSize: 3 });

      expect(result).toMatchObject({ projections: ['busy', 'rare', 'idle'], events: 250 });
      const count = async (table: string) =>
        Number((await suite.db.pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
      expect(await count('busy_seen')).toBe(248);
      expect((await suite.db.pool.query('SELECT type FROM rare_seen')).rows).toEqual([
        { type: 'Rare' },
        { type: 'Rare' },
      ]);
      expect(await count('idle_seen')).toBe(0);
      const end = (await suite.store.readAll({ maxCount: 1000 })).at(-1)!.position;
      for (const name of ['busy', 'rare', 'idle']) {
        const checkpoint = await readCheckpoint(suite.db.pool, name);
        expect(checkpoint?.position).toEqual(end);
        expect(checkpoint?.eventsSeen).toBe(250n);
      }
    },
  );
});
