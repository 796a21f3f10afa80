import { randomUUID } from 'node:crypto';
import type { Decider, DomainEvent } from '@gateway/domain';
import type { EventMetadata, NewEvent } from '../event-envelope';
import { WrongExpectedRevisionError } from '../event-store.errors';
import type { AppendResult, EventStore } from '../event-store.port';

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
}

export interface DecideOptions {
  /** Attempts before a concurrency conflict is given up on and rethrown. */
  maxAttempts?: number;
  newEventId?: () => string;
  /**
   * The caller just minted the stream's id (a new charge, a new payment): decide on the initial
   * state and append as `no_stream` without reading the stream first. Should the id exist after
   * all, the append fails its expected revision and the usual reload-and-decide takes over.
   */
  newStream?: boolean;
}

/** Replays a stream through the decider's evolve. */
export async function loadAggregate<TState, TEvent extends DomainEvent>(
  store: EventStore,
  streamName: string,
  decider: Pick<Decider<unknown, TState, TEvent>, 'initialState' | 'evolve'>,
): Promise<LoadedAggregate<TState>> {
  const recorded = await store.readStream(streamName);
  let state = decider.initialState;
  for (const event of recorded) state = decider.evolve(state, { type: event.type, data: event.data } as TEvent);
  return { state, revision: recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1].revision };
}

/**
 * Load, decide, append with the expected revision; on a concurrent write, reload and decide
 * again (the decision may now differ, e.g. a second capture fails), a bounded number of times.
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
  const newEventId = options.newEventId ?? randomUUID;
  for (let attempt = 1; ; attempt += 1) {
    const loaded: LoadedAggregate<TState> =
      options.newStream && attempt === 1 ? { state: decider.initialState, revision: 'no_stream' } : await loadAggregate(store, streamName, decider);
    const events = decider.decide(command, loaded.state);
    if (events.length === 0) return { ...loaded, events };
    const state = events.reduce(decider.evolve, loaded.state);
    try {
      const appended = await store.append(streamName, events.map((event) => toNewEvent(event, metadata, newEventId)), loaded.revision);
      return { state, revision: appended.nextExpectedRevision, events, appended };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= maxAttempts) throw error;
      // Spread retries of writers that collided on the same stream.
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 3 * attempt)));
    }
  }
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
