import { randomUUID } from 'node:crypto';
import { contractEvent } from './contract-event';
import { asStored, comparePositions, type GlobalPosition, type NewEvent, type RecordedEvent } from '../event-envelope';
import { DuplicateEventIdError, WrongExpectedRevisionError } from '../event-store.errors';
import type { EventStore } from '../event-store.port';
import { describeKeyedReexecution } from '../aggregate/keyed-reexecution.contract';
import { describeClaims } from './claims.contract';
import { CHAIN_HASH_KEY, CHAIN_START, chainHash, chainHashOf, withoutChainHash } from '../chain/chain-hash';
import { EventSchemaError, EventSchemaRegistry, SCHEMA_VERSION_KEY } from '../schema/event-schema-registry';

export interface ContractHarness {
  store: EventStore;
  /** Another store over the same log with this schema registry (the caller closes it). */
  storeWith(schemas: EventSchemaRegistry): EventStore;
  /** Releases everything the harness created. */
  dispose(): Promise<void>;
}

/**
 * The one contract every EventStore adapter passes (design §3). Stream names carry a
 * per-run prefix so the suite also works against a shared EventStoreDB with older data.
 */
export function describeEventStoreContract(adapterName: string, createHarness: () => Promise<ContractHarness>): void {
  describe(`EventStore contract: ${adapterName}`, () => {
    let harness: ContractHarness;
    let store: EventStore;
    const run = randomUUID().replace(/-/g, '').slice(0, 12);
    const stream = (label: string) => `contract${run}${label.replace(/[^a-z0-9]/gi, '')}-${randomUUID()}`;

    beforeAll(async () => {
      harness = await createHarness();
      store = harness.store;
    });
    afterAll(async () => harness?.dispose());

    it('appends to a new stream with no_stream and reads the events back in order', async () => {
      const name = stream('new');
      const result = await store.append(
        name,
        [contractEvent('Opened', { n: 1 }), contractEvent('Renamed', { n: 2 })],
        'no_stream',
      );
      expect(result.nextExpectedRevision).toBe(1n);
      const read = await store.readStream(name);
      expect(read.map((e) => [e.type, e.revision])).toEqual([
        ['Opened', 0n],
        ['Renamed', 1n],
      ]);
      expect(comparePositions(read[1].position, result.position)).toBe(0);
    });

    it('rejects no_stream on an existing stream with the actual revision', async () => {
      const name = stream('exists');
      await store.append(name, [contractEvent('Opened')], 'no_stream');
      const error = await store.append(name, [contractEvent('Opened')], 'no_stream').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect((error as WrongExpectedRevisionError).actual).toBe(0n);
    });

    it('rejects a stale revision and a revision on a missing stream', async () => {
      const name = stream('stale');
      await store.append(name, [contractEvent('A'), contractEvent('B')], 'no_stream');
      const stale = await store.append(name, [contractEvent('C')], 0n).catch((e: unknown) => e);
      expect(stale).toBeInstanceOf(WrongExpectedRevisionError);
      expect((stale as WrongExpectedRevisionError).actual).toBe(1n);
      const missing = await store.append(stream('missing'), [contractEvent('A')], 0n).catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(WrongExpectedRevisionError);
      expect((missing as WrongExpectedRevisionError).actual).toBe('no_stream');
      const ok = await store.append(name, [contractEvent('C')], 1n);
      expect(ok.nextExpectedRevision).toBe(2n);
    });

    it('appends with any to new and existing streams', async () => {
      const name = stream('any');
      expect((await store.append(name, [contractEvent('A')], 'any')).nextExpectedRevision).toBe(0n);
      expect((await store.append(name, [contractEvent('B'), contractEvent('C')], 'any')).nextExpectedRevision).toBe(2n);
    });

    it('(a) lets exactly one of 50 concurrent appends at the same expected revision win', async () => {
      const name = stream('race');
      await store.append(name, [contractEvent('Opened')], 'no_stream');
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) => store.append(name, [contractEvent('Raced', { writer: i })], 0n)),
      );
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(49);
      for (const failure of lost) expect(failure.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(name)).toHaveLength(2);
    });

    it('lets exactly one of 50 concurrent no_stream appends create the stream', async () => {
      const name = stream('create-race');
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          store.append(name, [contractEvent('Reserved', { writer: i })], 'no_stream'),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes)
        if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(name)).toHaveLength(1);
    });

    it('reads a stream backwards, from a revision, and with a max count', async () => {
      const name = stream('read');
      await store.append(name, numbered('Step', 10), 'no_stream');
      const backwards = await store.readStream(name, { direction: 'backwards', maxCount: 3 });
      expect(backwards.map((e) => e.revision)).toEqual([9n, 8n, 7n]);
      const fromFour = await store.readStream(name, { fromRevision: 4n, maxCount: 2 });
      expect(fromFour.map((e) => e.revision)).toEqual([4n, 5n]);
      const backFromFour = await store.readStream(name, { direction: 'backwards', fromRevision: 4n });
      expect(backFromFour.map((e) => e.revision)).toEqual([4n, 3n, 2n, 1n, 0n]);
      expect(await store.readStream(stream('never-written'))).toEqual([]);
    });

    it('never stores two events with the same id', async () => {
      const name = stream('dup');
      const first = contractEvent('Once');
      await store.append(name, [first], 'no_stream');
      const again = await store.append(name, [first], 'any').catch((e: unknown) => e);
      if (again instanceof Error) expect(again).toBeInstanceOf(DuplicateEventIdError);
      expect(await store.readStream(name)).toHaveLength(1);
    });

    it('(c) round-trips the envelope: ids, types, metadata, data and bigint-safe revisions and positions', async () => {
      const name = stream('envelope');
      const sent = contractEvent('ChargeCaptured', {
        amount: 1_000_000_000,
        big: '9007199254740993',
        text: 'Rp 10.000 ✓ 日本語 "quoted" \\ backslash',
        nested: { list: [1, 'two', { three: null }], flag: false },
      });
      sent.metadata = {
        businessId: 'biz_1',
        mode: 'test',
        correlationId: 'req_123',
        causationId: 'cmd_9',
        actor: 'key_abc',
        apiVersion: '2020-02-01',
        occurredAt: '2026-11-22T00:00:00.000Z',
      };
      const appended = await store.append(name, [sent], 'no_stream');
      const [got] = await store.readStream(name);
      expect(got.id).toBe(sent.id);
      expect(got.type).toBe('ChargeCaptured');
      expect(got.data).toEqual(sent.data);
      // The store adds the tamper-evidence link; everything else comes back as sent.
      expect(withoutChainHash(got.metadata)).toEqual(sent.metadata);
      expect(got.metadata[CHAIN_HASH_KEY]).toMatch(/^[0-9a-f]{64}$/);
      expect(got.streamName).toBe(name);
      expect(typeof got.revision).toBe('bigint');
      expect(typeof got.position.commit).toBe('bigint');
      expect(typeof got.position.prepare).toBe('bigint');
      expect(got.position).toEqual(appended.position);
      expect(got.recordedAt).toBeInstanceOf(Date);
      const fromAll = (await readAllOf(store, (e) => e.streamName === name, 1000, 1))[0];
      expect(fromAll.position).toEqual(got.position);
      expect(fromAll.recordedAt.getTime()).toBe(got.recordedAt.getTime());
      expect(fromAll.metadata).toEqual(got.metadata);
    });

    it(
      'chains every event to the previous one of its stream (tamper evidence), ' + 'whatever the expected revision',
      async () => {
        const name = stream('chain');
        await store.append(
          name,
          [contractEvent('Opened', { n: 1.5e-7, big: 1e21 }), contractEvent('Renamed', { text: 'a\\n"b" ✓' })],
          'no_stream',
        );
        await store.append(name, [contractEvent('Renamed', { n: 3 })], 1n);
        await store.append(name, [contractEvent('Closed')], 'any');
        const read = await store.readStream(name);
        let previous = CHAIN_START;
        for (const recorded of read) {
          const expected = chainHash(previous, recorded);
          expect(chainHashOf(recorded.metadata)).toBe(expected);
          previous = expected;
        }
        // A client-supplied chainHash is ignored: the store computes its own.
        const forged = contractEvent('Forged');
        forged.metadata = { ...forged.metadata, [CHAIN_HASH_KEY]: 'f'.repeat(64) };
        await store.append(name, [forged], 3n);
        const [last] = await store.readStream(name, { direction: 'backwards', maxCount: 1 });
        expect(chainHashOf(last.metadata)).toBe(chainHash(previous, last));
      },
    );

    it('reads the global log in pages, strictly after the given position', async () => {
      const name = stream('pages');
      await store.append(name, numbered('Paged', 25), 'no_stream');
      const mine = await readAllOf(store, (e) => e.streamName === name, 7, 25);
      expect(mine.map((e) => (e.data as { i: number }).i)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    });

    it(
      'answers concurrent whole-stream reads each with its own stream (combined reads), ' +
        'and a missing stream with nothing',
      async () => {
        const names = Array.from({ length: 12 }, (_, i) => stream(`whole${i}`));
        await Promise.all(
          names.map((name, i) =>
            store.append(
              name,
              Array.from({ length: (i % 4) + 1 }, (_, n) => contractEvent('Counted', { i, n })),
              'no_stream',
            ),
          ),
        );
        const missing = stream('missing');
        const reads = await Promise.all([...names, missing, ...names].map((name) => store.readStream(name)));
        [...names, missing, ...names].forEach((name, index) => {
          const i = index % (names.length + 1);
          if (name === missing) return expect(reads[index]).toEqual([]);
          expect(reads[index].map((e) => [e.streamName, e.revision, (e.data as { n: number }).n])).toEqual(
            Array.from({ length: (i % 4) + 1 }, (_, n) => [name, BigInt(n), n]),
          );
        });
      },
    );

    it(
      'gives each of 12 subscribers woken by the same ' + 'appends every event exactly once (shared tail reads)',
      async () => {
        const prefix = stream('fanout');
        const start = (await store.append(`${prefix}start`, [contractEvent('Started')], 'no_stream')).position;
        const total = 300;
        const controllers = Array.from({ length: 12 }, () => new AbortController());
        const consumers = controllers.map(async (controller) => {
          const seen = new Map<string, number>();
          for await (const batch of store.subscribeToAll({ after: start, signal: controller.signal, maxCount: 13 })) {
            for (const e of batch) if (e.streamName.startsWith(prefix)) seen.set(e.id, (seen.get(e.id) ?? 0) + 1);
            if (seen.size >= total) controller.abort();
          }
          return seen;
        });
        for (let i = 0; i < total; i += 3) {
          await Promise.all(
            [0, 1, 2].map((k) => store.append(`${prefix}w${k}`, [contractEvent('Loaded', { i: i + k })], 'any')),
          );
        }
        const timeout = setTimeout(() => controllers.forEach((controller) => controller.abort()), 30_000);
        const results = await Promise.all(consumers);
        clearTimeout(timeout);
        for (const seen of results) {
          expect(seen.size).toBe(total);
          expect([...seen.values()].every((count) => count === 1)).toBe(true);
        }
      },
      60_000,
    );

    it(
      '(b) delivers 8 writers x 2,000 events to a running subscriber exactly once, ' + 'in one order, across a restart',
      async () => {
        const prefix = stream('load');
        const writers = 8;
        const perWriter = 2_000;
        const total = writers * perWriter;
        const seen = new Map<string, number>();
        let checkpoint: GlobalPosition | undefined;
        let last: GlobalPosition | undefined;
        let orderViolations = 0;

        const consume = async (stopAfter: number | undefined) => {
          const controller = new AbortController();
          for await (const batch of store.subscribeToAll({
            after: checkpoint,
            signal: controller.signal,
            maxCount: 500,
          })) {
            for (const e of batch) {
              if (last && comparePositions(e.position, last) <= 0) orderViolations++;
              last = e.position;
              if (e.streamName.startsWith(prefix)) seen.set(e.id, (seen.get(e.id) ?? 0) + 1);
            }
            checkpoint = batch[batch.length - 1].position;
            if ((stopAfter !== undefined && seen.size >= stopAfter) || seen.size >= total) controller.abort();
          }
        };

        const write = async (writer: number) => {
          for (let i = 0; i < perWriter; i += 1) {
            await store.append(`${prefix}w${writer}x${i % 50}`, [contractEvent('Loaded', { writer, i })], 'any');
          }
        };

        const writing = Promise.all(Array.from({ length: writers }, (_, w) => write(w)));
        await consume(total / 3); // stop midway, keeping only the stored checkpoint
        await consume(undefined); // restart from the checkpoint and read to the end
        await writing;
        if (seen.size < total) await consume(undefined);

        expect(seen.size).toBe(total);
        expect([...seen.values()].every((count) => count === 1)).toBe(true);
        expect(orderViolations).toBe(0);
      },
      180_000,
    );

    it('stamps the current schema version on append and upcasts on every read, keeping the stored form', async () => {
      const type = `ContractShaped${run}`;
      const toMinor = (data: unknown) => ({ amountMinor: (data as { amount: number }).amount });
      const renamed = { type, fromVersion: 1, upcast: toMinor };
      const declare = (version: number) =>
        EventSchemaRegistry.fromDeclarations([
          { owner: 'contract', versions: { [type]: version }, upcasters: version === 2 ? [renamed] : [] },
        ]);
      const v1 = harness.storeWith(declare(1));
      const v2 = harness.storeWith(declare(2));
      try {
        const name = stream('versioned');
        const start = (await store.append(`${name}start`, [contractEvent('Started')], 'no_stream')).position;
        await v1.append(name, [contractEvent(type, { amount: 5 }), contractEvent(type, { amount: 7 })], 'no_stream');
        await v2.append(name, [contractEvent(type, { amountMinor: 9 })], 1n);
        const expected = [5, 7, 9];
        const check = (read: RecordedEvent[]) => {
          const mine = read.filter((e) => e.streamName === name);
          expect(mine.map((e) => (e.data as { amountMinor: number }).amountMinor)).toEqual(expected);
          expect(mine.map((e) => e.metadata[SCHEMA_VERSION_KEY])).toEqual([2, 2, 2]);
          // The stored form: what the chain covers and what the audit trail shows.
          expect(mine.map((e) => asStored(e).metadata[SCHEMA_VERSION_KEY])).toEqual([1, 1, 2]);
          expect(asStored(mine[0]).data).toEqual({ amount: 5 });
          expect(mine[2].stored).toBeUndefined();
          let previous = CHAIN_START;
          for (const recorded of mine.map(asStored)) {
            expect(chainHashOf(recorded.metadata)).toBe(chainHash(previous, recorded));
            previous = chainHashOf(recorded.metadata)!;
          }
        };
        check(await v2.readStream(name));
        check((await v2.readStream(name, { direction: 'backwards' })).reverse());
        check([...(await v2.readStream(name, { maxCount: 2 })), ...(await v2.readStream(name, { fromRevision: 2n }))]);
        check(await readAllOf(v2, (e) => e.streamName === name, 100, 3));
        const followed: RecordedEvent[] = [];
        const controller = new AbortController();
        const timeout = setTimeout(() => controller.abort(), 10_000);
        for await (const batch of v2.subscribeToAll({ after: start, signal: controller.signal })) {
          followed.push(...batch.filter((e) => e.streamName === name));
          if (followed.length >= 3) controller.abort();
        }
        clearTimeout(timeout);
        check(followed);
        // A release that knows only version 1 refuses to misread version 2.
        await expect(v1.readStream(name)).rejects.toBeInstanceOf(EventSchemaError);
      } finally {
        await Promise.all([v1.close(), v2.close()]);
      }
    });

    describeKeyedReexecution(() => store, stream);
    describe('with a second store over the same log', () => {
      let other: EventStore;
      beforeAll(() => {
        other = harness.storeWith(EventSchemaRegistry.unversioned());
      });
      afterAll(async () => other?.close());
      describeClaims(
        () => store,
        () => other,
        stream,
      );
    });
  });
}

/** `count` events of one type, each carrying its index (`{ i }`). */
function numbered(type: string, count: number): NewEvent[] {
  return Array.from({ length: count }, (_, i) => contractEvent(type, { i }));
}

/**
 * The kept events of the whole log, read page by page. The global log may lag a just-committed
 * append while an older transaction is still open (that is how it never skips one), so the
 * read is repeated until the `expected` number of kept events is visible.
 */
async function readAllOf(
  store: EventStore,
  keep: (e: RecordedEvent) => boolean,
  pageSize: number,
  expected: number,
): Promise<RecordedEvent[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const kept: RecordedEvent[] = [];
    let after: GlobalPosition | undefined;
    for (;;) {
      const page = await store.readAll({ after, maxCount: pageSize });
      if (page.length === 0) break;
      kept.push(...page.filter(keep));
      after = page[page.length - 1].position;
    }
    if (kept.length >= expected || Date.now() > deadline) return kept;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
