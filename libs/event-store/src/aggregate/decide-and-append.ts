import { randomUUID } from 'node:crypto';
import type { Decider, DomainEvent } from '@gateway/domain';
import { currentKeyedExecution, type KeyedAppendSlot } from '@gateway/runtime';
import type { EventMetadata, NewEvent, RecordedEvent } from '../event-envelope';
import { ClaimTakenError, DuplicateEventIdError, WrongExpectedRevisionError } from '../event-store.errors';
import type { AppendResult, Claim, EventStore } from '../event-store.port';
import type { AggregateStateCache } from './aggregate-state-cache';

/** Who asks and when: becomes every appended event's metadata. */
export interface CommandMetadata {
  correlationId: string;
  causationId?: string;
  actor: string;
  businessId?: string;
  mode?: 'test' | 'live';
  apiVersion?: string;
  /** From the Clock port; the same instant the decider saw. */
  occurredAt: Date;
}

export interface LoadedAggregate<TState> {
  state: TState;
  /** Revision of the stream's last event, or `no_stream`. */
  revision: bigint | 'no_stream';
}

export interface Decision<TState, TEvent> extends LoadedAggregate<TState> {
  /** The events the decider produced (empty: nothing was appended). */
  events: TEvent[];
  /** Present when events were appended: read-your-writes waits for `appended.position`. */
  appended?: AppendResult;
  /**
   * Set when this is a re-execution of a keyed request whose append was already committed by an
   * earlier execution: `events`, `state`, `revision` and `appended` are then those of that append
   * (the state right after it), and nothing was decided or appended now.
   */
  replayed?: true;
}

export interface DecideOptions {
  /** Attempts before a concurrency conflict is given up on and rethrown. */
  maxAttempts?: number;
  /** Event ids; by default random, or derived from the key inside a keyed execution. */
  newEventId?: () => string;
  /**
   * The caller just minted the stream's id (a new charge, a new payment): decide on the initial
   * state and append as `no_stream` without reading the stream first. Should the id exist after
   * all, the append fails its expected revision and the usual reload-and-decide takes over.
   */
  newStream?: boolean;
  /**
   * The process's last states of streams: the stream is read from the revision after the cached
   * one only. Not used to load inside a keyed execution, which must search the whole stream for
   * an earlier execution's append.
   */
  states?: AggregateStateCache;
  /** Keys the append takes (AppendOptions.claims): a ClaimTakenError is the caller's to handle, never retried here. */
  claims?: Claim[];
}

/** Replays a stream through the decider's evolve (from the cached state of it in `states`, when given). */
export async function loadAggregate<TState, TEvent extends DomainEvent>(
  store: EventStore,
  streamName: string,
  decider: Pick<Decider<unknown, TState, TEvent>, 'initialState' | 'evolve'>,
  states?: AggregateStateCache,
): Promise<LoadedAggregate<TState>> {
  if (states) return loadThroughCache(store, streamName, decider, states);
  return fold(await store.readStream(streamName), decider);
}

function fold<TState, TEvent extends DomainEvent>(
  recorded: RecordedEvent[],
  decider: Pick<Decider<unknown, TState, TEvent>, 'initialState' | 'evolve'>,
  from: LoadedAggregate<TState> = { state: decider.initialState, revision: 'no_stream' },
): LoadedAggregate<TState> {
  let state = from.state;
  for (const event of recorded) state = decider.evolve(state, { type: event.type, data: event.data } as TEvent);
  return { state, revision: recorded.length === 0 ? from.revision : recorded[recorded.length - 1].revision };
}

/**
 * The stream's state from the cached one and the events after it; from the whole stream when
 * nothing is cached, or when the log no longer holds the cached last event at its revision (a
 * restore or a rewrite under this process, a test's fresh database).
 */
async function loadThroughCache<TState, TEvent extends DomainEvent>(
  store: EventStore,
  streamName: string,
  decider: Pick<Decider<unknown, TState, TEvent>, 'initialState' | 'evolve'>,
  states: AggregateStateCache,
): Promise<LoadedAggregate<TState>> {
  const cached = states.get<TState>(streamName, decider);
  if (cached) {
    // From the cached revision itself: its event must still be the one the state was folded through.
    const [last, ...after] = await store.readStream(streamName, { fromRevision: cached.revision });
    if (last?.revision === cached.revision && last.id === cached.lastEventId) {
      const loaded = fold(after, decider, cached);
      if (after.length > 0) remember(states, streamName, decider, loaded.state, after);
      return loaded;
    }
    states.forget(streamName);
  }
  const recorded = await store.readStream(streamName);
  const loaded = fold(recorded, decider);
  if (recorded.length > 0) remember(states, streamName, decider, loaded.state, recorded);
  return loaded;
}

/** Remembers the state folded through the last of `recorded` (which must not be empty). */
function remember<TState>(
  states: AggregateStateCache,
  streamName: string,
  decider: object,
  state: TState,
  recorded: Pick<RecordedEvent, 'id' | 'revision'>[],
): void {
  const last = recorded[recorded.length - 1];
  states.remember(streamName, decider, { state, revision: last.revision, lastEventId: last.id });
}

/**
 * Load, decide, append with the expected revision; on a concurrent write, reload and decide
 * again (the decision may now differ, e.g. a second capture fails), a bounded number of times.
 *
 * Inside a keyed execution (a request with an idempotency key, see KeyedExecution) the event ids
 * are derived from the key, the stream and which of the request's appends to that stream this is.
 * Before deciding, the loaded stream is searched for the first of those ids: if it is there, an
 * earlier execution of the same request (crashed, or still hanging) committed this append, and
 * the decision is returned as it was applied instead of being taken again. This works on any
 * adapter, since it only reads the stream that is loaded anyway.
 */
export async function decideAndAppend<TCommand, TState, TEvent extends DomainEvent>(
  store: EventStore,
  streamName: string,
  decider: Decider<TCommand, TState, TEvent>,
  command: TCommand,
  metadata: CommandMetadata,
  options: DecideOptions = {},
): Promise<Decision<TState, TEvent>> {
  const maxAttempts = options.maxAttempts ?? 5;
  const slot = options.newEventId ? undefined : currentKeyedExecution()?.nextAppend(streamName);
  const newEventIds = (): (() => string) => {
    if (!slot) return options.newEventId ?? randomUUID;
    let index = 0;
    return () => slot.eventId(index++);
  };
  for (let attempt = 1; ; attempt += 1) {
    let loaded: LoadedAggregate<TState>;
    if (options.newStream && attempt === 1) {
      loaded = { state: decider.initialState, revision: 'no_stream' };
    } else if (options.states && !slot) {
      loaded = await loadThroughCache(store, streamName, decider, options.states);
    } else {
      const recorded = await store.readStream(streamName);
      const replayed = slot && alreadyAppended(recorded, slot, decider);
      if (replayed) return replayed;
      loaded = fold(recorded, decider);
    }
    const events = decider.decide(command, loaded.state);
    if (events.length === 0) return { ...loaded, events };
    const state = events.reduce((s, event) => decider.evolve(s, event), loaded.state);
    try {
      const eventId = newEventIds();
      const written = events.map((event) => toNewEvent(event, metadata, eventId));
      const appended = await store.append(
        streamName,
        written,
        loaded.revision,
        options.claims && { claims: options.claims },
      );
      // A stream created here is not remembered until it is commanded again: most (a charge, an
      // invoice, a reservation) never are, and keeping them would only age their states into the old heap.
      if (options.states && !(options.newStream && attempt === 1)) {
        const lastEventId = written[written.length - 1].id;
        options.states.remember(streamName, decider, { state, revision: appended.nextExpectedRevision, lastEventId });
      }
      return { state, revision: appended.nextExpectedRevision, events, appended };
    } catch (error) {
      // A taken claim wrote nothing: the caller tries again with another key, in the same slot
      // (KeyedAppendSlot.giveBack), so a re-execution finds the ids of the append that succeeded.
      if (error instanceof ClaimTakenError) {
        slot?.giveBack();
        throw error;
      }
      // The next attempt reads the whole stream: whatever this process believed of it was not the log.
      options.states?.forget(streamName);
      // A duplicate event id inside a keyed execution: its twin appended first; the reload finds it.
      const concurrent =
        error instanceof WrongExpectedRevisionError || (slot !== undefined && error instanceof DuplicateEventIdError);
      if (!concurrent || attempt >= maxAttempts) throw error;
      // Spread retries of writers that collided on the same stream.
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 3 * attempt)));
    }
  }
}

/**
 * The decision an earlier execution of this keyed request committed in this slot, if the stream
 * holds it: its events (the slot's ids are consecutive, appended together), the state right after
 * them and their position (read-your-writes waits for it).
 */
function alreadyAppended<TState, TEvent extends DomainEvent>(
  recorded: RecordedEvent[],
  slot: KeyedAppendSlot,
  decider: Pick<Decider<unknown, TState, TEvent>, 'initialState' | 'evolve'>,
): Decision<TState, TEvent> | undefined {
  const first = recorded.findIndex((event) => event.id === slot.eventId(0));
  if (first === -1) return undefined;
  let end = first + 1;
  while (end < recorded.length && recorded[end].id === slot.eventId(end - first)) end += 1;
  const through = recorded.slice(0, end);
  const last = through[through.length - 1];
  const { state } = fold(through, decider);
  return {
    state,
    revision: last.revision,
    events: recorded.slice(first, end).map((event) => ({ type: event.type, data: event.data }) as TEvent),
    appended: { nextExpectedRevision: last.revision, position: last.position },
    replayed: true,
  };
}

export function toNewEvent(event: DomainEvent, metadata: CommandMetadata, newEventId: () => string): NewEvent {
  const envelopeMetadata: EventMetadata = {
    correlationId: metadata.correlationId,
    actor: metadata.actor,
    occurredAt: metadata.occurredAt.toISOString(),
    ...(metadata.causationId !== undefined && { causationId: metadata.causationId }),
    ...(metadata.businessId !== undefined && { businessId: metadata.businessId }),
    ...(metadata.mode !== undefined && { mode: metadata.mode }),
    ...(metadata.apiVersion !== undefined && { apiVersion: metadata.apiVersion }),
  };
  return { id: newEventId(), type: event.type, data: event.data, metadata: envelopeMetadata };
}
