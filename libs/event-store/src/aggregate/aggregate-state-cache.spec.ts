import type { Decider } from '@gateway/domain';
import { KeyedExecution, runInKeyedExecution } from '@gateway/runtime';
import { storeForSuite } from '@gateway/testing';
import { randomUUID } from 'node:crypto';
import type { EventStore, ReadStreamOptions } from '../event-store.port';
import { eventStoreMigrations } from '../postgres/event-store.migrations';
import { PostgresEventStore } from '../postgres/postgres-event-store';
import { AggregateStateCache } from './aggregate-state-cache';
import { decideAndAppend, loadAggregate } from './decide-and-append';

type Added = { type: 'Added'; data: { n: number } };
/** A total that may not pass 100: a decision that depends on every earlier event. */
const capped: Decider<{ type: 'Add'; n: number }, { total: number; count: number }, Added> = {
  initialState: { total: 0, count: 0 },
  decide: (command, state) => {
    if (state.total + command.n > 100) throw new Error(`over the cap at ${state.total}`);
    return [{ type: 'Added', data: { n: command.n } }];
  },
  evolve: (state, event) => ({ total: state.total + event.data.n, count: state.count + 1 }),
};
const metadata = { correlationId: 'test', actor: 'system:test', occurredAt: new Date(0) };
const add = (n: number) => ({ type: 'Add' as const, n });

/** The real store, with the reads made through it written down. */
function recordingReads(store: EventStore): { store: EventStore; reads: ReadStreamOptions[] } {
  const reads: ReadStreamOptions[] = [];
  const recording = Object.create(store) as EventStore;
  recording.readStream = (name, options = {}) => {
    reads.push(options);
    return store.readStream(name, options);
  };
  return { store: recording, reads };
}

describe('AggregateStateCache with decideAndAppend (PostgreSQL)', () => {
  const suite = storeForSuite([eventStoreMigrations], (pool) => new PostgresEventStore(pool));
  const stream = () => `capped-${randomUUID()}`;

  it('reads only the events after the state the process last reached on the stream', async () => {
    const name = stream();
    const states = new AggregateStateCache();
    const { store, reads } = recordingReads(suite.store);
    await decideAndAppend(store, name, capped, add(10), metadata, { states });
    await decideAndAppend(store, name, capped, add(20), metadata, { states });
    const third = await decideAndAppend(store, name, capped, add(30), metadata, { states });

    // From the cached revision itself: the log must still hold the event the state was folded through.
    expect(reads).toEqual([{}, { fromRevision: 0n }, { fromRevision: 1n }]);
    expect([third.state, third.revision]).toEqual([{ total: 60, count: 3 }, 2n]);
  });

  it('remembers a stream created without a read only once it is commanded again', async () => {
    const name = stream();
    const states = new AggregateStateCache();
    await decideAndAppend(suite.store, name, capped, add(10), metadata, { states, newStream: true });
    expect(states.size).toBe(0);
    await decideAndAppend(suite.store, name, capped, add(10), metadata, { states });
    expect(states.get(name, capped)).toMatchObject({ state: { total: 20, count: 2 }, revision: 1n });
  });

  it('folds in what other processes appended since (each process its own cache)', async () => {
    const name = stream();
    const [here, there] = [new AggregateStateCache(), new AggregateStateCache()];
    await decideAndAppend(suite.store, name, capped, add(40), metadata, { states: here });
    await decideAndAppend(suite.store, name, capped, add(40), metadata, { states: there });

    await expect(decideAndAppend(suite.store, name, capped, add(30), metadata, { states: here })).rejects.toThrow(
      'over the cap at 80',
    );
    const last = await decideAndAppend(suite.store, name, capped, add(20), metadata, { states: here });
    expect(last.state).toEqual({ total: 100, count: 3 });
    expect(await loadAggregate(suite.store, name, capped)).toEqual({ state: last.state, revision: 2n });
  });

  it('lets concurrent commands of one process decide on each other: the cap holds', async () => {
    const name = stream();
    const states = new AggregateStateCache();
    await decideAndAppend(suite.store, name, capped, add(1), metadata, { states });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        decideAndAppend(suite.store, name, capped, add(30), metadata, { states, maxAttempts: 20 }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect((await loadAggregate(suite.store, name, capped)).state).toEqual({ total: 91, count: 4 });
  });

  it('reads the whole stream when the log does not hold the cached state (restored, rewritten, shorter)', async () => {
    const name = stream();
    const states = new AggregateStateCache();
    await decideAndAppend(suite.store, name, capped, add(90), metadata);
    const [first] = await suite.store.readStream(name);

    // Further along than the log, and emptier.
    states.remember(name, capped, { state: { total: 0, count: 9 }, revision: 8n, lastEventId: first.id });
    await expect(decideAndAppend(suite.store, name, capped, add(20), metadata, { states })).rejects.toThrow(
      'over the cap at 90',
    );
    // At the log's very revision, but folded through another event there (a log rewritten under the
    // process): the expected revision alone would let this append pass the cap.
    states.remember(name, capped, { state: { total: 0, count: 1 }, revision: 0n, lastEventId: randomUUID() });
    await expect(decideAndAppend(suite.store, name, capped, add(20), metadata, { states })).rejects.toThrow(
      'over the cap at 90',
    );
    const next = await decideAndAppend(suite.store, name, capped, add(10), metadata, { states });
    expect([next.state, next.revision]).toEqual([{ total: 100, count: 2 }, 1n]);
  });

  it('never hides an earlier execution of a keyed request: the re-execution replays it', async () => {
    const name = stream();
    const states = new AggregateStateCache();
    const request = { businessId: 'biz', mode: 'test' as const, key: randomUUID(), generation: 'g' };
    const keyed = () =>
      runInKeyedExecution(KeyedExecution.of(request), () =>
        decideAndAppend(suite.store, name, capped, add(5), metadata, { states }),
      );
    await keyed();
    // The process moves on past that append: its cached state is later than the keyed one.
    await decideAndAppend(suite.store, name, capped, add(7), metadata, { states });

    const again = await keyed();
    expect([again.replayed, again.state]).toEqual([true, { total: 5, count: 1 }]);
    expect((await suite.store.readStream(name)).map((event) => event.data)).toEqual([{ n: 5 }, { n: 7 }]);
  });

  it('forgets the least recently used stream beyond its capacity, and states of another decider', () => {
    const states = new AggregateStateCache(2);
    const other = { ...capped };
    states.remember('a', capped, { state: 1, revision: 0n, lastEventId: 'e' });
    states.remember('b', capped, { state: 2, revision: 0n, lastEventId: 'e' });
    expect(states.get('a', capped)).toEqual({ state: 1, revision: 0n, lastEventId: 'e' });
    states.remember('c', capped, { state: 3, revision: 0n, lastEventId: 'e' });

    expect([states.get('a', capped)?.state, states.get('b', capped), states.get('c', capped)?.state]).toEqual([
      1,
      undefined,
      3,
    ]);
    expect(states.get('a', other)).toBeUndefined();
    // An older state never replaces a newer one (a slow load finishing after an append).
    states.remember('a', capped, { state: 0, revision: -1n, lastEventId: 'e' });
    expect(states.get('a', capped)?.state).toBe(1);
  });
});
