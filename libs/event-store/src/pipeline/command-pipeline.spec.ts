import type { Decider } from '@gateway/domain';
import { Clock, type ClockScope } from '@gateway/clock';
import { KeyedExecution, runInKeyedExecution } from '@gateway/runtime';
import { storeForSuite } from '@gateway/testing';
import { randomUUID } from 'node:crypto';
import type { GlobalPosition, NewEvent } from '../event-envelope';
import { WrongExpectedRevisionError } from '../event-store.errors';
import type { EventStore } from '../event-store.port';
import { eventStoreMigrations } from '../postgres/event-store.migrations';
import { PostgresEventStore } from '../postgres/postgres-event-store';
import { CommandPipeline } from './command-pipeline';
import type { ReadModelProgress, ReadYourWritesLagSink } from './read-your-writes';

type Added = { type: 'Added'; data: { n: number; total: number; at: string } };
type Add = { type: 'Add'; n: number; limit: number; now: Date };
/** The decision depends on the state: a retry after a concurrent write must decide again. */
const counter: Decider<Add, { total: number }, Added> = {
  initialState: { total: 0 },
  decide: (command, state) => {
    if (command.n === 0) return [];
    if (state.total + command.n > command.limit) throw new Error(`over the limit at ${state.total}`);
    return [{ type: 'Added', data: { n: command.n, total: state.total + command.n, at: command.now.toISOString() } }];
  },
  evolve: (state, event) => ({ total: state.total + event.data.n }),
};
const add =
  (n: number, limit = 1_000) =>
  (now: Date): Add => ({ type: 'Add', n, limit, now });

/** A business clock: each business at its own time, wall time elsewhere. */
class ScopedClock extends Clock {
  override async now(scope?: ClockScope): Promise<Date> {
    return new Date(scope?.businessId ? '2030-01-01T00:00:00.000Z' : '2020-01-01T00:00:00.000Z');
  }
}

/** The port's behaviour, scripted: a projection reaches what `reached` says, or the wait fails. */
class ScriptedProgress implements ReadModelProgress {
  calls: { names: readonly string[]; position: GlobalPosition; timeoutMs?: number }[] = [];
  outcome: 'reach' | 'time-out' | 'fail' = 'reach';
  async waitFor(names: string | readonly string[], position: GlobalPosition, timeoutMs?: number): Promise<boolean> {
    this.calls.push({ names: typeof names === 'string' ? [names] : names, position, timeoutMs });
    if (this.outcome === 'fail') throw new Error('connection terminated');
    return this.outcome === 'reach';
  }
}

class RecordedLags implements ReadYourWritesLagSink {
  lags: { projections: readonly string[]; stream: string }[] = [];
  lagged(lag: { projections: readonly string[]; stream: string }): void {
    this.lags.push(lag);
  }
}

/** Another writer appends to the stream right before each of our appends (`times` times). */
function racing(store: EventStore, times: number): EventStore & { appends: number } {
  const wrapped = Object.create(store) as EventStore & { appends: number };
  wrapped.appends = 0;
  let left = times;
  wrapped.append = async (stream: string, events: NewEvent[], expected) => {
    wrapped.appends += 1;
    if (left-- > 0) {
      const rival = { type: 'Added', data: { n: 10, total: -1, at: 'rival' } };
      const metadata = { correlationId: 'rival', actor: 'r', occurredAt: '' };
      await store.append(stream, [{ id: randomUUID(), ...rival, metadata }], 'any');
    }
    return store.append(stream, events, expected);
  };
  return wrapped;
}

describe('CommandPipeline', () => {
  const suite = storeForSuite([eventStoreMigrations], (pool) => new PostgresEventStore(pool));
  let progress: ScriptedProgress;
  let lags: RecordedLags;
  const context = { requestId: 'req-1', actor: 'key-1', causationId: 'evt-0', apiVersion: '2020-02-01' };
  const pipelineOn = (on: EventStore = suite.store) => new CommandPipeline(on, new ScopedClock(), progress, lags);

  beforeEach(() => {
    progress = new ScriptedProgress();
    lags = new RecordedLags();
  });

  it('decides at the business clock and writes the metadata of the request context', async () => {
    const stream = `counter-${randomUUID()}`;
    const decision = await pipelineOn().run({
      context,
      scope: { businessId: 'biz-1', mode: 'test' },
      stream,
      decider: counter,
      command: add(2),
      readYourWrites: 'none',
    });
    expect(decision.now.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    const [event] = await suite.store.readStream(stream);
    expect(event.data).toEqual({ n: 2, total: 2, at: '2030-01-01T00:00:00.000Z' });
    expect(event.metadata).toEqual({
      chainHash: expect.any(String),
      correlationId: 'req-1',
      causationId: 'evt-0',
      actor: 'key-1',
      businessId: 'biz-1',
      mode: 'test',
      apiVersion: '2020-02-01',
      occurredAt: '2030-01-01T00:00:00.000Z',
    });
  });

  it('uses wall time when declared, and an instant the request already took when given', async () => {
    const scope = { businessId: 'biz-1', mode: 'test' as const };
    const run = { context, scope, decider: counter, command: add(1), readYourWrites: 'none' as const };
    const real = await pipelineOn().run({ ...run, time: 'real', stream: `c-${randomUUID()}` });
    expect(real.now.toISOString()).toBe('2020-01-01T00:00:00.000Z');
    const at = new Date('2031-05-05T00:00:00.000Z');
    const taken = await pipelineOn().run({ ...run, at, stream: `c-${randomUUID()}` });
    expect(taken.now).toBe(at);
  });

  it('reloads and decides again when another writer appended first', async () => {
    const stream = `counter-${randomUUID()}`;
    const raced = racing(suite.store, 1);
    const decision = await pipelineOn(raced).run({
      context,
      stream,
      decider: counter,
      command: add(5),
      readYourWrites: 'none',
    });
    expect(raced.appends).toBe(2);
    // Decided on the rival's event: the total includes it.
    expect(decision.events[0].data.total).toBe(15);
    expect(decision.state).toEqual({ total: 15 });
  });

  it('decides again on the new state, which may refuse', async () => {
    const stream = `counter-${randomUUID()}`;
    const run = pipelineOn(racing(suite.store, 1)).run({
      context,
      stream,
      decider: counter,
      command: add(5, 12),
      readYourWrites: 'none',
    });
    await expect(run).rejects.toThrow('over the limit at 10');
  });

  it('gives up after a bounded number of attempts and rethrows the conflict', async () => {
    const raced = racing(suite.store, 100);
    const run = pipelineOn(raced).run({
      context,
      stream: `counter-${randomUUID()}`,
      decider: counter,
      command: add(1, 10_000),
      readYourWrites: 'none',
      maxAttempts: 3,
    });
    await expect(run).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(raced.appends).toBe(3);
  });

  it("waits for the declared projections to pass the append's position", async () => {
    const stream = `counter-${randomUUID()}`;
    const policy = { projection: ['counters', 'totals'], timeoutMs: 1234 };
    const run = { context, stream, decider: counter, command: add(1) };
    const decision = await pipelineOn().run({ ...run, readYourWrites: policy });
    expect(decision.readModel).toBe('caught-up');
    const position = decision.appended!.position;
    expect(progress.calls).toEqual([{ names: ['counters', 'totals'], position, timeoutMs: 1234 }]);
  });

  it("does not wait under 'none', nor when nothing was appended", async () => {
    const run = { context, decider: counter };
    const none = await pipelineOn().run({
      ...run,
      stream: `n-${randomUUID()}`,
      command: add(1),
      readYourWrites: 'none',
    });
    const counters = { projection: 'counters' };
    const stream = `c-${randomUUID()}`;
    const nothing = await pipelineOn().run({ ...run, stream, command: add(0), readYourWrites: counters });
    expect([none.readModel, progress.calls.length]).toEqual(['not-awaited', 0]);
    expect(nothing.readModel).toBe('not-awaited');
  });

  const addThreeAwaitingCounters = (stream: string) =>
    pipelineOn().run({
      context,
      stream,
      decider: counter,
      command: add(3),
      readYourWrites: { projection: 'counters' },
    });

  it('answers from the decision when the read model lags, and reports the lag', async () => {
    progress.outcome = 'time-out';
    const stream = `counter-${randomUUID()}`;
    const decision = await addThreeAwaitingCounters(stream);
    expect(decision.readModel).toBe('lagging');
    expect(decision.state).toEqual({ total: 3 });
    expect(lags.lags).toEqual([expect.objectContaining({ projections: ['counters'], stream })]);
  });

  it('never fails a committed command because the wait itself failed', async () => {
    progress.outcome = 'fail';
    const stream = `counter-${randomUUID()}`;
    const decision = await addThreeAwaitingCounters(stream);
    expect(decision.readModel).toBe('lagging');
    expect(await suite.store.readStream(stream)).toHaveLength(1);
  });

  it('replays the append of an earlier execution of the same keyed request instead of deciding again', async () => {
    const stream = `counter-${randomUUID()}`;
    const identity = { businessId: 'b', mode: 'test' as const, key: randomUUID(), generation: randomUUID() };
    const keyed = KeyedExecution.of(identity);
    const again = () => KeyedExecution.of({ ...identity });
    const run = () => pipelineOn().run({ context, stream, decider: counter, command: add(4), readYourWrites: 'none' });
    const first = await runInKeyedExecution(keyed, run);
    const second = await runInKeyedExecution(again(), run);
    expect(second.replayed).toBe(true);
    expect(second.events).toEqual(first.events);
    expect(await suite.store.readStream(stream)).toHaveLength(1);
  });

  it("creates a stream once: 'skip' answers undefined to the second creator", async () => {
    const stream = `reservation-${randomUUID()}`;
    const events = [{ type: 'Reserved', data: {} }];
    const creation = { context, stream, events, readYourWrites: 'none' as const, ifExists: 'skip' as const };
    expect(await pipelineOn().create(creation)).toBeDefined();
    expect(await pipelineOn().create(creation)).toBeUndefined();
    const replayed = pipelineOn().create({ ...creation, ifExists: 'replay' });
    await expect(replayed).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });
});
