import type { Decider } from '@gateway/domain';
import { KeyedExecution, type KeyedExecutionIdentity, runInKeyedExecution } from '@gateway/runtime';
import { randomUUID } from 'node:crypto';
import { comparePositions } from '../event-envelope';
import { WrongExpectedRevisionError } from '../event-store.errors';
import type { EventStore } from '../event-store.port';
import { createStream } from './create-stream';
import { decideAndAppend } from './decide-and-append';

type Added = { type: 'Added'; data: { n: number } };
/** Every decision appends: acting twice is visible as a second event. */
const counter: Decider<{ type: 'Add'; n: number }, { total: number; count: number }, Added> = {
  initialState: { total: 0, count: 0 },
  decide: (command) => [
    { type: 'Added', data: { n: command.n } },
    { type: 'Added', data: { n: 0 } },
  ],
  evolve: (state, event) => ({ total: state.total + event.data.n, count: state.count + 1 }),
};
const metadata = { correlationId: 'test', actor: 'system:test', occurredAt: new Date(0) };
const add = (n: number) => ({ type: 'Add' as const, n });

/**
 * Keyed re-execution on a real adapter (design: detect by reading the stream, which every adapter
 * can): a second execution of the same keyed request meets its committed append and replays it.
 * Part of the EventStore contract, so it runs on PostgreSQL and on EventStoreDB.
 */
export function describeKeyedReexecution(store: () => EventStore, streamName: (label: string) => string): void {
  describe('decideAndAppend inside a keyed execution', () => {
    const identity = (): KeyedExecutionIdentity => ({
      businessId: 'biz',
      mode: 'test',
      key: randomUUID(),
      generation: randomUUID(),
    });
    const execute = <T>(who: KeyedExecutionIdentity, work: () => Promise<T>) =>
      runInKeyedExecution(KeyedExecution.of(who), work);

    it('replays the append a re-execution meets, with its events, position and the state right after it', async () => {
      const name = streamName('keyed');
      const request = identity();
      const first = await execute(request, () => decideAndAppend(store(), name, counter, add(5), metadata));
      // Another writer moves the stream on before the retry arrives.
      await decideAndAppend(store(), name, counter, add(100), metadata);
      const again = await execute(request, () => decideAndAppend(store(), name, counter, add(5), metadata));

      expect(again.replayed).toBe(true);
      expect(again.events).toEqual(first.events);
      expect(again.state).toEqual({ total: 5, count: 2 });
      expect(again.revision).toBe(1n);
      expect(comparePositions(again.appended!.position, first.appended!.position)).toBe(0);
      expect((await store().readStream(name)).map((event) => event.data)).toEqual([
        { n: 5 },
        { n: 0 },
        { n: 100 },
        { n: 0 },
      ]);
    });

    it('tells the appends of one request to one stream apart, and replays each in its turn', async () => {
      const name = streamName('twice');
      const request = identity();
      const both = () =>
        execute(request, async () => [
          await decideAndAppend(store(), name, counter, add(1), metadata),
          await decideAndAppend(store(), name, counter, add(2), metadata),
        ]);
      await both();
      const [one, two] = await both();
      expect([one.replayed, one.state.total, two.replayed, two.state.total]).toEqual([true, 1, true, 3]);
      expect(await store().readStream(name)).toHaveLength(4);
    });

    it('completes what a crashed execution left undone: appends it did not reach are made', async () => {
      const [first, second] = [streamName('done'), streamName('undone')];
      const request = identity();
      await execute(request, () => decideAndAppend(store(), first, counter, add(1), metadata));
      const retried = await execute(request, async () => [
        await decideAndAppend(store(), first, counter, add(1), metadata),
        await decideAndAppend(store(), second, counter, add(2), metadata),
      ]);
      expect(retried.map((decision) => decision.replayed)).toEqual([true, undefined]);
      expect([(await store().readStream(first)).length, (await store().readStream(second)).length]).toEqual([2, 2]);
    });

    it('replays when a newStream re-execution finds its stream existing', async () => {
      const name = streamName('new');
      const request = identity();
      await execute(request, () => decideAndAppend(store(), name, counter, add(7), metadata, { newStream: true }));
      const again = await execute(request, () =>
        decideAndAppend(store(), name, counter, add(7), metadata, { newStream: true }),
      );
      expect([again.replayed, again.state.total, again.revision]).toEqual([true, 7, 1n]);
      expect(await store().readStream(name)).toHaveLength(2);
    });

    it('appends once when a hung execution and its retry run at the same time', async () => {
      const name = streamName('twins');
      const request = identity();
      const twins = await Promise.all(
        Array.from({ length: 4 }, () =>
          execute(request, () => decideAndAppend(store(), name, counter, add(3), metadata, { newStream: true })),
        ),
      );
      expect(twins.filter((decision) => !decision.replayed)).toHaveLength(1);
      for (const decision of twins) expect(decision.state).toEqual({ total: 3, count: 2 });
      expect(await store().readStream(name)).toHaveLength(2);
    });

    it(
      'acts again for another generation of the key (a reuse after expiry), ' + 'and outside any keyed execution',
      async () => {
        const name = streamName('fresh');
        const request = identity();
        await execute(request, () => decideAndAppend(store(), name, counter, add(1), metadata));
        const reused = await execute({ ...request, generation: randomUUID() }, () =>
          decideAndAppend(store(), name, counter, add(1), metadata),
        );
        const unkeyed = await decideAndAppend(store(), name, counter, add(1), metadata);
        expect([reused.replayed, unkeyed.replayed]).toEqual([undefined, undefined]);
        expect(await store().readStream(name)).toHaveLength(6);
      },
    );

    it('createStream gives a re-execution its earlier creation, and anyone else the usual conflict', async () => {
      const name = streamName('created');
      const request = identity();
      const events = [{ type: 'Opened', data: { by: 'first' } }];
      const first = await execute(request, () => createStream(store(), name, events, metadata));
      const again = await execute(request, () =>
        createStream(store(), name, [{ type: 'Opened', data: { by: 'retry' } }], metadata),
      );
      expect(again.replayed).toBe(true);
      expect(again.events.map(({ id, data }) => ({ id, data }))).toEqual([
        { id: first.events[0].id, data: { by: 'first' } },
      ]);
      expect(comparePositions(again.appended.position, first.appended.position)).toBe(0);
      await expect(execute(identity(), () => createStream(store(), name, events, metadata))).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
    });
  });
}
