import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@gateway/domain';
import { currentKeyedExecution } from '@gateway/runtime';
import type { NewEvent } from '../event-envelope';
import { DuplicateEventIdError, WrongExpectedRevisionError } from '../event-store.errors';
import type { AppendResult, EventStore } from '../event-store.port';
import { type CommandMetadata, toNewEvent } from './decide-and-append';

export interface CreatedStream {
  /** The stream's events as stored (a replay returns the earlier execution's). */
  events: NewEvent[];
  appended: AppendResult;
  /** The stream was created by an earlier execution of the same keyed request. */
  replayed?: true;
}

/**
 * Creates a stream (`no_stream`) with events that need no decision. Inside a keyed execution the
 * event ids are derived from the key, so a re-execution of the request that meets the stream it
 * created before gets that creation back instead of an error. Any other existing stream is still
 * a WrongExpectedRevisionError (or DuplicateEventIdError) for the caller.
 */
export async function createStream(
  store: EventStore,
  streamName: string,
  events: DomainEvent[],
  metadata: CommandMetadata,
): Promise<CreatedStream> {
  const slot = currentKeyedExecution()?.nextAppend(streamName);
  let index = 0;
  const created = events.map((event) =>
    toNewEvent(event, metadata, () => (slot ? slot.eventId(index++) : randomUUID())),
  );
  try {
    return { events: created, appended: await store.append(streamName, created, 'no_stream') };
  } catch (error) {
    if (!slot || !(error instanceof WrongExpectedRevisionError || error instanceof DuplicateEventIdError)) throw error;
    const recorded = await store.readStream(streamName, { maxCount: events.length });
    if (recorded[0]?.id !== slot.eventId(0)) throw error;
    const last = recorded[recorded.length - 1];
    return {
      events: recorded.map(({ id, type, data, metadata: stored }) => ({ id, type, data, metadata: stored })),
      appended: { nextExpectedRevision: last.revision, position: last.position },
      replayed: true,
    };
  }
}
