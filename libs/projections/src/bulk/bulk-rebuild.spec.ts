import { randomUUID } from 'node:crypto';
import { eventStoreMigrations, type NewEvent, PostgresEventStore, type RecordedEvent } from '@gateway/event-store';
import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import type { ClientBase } from 'pg';
import type { Projection } from '../projection';
import { projectionMigrations, readCheckpoint } from '../projection-checkpoints';
import { ProjectionRunner } from '../projection-runner';
import { rebuildAllProjections } from '../rebuild-all-projections';
import { copyInto, copyText } from './copy-into';

const NAME = 'bulky';

/**
 * One row per event (keyed by event id, as the ledger journal is) plus a running count per stream.
 * Live: INSERT … ON CONFLICT. Bulk: COPY into `bulky_rows` without its indexes, which are a
 * primary key, a unique constraint and a partial index (definitions must come back exactly).
 */
function bulkyProjection(options: { failOnBulkPage?: number } = {}): Projection {
  let bulkPages = 0;
  const count = async (tx: ClientBase, streams: string[]) =>
    tx.query(
      `INSERT INTO bulky_counts (stream_name, events) SELECT s, ` +
        `count(*) FROM unnest($1::text[]) AS s GROUP BY s ORDER BY s
       ON CONFLICT (stream_name) DO UPDATE SET events = bulky_counts.events + excluded.events`,
      [streams],
    );
  return {
    name: NAME,
    tables: ['bulky_rows', 'bulky_counts'],
    eventTypes: ['Counted'],
    async apply(events: RecordedEvent[], tx: ClientBase) {
      const { rows } = await tx.query<{ stream_name: string }>(
        `INSERT INTO bulky_rows (event_id, stream_name, revision, label) SELECT * FROM unnest($1::uuid[], ` +
          `$2::text[], $3::int[], $4::text[])
         ON CONFLICT (event_id) DO NOTHING RETURNING stream_name`,
        [
          events.map((e) => e.id),
          events.map((e) => e.streamName),
          events.map((e) => Number(e.revision)),
          events.map((e) => (e.data as { label: string }).label),
        ],
      );
      await count(
        tx,
        rows.map((row) => row.stream_name),
      );
    },
    bulkLoad: {
      deferIndexesOn: ['bulky_rows'],
      async apply(events: RecordedEvent[], tx: ClientBase) {
        bulkPages += 1;
        await copyInto(
          tx,
          'bulky_rows',
          ['event_id', 'stream_name', 'revision', 'label'],
          events
            .map(
              (e) =>
                `${e.id}\t${copyText(e.streamName)}\t${e.revision}\t${copyText((e.data as { label: string }).label)}\n`,
            )
            .join(''),
        );
        await count(
          tx,
          events.map((e) => e.streamName),
        );
        if (bulkPages === options.failOnBulkPage) throw new Error('the rebuild is cut short');
      },
    },
  };
}

const tables = {
  component: 'test-bulky',
  migrations: [
    {
      version: 1,
      name: 'tables',
      sql:
        `CREATE TABLE bulky_rows (event_id uuid PRIMARY KEY, stream_name text NOT NULL, revision int NOT NULL, ` +
        `label text,
                                     CONSTRAINT bulky_rows_stream_revision UNIQUE (stream_name, revision));
            CREATE INDEX bulky_rows_late ON bulky_rows (stream_name, label) WHERE revision > 2;
            CREATE TABLE bulky_counts (stream_name text PRIMARY KEY, events bigint NOT NULL);`,
    },
  ],
};

const event = (type: string, label: string): NewEvent => ({
  id: randomUUID(),
  type,
  data: { label },
  metadata: { correlationId: 'test', actor: 'system:test', occurredAt: new Date(0).toISOString() },
});

describe('a bulk rebuild (COPY, indexes deferred)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let live: Awaited<ReturnType<typeof snapshot>>;
  const TOTAL = 120;

  const snapshot = async () => ({
    rows: (await db.pool.query('SELECT * FROM bulky_rows ORDER BY event_id')).rows,
    counts: (await db.pool.query('SELECT * FROM bulky_counts ORDER BY stream_name')).rows,
    indexes: (
      await db.pool.query(
        `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'bulky_rows' ORDER BY indexname`,
      )
    ).rows,
    constraints: (
      await db.pool.query(
        `SELECT conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = ` +
          `'bulky_rows'::regclass AND contype IN ('p', 'u', 'x') ORDER BY conname`,
      )
    ).rows,
  });
  const deferred = async () =>
    (await db.pool.query('SELECT deferred_indexes FROM projection_checkpoints WHERE name = $1', [NAME])).rows[0]
      ?.deferred_indexes;

  beforeAll(async () => {
    db = await createTestDatabase([eventStoreMigrations, projectionMigrations, tables]);
    store = new PostgresEventStore(db.pool, { pollIntervalMs: 50 });
    // 30 streams of 4 (labels with the characters COPY's text format escapes), plus events of
    // another type the projection skips.
    for (let i = 0; i < 30; i += 1) {
      await store.append(
        `thing-${i}`,
        ['Counted', 'Counted', 'Other', 'Counted', 'Counted'].map((type, n) => event(type, `label\t${i}\\${n}\n`)),
        'no_stream',
      );
    }
    const deadline = Date.now() + 30_000;
    while ((await store.readAll({ maxCount: 1000 })).length < 150 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    // The reference: the live apply, one runner catching up in batches of 7.
    expect(
      await new ProjectionRunner(db.pool, store, bulkyProjection(), undefined, { batchSize: 7 }).runUntilCaughtUp(),
    ).toBe(true);
    live = await snapshot();
    expect(live.rows).toHaveLength(TOTAL);
    expect(live.indexes).toHaveLength(3);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('yields the live tables, with every index built again as it was', async () => {
    const result = await rebuildAllProjections(db.pool, store, [bulkyProjection()], { pageSize: 11 });
    expect(result.events).toBe(150);
    expect(await snapshot()).toEqual(live);
    expect(await deferred()).toBeNull();
    expect((await readCheckpoint(db.pool, NAME))?.eventsSeen).toBe(150n);
  });

  it(
    'cut short, leaves consistent pages and the record of its dropped indexes; ' +
      'a runner builds them and finishes the live way',
    async () => {
      await expect(
        rebuildAllProjections(db.pool, store, [bulkyProjection({ failOnBulkPage: 4 })], { pageSize: 11 }),
      ).rejects.toThrow('cut short');
      const checkpoint = await readCheckpoint(db.pool, NAME);
      expect(checkpoint?.eventsSeen).toBe(33n); // three pages committed, the fourth rolled back
      const halfway = await snapshot();
      expect(halfway.indexes).toEqual([]);
      expect(halfway.constraints).toEqual([]);
      // 33 events: six whole streams (4 rows each) and the first three of the seventh (2 rows).
      expect(halfway.rows).toHaveLength(26);
      expect((await deferred()).map((index: { name: string }) => index.name).sort()).toEqual([
        'bulky_rows_late',
        'bulky_rows_pkey',
        'bulky_rows_stream_revision',
      ]);

      expect(
        await new ProjectionRunner(db.pool, store, bulkyProjection(), undefined, { batchSize: 13 }).runUntilCaughtUp(),
      ).toBe(true);
      expect(await snapshot()).toEqual(live);
      expect(await deferred()).toBeNull();
    },
  );

  it('cut short, then rebuilt again: the second rebuild starts from the recorded indexes', async () => {
    await expect(
      rebuildAllProjections(db.pool, store, [bulkyProjection({ failOnBulkPage: 2 })], { pageSize: 11 }),
    ).rejects.toThrow('cut short');
    expect(await deferred()).toHaveLength(3);
    await rebuildAllProjections(db.pool, store, [bulkyProjection()], { pageSize: 50 });
    expect(await snapshot()).toEqual(live);
    expect(await deferred()).toBeNull();
  });
});
