import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import type { NewEvent, RecordedEvent } from '../event-envelope';
import { eventStoreMigrations } from './event-store.migrations';
import { PostgresEventStore } from './postgres-event-store';

/**
 * readAll (binary COPY, decoded by hand) and readStream (an ordinary query through pg's own
 * parsers) must return identical events: the store has two decoders, this keeps them in step.
 */
describe('PostgresEventStore readAll', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase([eventStoreMigrations], 4);
    store = new PostgresEventStore(database.pool, { pollIntervalMs: 100 });
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('returns exactly what readStream returns, field for field', async () => {
    const streams = [`charge-${randomUUID()}`, `payout-ünïcødé-💸-${randomUUID()}`];
    const events = (n: number): NewEvent[] =>
      Array.from({ length: n }, (_, i) => ({
        id: randomUUID(),
        type: i % 2 ? 'ChargeCaptured' : 'Événement·注册',
        data: {
          i,
          amount: '90071992547409930',
          note: 'quote " backslash \\ newline \n emoji 💳',
          nested: { list: [1, null, true, { deep: 'ß' }] },
        },
        metadata: {
          businessId: 'biz_1',
          mode: 'test',
          correlationId: `req_${i}`,
          actor: 'system:test',
          occurredAt: new Date(i).toISOString(),
          extra: { ok: true },
        },
      }));
    await store.append(streams[0], events(30), 'no_stream');
    await store.append(
      streams[1],
      [...events(5), { ...events(1)[0], data: { big: 'y'.repeat(300_000) } }],
      'no_stream',
    );

    const fromStreams = [...(await store.readStream(streams[0])), ...(await store.readStream(streams[1]))];
    // The global log hides a commit while an older transaction still runs: read until all show.
    let fromAll: RecordedEvent[] = [];
    for (const deadline = Date.now() + 10_000; fromAll.length < fromStreams.length && Date.now() < deadline;) {
      fromAll = [];
      let after;
      for (;;) {
        const page = await store.readAll({ after, maxCount: 7 });
        if (page.length === 0) break;
        fromAll.push(...page.filter((event) => streams.includes(event.streamName)));
        after = page[page.length - 1].position;
      }
    }
    expect(fromAll).toEqual(fromStreams);
    expect(
      fromAll.every((event) => event.recordedAt instanceof Date && typeof event.position.commit === 'bigint'),
    ).toBe(true);
  });

  it('reads nothing with maxCount 0 and refuses a negative or fractional maxCount', async () => {
    expect(await store.readAll({ maxCount: 0 })).toEqual([]);
    await expect(store.readAll({ maxCount: -1 })).rejects.toThrow(RangeError);
    await expect(store.readAll({ maxCount: 1.5 })).rejects.toThrow(RangeError);
  });

  it('refuses a position that is not an integer instead of sending it to the server', async () => {
    const bad = { commit: '1); DROP TABLE es_events; --' as unknown as bigint, prepare: 0n };
    await expect(store.readAll({ after: bad })).rejects.toThrow(SyntaxError);
    expect(await store.readAll({ maxCount: 1 })).toHaveLength(1);
  });
});
