import type { GlobalPosition, NewEvent, RecordedEvent } from './event-envelope';

/**
 * `no_stream`: the stream must not exist yet (creation, reservations).
 * `any`: no check. A bigint: the revision of the stream's last event.
 */
export type ExpectedRevision = 'no_stream' | 'any' | bigint;

export interface AppendResult {
  /** Revision of the last appended event: pass it as the next expected revision. */
  nextExpectedRevision: bigint;
  /** Global position of the last appended event: read-your-writes waits for it. */
  position: GlobalPosition;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive. Default: the start (forwards) or the end (backwards). */
  fromRevision?: bigint;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Default: the start of the log. */
  after?: GlobalPosition;
  maxCount?: number;
}

export interface SubscribeOptions extends ReadAllOptions {
  /** Stops the subscription; the iterator then ends after the batch in hand. */
  signal?: AbortSignal;
  /**
   * Under a steady flow of appends, read the log at most once per this many ms, so each page holds
   * the interval's events instead of the few that arrived while the last page was handled (fewer,
   * larger batches for the consumer). Only while the flow is dense (postgres/read-pacing.ts): a quiet
   * subscription, or one catching up (a full page), reads at once. 0 or unset: read as soon as there is news.
   * The PostgreSQL adapter paces its reads; EventStoreDB pushes live events and ignores it.
   */
  minReadIntervalMs?: number;
  /**
   * Whether a read-your-writes wait is waiting for this subscription's consumer: a paced read then
   * goes at once, so pacing never lengthens an answer. Without it, pacing applies whoever waits.
   */
  urgency?: ReadUrgency;
}

/** See `SubscribeOptions.urgency`. */
export interface ReadUrgency {
  /** True while someone waits for the consumer's progress. */
  awaited(): boolean;
  /** Calls `listener` when a wait begins; returns the unsubscribe. */
  onAwaited(listener: () => void): () => void;
}

/**
 * A unique key (a POOL account number, a retail payment code) the appending stream holds until a
 * time, taken with the append instead of a reservation stream per key (docs/decisions.md, "POOL
 * numbers claimed with the invoice's append"). Whose clock says a key is free is the claimant's:
 * a holder whose `until` is at or before `at` no longer holds it.
 */
export interface Claim {
  key: string;
  /** Held until this instant (an invoice's expiry). */
  until: Date;
  /** The claimant's now (a business's test clock may differ from the database's). */
  at: Date;
}

export interface AppendOptions {
  /**
   * Keys taken with the append: every one free (or already this stream's) and the events appended,
   * or a ClaimTakenError and nothing written. Atomic with the append on PostgreSQL; on EventStoreDB
   * each key is a claim stream written just before the events (a crash between them leaves keys
   * held until their `until`, as reservation streams did).
   */
  claims?: Claim[];
}

/** Who holds a claimed key: the stream, and until when (expired or not is the caller's clock to say). */
export interface ClaimHolder {
  stream: string;
  until: Date;
}

/** The event store port (design §3). Adapters: PostgreSQL (default) and EventStoreDB. */
export interface EventStore {
  /**
   * Atomic per stream; throws WrongExpectedRevisionError when `expected` does not hold and
   * ClaimTakenError when another stream holds one of `options.claims`.
   */
  append(
    streamName: string,
    events: NewEvent[],
    expected: ExpectedRevision,
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /** The last holder of a claimed key; undefined when no stream ever claimed it. */
  claimHolder(key: string): Promise<ClaimHolder | undefined>;
  /** Events of one stream; an empty array when the stream does not exist. */
  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** One page of the global log in global order, never skipping a late-committing event. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * A catch-up subscription: pages of the log from `after` on, then live events as they commit.
   * Each yielded batch is in global order and follows the previous one without gaps.
   */
  subscribeToAll(options?: SubscribeOptions): AsyncIterable<RecordedEvent[]>;
  /** Resolves when the store answers; used by `/ready`. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Nest injection token for the configured EventStore. */
export const EVENT_STORE = Symbol('EVENT_STORE');
