import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import { randomUUID } from 'node:crypto';
import { CHAIN_START, chainHash, chainHashOf } from '../chain/chain-hash';
import type { RecordedEvent } from '../event-envelope';
import type { AppendRequest } from './append-combiner';
import { eventStoreMigrations } from './event-store.migrations';
import { PostgresEventStore } from './postgres-event-store';

interface Outcome {
  idx: number;
  ok: boolean;
  duplicate: boolean;
  revision: string | null;
  tx_id: string | null;
  last_position: string | null;
}

const NO_STREAM = 1;
const EXACTLY = 2;
const ANY = 0;

const event = (type: string, data: unknown = { n: Math.random() }) => ({
  id: randomUUID(),
  type,
  data,
  metadata: { businessId: 'biz_1', mode: 'test', correlationId: `req_${type}` },
});

/**
 * es_append_batch decides each append of a combined batch on its own: expected revisions, streams
 * named twice in one batch, refusals with the actual revision, and one hash chain per stream from
 * its start. (A set-based variant for new streams was measured and not kept: docs/benchmarks.md,
 * "Seventh cut"; these cases are what any rewrite must still answer the same way.)
 */
describe('es_append_batch', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase([eventStoreMigrations]);
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const appendBatch = async (appends: AppendRequest[]): Promise<Outcome[]> =>
    (
      await db.pool.query<Outcome>(
        'SELECT idx, ok, duplicate, revision, tx_id, last_position FROM es_append_batch($1) ORDER BY idx',
        [JSON.stringify(appends)],
      )
    ).rows;

  /** The stream as the adapter reads it back (its position's `prepare` is the row's position). */
  const streamOf = (stream: string): Promise<RecordedEvent[]> => store.readStream(stream);

  /** Every event's chain hash is the one the verifier computes from its predecessor's. */
  const expectChained = async (stream: string, length: number) => {
    const events = await streamOf(stream);
    expect(events.map((stored) => stored.revision)).toEqual(Array.from({ length }, (_, i) => BigInt(i)));
    let previous = CHAIN_START;
    for (const stored of events) {
      const expected = chainHash(previous, {
        id: stored.id,
        streamName: stored.streamName,
        revision: stored.revision,
        type: stored.type,
        data: stored.data,
        metadata: stored.metadata,
      });
      expect(chainHashOf(stored.metadata)).toBe(expected);
      previous = expected;
    }
    return events;
  };

  it('answers each append of a mixed batch on its own, and chains every new stream from its start', async () => {
    const suffix = randomUUID();
    const existing = `existing-${suffix}`;
    const taken = `taken-${suffix}`;
    await appendBatch([
      { stream: existing, expect: NO_STREAM, revision: null, events: [event('E0'), event('E1')] },
      { stream: taken, expect: NO_STREAM, revision: null, events: [event('T0')] },
    ]);

    const outcomes = await appendBatch([
      // 1: a new stream of three events, chained 0 → 1 → 2
      { stream: `three-${suffix}`, expect: NO_STREAM, revision: null, events: [event('A'), event('B'), event('C')] },
      // 2: the next revision of an existing stream
      { stream: existing, expect: EXACTLY, revision: '1', events: [event('E2')] },
      // 3: no_stream on a stream that exists: refused with its revision
      { stream: taken, expect: NO_STREAM, revision: null, events: [event('T1')] },
      // 4 and 5: two no_stream appends to one new stream: the first wins, the second is refused
      { stream: `twice-${suffix}`, expect: NO_STREAM, revision: null, events: [event('W0')] },
      { stream: `twice-${suffix}`, expect: NO_STREAM, revision: null, events: [event('W1')] },
      // 6: any, to a new stream
      { stream: `any-${suffix}`, expect: ANY, revision: null, events: [event('N0')] },
      // 7: a new stream of one event
      { stream: `one-${suffix}`, expect: NO_STREAM, revision: null, events: [event('O0')] },
    ]);

    expect(outcomes.map(({ idx, ok, duplicate, revision }) => ({ idx, ok, duplicate, revision }))).toEqual([
      { idx: 1, ok: true, duplicate: false, revision: '2' },
      { idx: 2, ok: true, duplicate: false, revision: '2' },
      { idx: 3, ok: false, duplicate: false, revision: '0' },
      { idx: 4, ok: true, duplicate: false, revision: '0' },
      { idx: 5, ok: false, duplicate: false, revision: '0' },
      { idx: 6, ok: true, duplicate: false, revision: '0' },
      { idx: 7, ok: true, duplicate: false, revision: '0' },
    ]);
    // One transaction; refused appends have neither a transaction nor a position.
    const appended = outcomes.filter((outcome) => outcome.ok);
    expect(new Set(appended.map((outcome) => outcome.tx_id)).size).toBe(1);
    for (const refused of outcomes.filter((outcome) => !outcome.ok)) {
      expect(refused.tx_id).toBeNull();
      expect(refused.last_position).toBeNull();
    }

    const three = await expectChained(`three-${suffix}`, 3);
    expect(three.map((stored) => stored.type)).toEqual(['A', 'B', 'C']);
    expect(outcomes[0].last_position).toBe(three[2].position.prepare.toString());
    expect(three[0].position.prepare).toBeLessThan(three[1].position.prepare);
    expect(three[1].position.prepare).toBeLessThan(three[2].position.prepare);
    await expectChained(existing, 3);
    expect((await expectChained(taken, 1))[0].type).toBe('T0');
    expect((await expectChained(`twice-${suffix}`, 1))[0].type).toBe('W0');
    await expectChained(`any-${suffix}`, 1);
    const [one] = await expectChained(`one-${suffix}`, 1);
    expect(outcomes[6].last_position).toBe(one.position.prepare.toString());
  });

  it('keeps the metadata it was given, less any chain hash a caller sent, plus its own', async () => {
    const stream = `sealed-${randomUUID()}`;
    const forged = { ...event('F'), metadata: { businessId: 'biz_1', chainHash: 'forged' } };
    const [outcome] = await appendBatch([{ stream, expect: NO_STREAM, revision: null, events: [forged] }]);
    expect(outcome.ok).toBe(true);
    const [stored] = await expectChained(stream, 1);
    expect(stored.metadata).toEqual({ businessId: 'biz_1', chainHash: expect.not.stringMatching('forged') });
  });

  it('refuses the whole batch when a new stream brings an event id the log already holds', async () => {
    const first = event('D');
    await appendBatch([{ stream: `dup-a-${randomUUID()}`, expect: NO_STREAM, revision: null, events: [first] }]);
    await expect(
      appendBatch([
        { stream: `dup-b-${randomUUID()}`, expect: NO_STREAM, revision: null, events: [event('X')] },
        { stream: `dup-c-${randomUUID()}`, expect: NO_STREAM, revision: null, events: [first] },
      ]),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('lets exactly one of concurrent batches create a stream, the others learning its revision', async () => {
    const stream = `race-${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        appendBatch([
          { stream: `race-other-${i}-${randomUUID()}`, expect: NO_STREAM, revision: null, events: [event('O')] },
          { stream, expect: NO_STREAM, revision: null, events: [event(`R${i}`), event(`R${i}b`)] },
        ]),
      ),
    );
    const racing = results.map((outcomes) => outcomes[1]);
    expect(racing.filter((outcome) => outcome.ok)).toHaveLength(1);
    for (const lost of racing.filter((outcome) => !outcome.ok)) expect(lost.revision).toBe('1');
    for (const outcomes of results) expect(outcomes[0].ok).toBe(true);
    await expectChained(stream, 2);
  });
});
