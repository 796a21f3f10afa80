import { randomUUID } from 'node:crypto';
import type { Decider, DomainEvent } from '@gateway/domain';
import { type Clock, type ClockScope } from '@gateway/clock';
import { type RequestContext, toCommandMetadata } from '@gateway/runtime';
import { AggregateStateCache } from '../aggregate/aggregate-state-cache';
import { type CreatedStream, createStream } from '../aggregate/create-stream';
import {
  type CommandMetadata,
  type Decision,
  decideAndAppend,
  type LoadedAggregate,
  loadAggregate,
  toNewEvent,
} from '../aggregate/decide-and-append';
import type { GlobalPosition, RecordedEvent } from '../event-envelope';
import { DuplicateEventIdError, WrongExpectedRevisionError } from '../event-store.errors';
import type { Claim, ClaimHolder, EventStore } from '../event-store.port';
import {
  READ_YOUR_WRITES_TIMEOUT_MS,
  type ReadModelOutcome,
  type ReadModelProgress,
  type ReadYourWrites,
  type ReadYourWritesLagSink,
} from './read-your-writes';

/** Who asks, for whom, and on which clock: the part every command of a request shares. */
export interface CommandOrigin {
  /** Correlation (request id), causation, actor, API version: every appended event's metadata. */
  context: RequestContext;
  /** Whose business and mode the events belong to (default: the context's); also the clock's scope. */
  scope?: ClockScope;
  /**
   * `'business'` (default): the business's clock, which a test-mode business may have moved;
   * `'real'`: wall time (sessions and team changes, which a test clock never moves).
   */
  time?: 'business' | 'real';
  /**
   * The instant this request already took from `pipeline.now(...)`: several appends of one
   * request (a token's use, then its charge) share one time, and the answer shows it.
   */
  at?: Date;
}

/**
 * The origin of work whose metadata is already known (a reaction to an event: `reactionMetadata`),
 * so that the pipeline writes exactly that metadata, at exactly that instant.
 */
export function originOf(metadata: CommandMetadata): CommandOrigin {
  const { correlationId, causationId, actor, businessId, mode, apiVersion, occurredAt } = metadata;
  return {
    context: { requestId: correlationId, actor, causationId, apiVersion },
    scope: { businessId, mode },
    at: occurredAt,
  };
}

/** The origin of a request's command: its context, on the business and mode it names. */
export function requestOrigin(request: { context: RequestContext } & ClockScope): CommandOrigin {
  return { context: request.context, scope: { businessId: request.businessId, mode: request.mode } };
}

/**
 * The origin of a reaction to a recorded event (a follower's command): the request behind the
 * event, caused by it, on its business and mode, at `at` (an instant the event carries, so a
 * replay writes the same).
 */
export function reactionOrigin(recorded: RecordedEvent, actor: string, at: Date): CommandOrigin {
  const { correlationId, businessId, mode } = recorded.metadata;
  return { context: { requestId: correlationId, causationId: recorded.id, actor }, scope: { businessId, mode }, at };
}

// Typed from the decider alone: inferring the command type from the builder too would widen it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDecider = Decider<any, any, any>;
type CommandOf<D> = D extends Decider<infer C, unknown, DomainEvent> ? C : never;
type StateOf<D> = D extends Decider<unknown, infer S, DomainEvent> ? S : never;
type EventOf<D> = D extends Decider<unknown, unknown, infer E> ? E : never;

/** One command on one aggregate: a decider case plus these few lines. */
export interface CommandRun<D extends AnyDecider> extends CommandOrigin {
  stream: string;
  decider: D;
  /**
   * The command, or how to build it at the pipeline's time. (A builder returns its `type` `as const`:
   * TypeScript widens literals returned by a function inside a generic call.)
   */
  command: CommandOf<D> | ((now: Date) => CommandOf<D>);
  readYourWrites: ReadYourWrites;
  /** The caller just minted the stream's id: decide on the initial state without reading it first. */
  newStream?: boolean;
  /** Attempts before a concurrency conflict is rethrown (default 5). */
  maxAttempts?: number;
  /** Deterministic event ids (default: random, or derived from the request's idempotency key). */
  newEventId?: () => string;
  /** Keys taken with the append (POOL numbers): another stream's key fails the run with ClaimTakenError. */
  claims?: Claim[];
}

/** What the commands of requests on one kind of aggregate share. */
export interface AggregateDeclaration<D extends AnyDecider> {
  streamOf: (id: string) => string;
  decider: D;
  /** The read model a request reads next: its answer waits until it shows the outcome. */
  readModel: string;
}

/** The runs of commands on one kind of aggregate: `(origin, aggregate id, command)` → CommandRun. */
export function aggregateRuns<D extends AnyDecider>(
  aggregate: AggregateDeclaration<D>,
): (origin: CommandOrigin, id: string, command: CommandRun<D>['command']) => CommandRun<D> {
  const { streamOf, decider, readModel } = aggregate;
  return (origin, id, command) => ({
    ...origin,
    stream: streamOf(id),
    decider,
    command,
    readYourWrites: { projection: readModel },
  });
}

/** What the handler answers from: the decision, plus how the read-your-writes wait ended. */
export interface PipelineDecision<TState, TEvent> extends Decision<TState, TEvent> {
  now: Date;
  readModel: ReadModelOutcome;
}

/** A stream created with events that need no decision (a reservation, an upload's metadata). */
export interface StreamCreation extends CommandOrigin {
  stream: string;
  events: DomainEvent[] | ((now: Date) => DomainEvent[]);
  readYourWrites: ReadYourWrites;
  /**
   * `'replay'` (default): an existing stream is an error (WrongExpectedRevisionError), except the
   * one an earlier execution of the same keyed request created, which is returned as it was.
   * `'skip'`: with deterministic `eventIds`, whoever creates it first wins; the others get undefined.
   * `'fail'`: any existing stream is an error; event ids are `eventIds` (default random).
   */
  ifExists?: 'replay' | 'skip' | 'fail';
  /** With `'skip'` or `'fail'`: the events' ids (default random). */
  eventIds?: () => string;
}

export interface PipelineCreation extends CreatedStream {
  now: Date;
  readModel: ReadModelOutcome;
}

/**
 * The one command pipeline (issue 22): every change to an aggregate goes
 * clock → metadata → load (through the store's decoding) → decide → append with the expected
 * revision, bounded retry on a concurrent write, keyed re-execution detection → read-your-writes.
 * Handlers declare what differs (stream, decider, command, policy) and never append themselves.
 *
 * One timeout behaviour: a read model that has not caught up within the bound never fails the
 * command (the events are committed; failing would invite a retry of something done). The
 * answer is given from the decision, the lag is logged and counted per projection.
 */
export class CommandPipeline {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly progress: ReadModelProgress,
    private readonly lags: ReadYourWritesLagSink,
    /** The process's last states of streams: a command reads only the events after them. */
    private readonly states = new AggregateStateCache(),
  ) {}

  /** The time for this origin: the business's clock, or wall time. */
  now(origin: Pick<CommandOrigin, 'scope' | 'time' | 'at'>): Promise<Date> {
    if (origin.at) return Promise.resolve(origin.at);
    return origin.time === 'real' ? this.clock.now() : this.clock.now(origin.scope ?? {});
  }

  /** The metadata every event of this origin carries (design §3). */
  metadata(origin: Pick<CommandOrigin, 'context' | 'scope'>, now: Date): CommandMetadata {
    return toCommandMetadata(origin.context, now, origin.scope ?? {});
  }

  async run<D extends AnyDecider>(run: CommandRun<D>): Promise<PipelineDecision<StateOf<D>, EventOf<D>>> {
    const now = await this.now(run);
    const command = isCommandBuilder(run.command) ? run.command(now) : run.command;
    const decider: Decider<CommandOf<D>, StateOf<D>, EventOf<D>> = run.decider;
    const decision = await decideAndAppend(this.store, run.stream, decider, command, this.metadata(run, now), {
      newStream: run.newStream,
      maxAttempts: run.maxAttempts,
      newEventId: run.newEventId,
      states: this.states,
      claims: run.claims,
    });
    const readModel = decision.appended
      ? await this.readYourWrites(run.readYourWrites, run.stream, decision.appended.position)
      : 'not-awaited';
    return { ...decision, now, readModel };
  }

  /** Who holds a claimed key (AppendOptions.claims), by the store. */
  claimHolder(key: string): Promise<ClaimHolder | undefined> {
    return this.store.claimHolder(key);
  }

  /** Creates a stream with `no_stream`; undefined only with `ifExists: 'skip'` when it existed. */
  async create(creation: StreamCreation & { ifExists: 'skip' }): Promise<PipelineCreation | undefined>;
  async create(creation: StreamCreation): Promise<PipelineCreation>;
  async create(creation: StreamCreation): Promise<PipelineCreation | undefined> {
    const now = await this.now(creation);
    const events = typeof creation.events === 'function' ? creation.events(now) : creation.events;
    const metadata = this.metadata(creation, now);
    const created =
      creation.ifExists === 'skip' || creation.ifExists === 'fail'
        ? await this.createOnce(creation.stream, events, metadata, creation.eventIds, creation.ifExists)
        : await createStream(this.store, creation.stream, events, metadata);
    if (!created) return undefined;
    const readModel = await this.readYourWrites(creation.readYourWrites, creation.stream, created.appended.position);
    return { ...created, now, readModel };
  }

  /** The aggregate's current state, replayed through the store's decoding (for checks and answers). */
  load<TState, TEvent extends DomainEvent>(
    stream: string,
    decider: Pick<Decider<unknown, TState, TEvent>, 'initialState' | 'evolve'>,
  ): Promise<LoadedAggregate<TState>> {
    return loadAggregate(this.store, stream, decider, this.states);
  }

  /**
   * Whether the stream's first event is of this business and mode: another business's aggregate,
   * or one that does not exist, does not exist for the caller.
   */
  async ownedBy(stream: string, scope: { businessId: string; mode: string }): Promise<boolean> {
    const [first] = await this.store.readStream(stream, { maxCount: 1 });
    return first !== undefined && first.metadata.businessId === scope.businessId && first.metadata.mode === scope.mode;
  }

  /**
   * For an answer decided on a stream's state without appending (a refused double submit): the
   * read model must show the state the refusal saw. Same policy, same timeout behaviour.
   */
  async catchUp(readYourWrites: ReadYourWrites, stream: string): Promise<ReadModelOutcome> {
    if (readYourWrites === 'none') return 'not-awaited';
    const [last] = await this.store.readStream(stream, { direction: 'backwards', maxCount: 1 });
    return last ? this.readYourWrites(readYourWrites, stream, last.position) : 'not-awaited';
  }

  /** Waits for a position appended elsewhere (a reservation written before the command). */
  waitFor(readYourWrites: ReadYourWrites, stream: string, position: GlobalPosition): Promise<ReadModelOutcome> {
    return this.readYourWrites(readYourWrites, stream, position);
  }

  private async readYourWrites(
    policy: ReadYourWrites,
    stream: string,
    position: GlobalPosition,
  ): Promise<ReadModelOutcome> {
    if (policy === 'none') return 'not-awaited';
    const timeoutMs = policy.timeoutMs ?? READ_YOUR_WRITES_TIMEOUT_MS;
    const projections = typeof policy.projection === 'string' ? [policy.projection] : policy.projection;
    const started = Date.now();
    // A failed wait (the database went away mid-wait) is a lag too: the events are committed.
    const reached = await this.progress.waitFor(projections, position, timeoutMs).catch(() => false);
    if (reached) return 'caught-up';
    this.lags.lagged({ projections, stream, waitedMs: Date.now() - started, position });
    return 'lagging';
  }

  private async createOnce(
    stream: string,
    events: DomainEvent[],
    metadata: CommandMetadata,
    eventIds: (() => string) | undefined,
    ifExists: 'skip' | 'fail',
  ): Promise<CreatedStream | undefined> {
    const created = events.map((event) => toNewEvent(event, metadata, eventIds ?? randomUUID));
    try {
      return { events: created, appended: await this.store.append(stream, created, 'no_stream') };
    } catch (error) {
      const exists = error instanceof WrongExpectedRevisionError || error instanceof DuplicateEventIdError;
      if (exists && ifExists === 'skip') return undefined;
      throw error;
    }
  }
}

/** A command given as how to build it at the pipeline's time (CommandRun.command). */
function isCommandBuilder<C>(command: C | ((now: Date) => C)): command is (now: Date) => C {
  return typeof command === 'function';
}
