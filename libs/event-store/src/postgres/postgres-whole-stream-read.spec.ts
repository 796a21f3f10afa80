import { randomUUID } from 'node:crypto';
import { CombinedLookups } from '@gateway/database';
import { countingPool, type CountingPool, storeForSuite } from '@gateway/testing';
import type { NewEvent } from '../event-envelope';
import { eventStoreMigrations } from './event-store.migrations';
import { PostgresEventStore } from './postgres-event-store';

const event = (data: Record<string, unknown>): NewEvent => ({
  id: randomUUID(),
  type: 'Noted',
  data,
  metadata: {
    businessId: 'biz_whole',
    mode: 'test',
    correlationId: `req_${randomUUID()}`,
    causationId: randomUUID(),
    actor: 'system:test',
    occurredAt: new Date('2026-11-27T10:00:00.123Z').toISOString(),
  },
});

/** A command's whole-stream read: a `CombinedLookups` kind whose events travel as JSON. */
describe('PostgresEventStore whole-stream reads', () => {
  let lookups: CountingPool;
  // Only the combined look-ups go through the counted pool: appends and their signal do not.
  const suite = storeForSuite([eventStoreMigrations], (pool) => {
    lookups = countingPool(pool);
    return new PostgresEventStore(pool, { lookups: new CombinedLookups(lookups.pool) });
  });

  it('reads exactly what a read from revision 0 reads: data, metadata, numbers, order', async () => {
    const stream = `whole-${randomUUID()}`;
    await suite.store.append(
      stream,
      [
        event({ amount: 9007199254740991, text: 'Budi 🙂 "quoted" \\ back', nested: { list: [1, 2.5, null, true] } }),
        event({ empty: {}, unicode: 'ä\u2028\u00e9', negative: -0.5 }),
      ],
      'no_stream',
    );
    await suite.store.append(stream, [event({ third: 3 })], 1n);
    const whole = await suite.store.readStream(stream);
    expect(whole.map((recorded) => recorded.revision)).toEqual([0n, 1n, 2n]);
    // A bounded read is the row-by-row statement: the JSON path must decode exactly the same.
    const rows = await suite.store.readStream(stream, { fromRevision: 0n, maxCount: 10 });
    expect(whole).toEqual(rows);
    expect(await suite.store.readStream(stream, { fromRevision: 1n })).toEqual(rows.slice(1));
    expect(await suite.store.readStream(stream, { fromRevision: 3n })).toEqual([]);
    expect(await suite.store.readStream(`none-${randomUUID()}`)).toEqual([]);
  });

  it('streams asked together leave in one statement', async () => {
    const names = [`a-${randomUUID()}`, `b-${randomUUID()}`];
    for (const name of names) await suite.store.append(name, [event({ name })], 'no_stream');
    lookups.reset();
    const [a, b] = await Promise.all(names.map((name) => suite.store.readStream(name)));
    expect([a[0].data, b[0].data]).toEqual(names.map((name) => ({ name })));
    expect(lookups.statements).toBe(1);
  });

  it('tails of streams and whole streams asked together leave in one statement', async () => {
    const names = [`c-${randomUUID()}`, `d with spaces ${randomUUID()}`];
    for (const name of names) {
      await suite.store.append(name, [event({ name, at: 0 }), event({ name, at: 1 })], 'no_stream');
    }
    lookups.reset();
    const [tail, other, whole] = await Promise.all([
      suite.store.readStream(names[0], { fromRevision: 1n }),
      suite.store.readStream(names[1], { fromRevision: 2n }),
      suite.store.readStream(names[1]),
    ]);
    expect(tail.map((recorded) => [recorded.streamName, recorded.revision, recorded.data])).toEqual([
      [names[0], 1n, { name: names[0], at: 1 }],
    ]);
    expect([other, whole.length]).toEqual([[], 2]);
    expect(lookups.statements).toBe(1);
  });
});
