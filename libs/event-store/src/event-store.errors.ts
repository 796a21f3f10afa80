import type { ExpectedRevision } from './event-store.port';

/** The stream is not at the revision the writer expected: reload, re-decide, retry. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    /** Current revision, or `no_stream` when the stream does not exist. */
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamName}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** Another stream holds this key (AppendOptions.claims): nothing was appended; try another key. */
export class ClaimTakenError extends Error {
  constructor(readonly key: string) {
    super(`Claim ${key} is held by another stream`);
    this.name = 'ClaimTakenError';
  }
}

/** An event with this id was already appended (an event id is unique across the store). */
export class DuplicateEventIdError extends Error {
  constructor(readonly eventId: string) {
    super(`An event with id ${eventId} already exists`);
    this.name = 'DuplicateEventIdError';
  }
}

/** The store cannot be reached; the edge maps this to 503. */
export class EventStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`Event store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'EventStoreUnavailableError';
    this.cause = cause;
  }
}

/** The event cannot be stored as given (PostgreSQL jsonb refuses the NUL character, for one). */
export class InvalidEventDataError extends Error {
  constructor(reason: string) {
    super(`Event data cannot be stored: ${reason}`);
    this.name = 'InvalidEventDataError';
  }
}
