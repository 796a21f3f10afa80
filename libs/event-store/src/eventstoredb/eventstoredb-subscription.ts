import type { GlobalPosition, RecordedEvent } from '../event-envelope';
import { EventStoreUnavailableError } from '../event-store.errors';
import { isAfter, isConnectionFailure, reconnectDelayMs } from './eventstoredb-mapping';

/** A live subscription as the catch-up loop sees it; the adapter builds it from the client. */
export interface LiveFeed {
  /** Non-system events strictly after the position the feed was opened at, in global order. */
  events: AsyncIterable<RecordedEvent>;
  /** Unsubscribes; a pending read on `events` then ends or fails, and either is ignored. */
  close(): Promise<void>;
}

export interface CatchUpSource {
  /** One page of non-system events strictly after `after` (the start when undefined). */
  readPage(after: GlobalPosition | undefined, maxCount: number): Promise<RecordedEvent[]>;
  openLiveFeed(after: GlobalPosition | undefined): LiveFeed;
}

export interface ReconnectPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
  /** Consecutive failed attempts before the iterator throws EventStoreUnavailableError. */
  maxAttempts: number;
  /** A live subscription that stayed up this long, or delivered events, resets the attempt count. */
  stableAfterMs: number;
}

export const DEFAULT_RECONNECT_POLICY: ReconnectPolicy = {
  initialDelayMs: 100,
  maxDelayMs: 5_000,
  maxAttempts: 20,
  stableAfterMs: 30_000,
};

export interface CatchUpOptions {
  after?: GlobalPosition;
  batchSize: number;
  signal?: AbortSignal;
  reconnect?: ReconnectPolicy;
}

/**
 * Pages through the log with reads, then follows it live. EventStoreDB does not resume a
 * dropped subscription, so on a connection failure this starts over (pages, then live) from
 * the last position it yielded, after a capped backoff.
 */
export async function* catchUpThenFollow(
  source: CatchUpSource,
  options: CatchUpOptions,
): AsyncGenerator<RecordedEvent[]> {
  const { batchSize, signal } = options;
  const policy = options.reconnect ?? DEFAULT_RECONNECT_POLICY;
  let cursor = options.after;
  let failedAttempts = 0;

  while (!signal?.aborted) {
    let failure: unknown;
    let liveSince: number | undefined;
    try {
      for (;;) {
        // A read on a half-open connection only fails after the keepalive timeout; abort sooner.
        const page = await unlessAborted(source.readPage(cursor, batchSize), signal);
        if (!page || page.length === 0) break;
        cursor = page[page.length - 1].position;
        failedAttempts = 0;
        yield page;
        if (signal?.aborted) return;
      }
      if (signal?.aborted) return;

      const feed = source.openLiveFeed(cursor);
      liveSince = Date.now();
      try {
        for await (const received of bufferedBatches(feed.events, batchSize, signal)) {
          // A resubscription may replay the event at the cursor; the contract says strictly after.
          const batch = received.filter((event) => isAfter(event.position, cursor));
          if (batch.length === 0) continue;
          cursor = batch[batch.length - 1].position;
          failedAttempts = 0;
          yield batch;
          if (signal?.aborted) return;
        }
      } finally {
        await feed.close();
      }
      if (signal?.aborted) return;
      failure = new Error('EventStoreDB ended the subscription');
    } catch (error) {
      if (signal?.aborted) return;
      if (!isConnectionFailure(error)) throw error;
      failure = error;
    }

    // An idle subscription dropped once an hour is healthy, not a run of failures.
    if (liveSince !== undefined && Date.now() - liveSince >= policy.stableAfterMs) failedAttempts = 0;
    failedAttempts += 1;
    if (failedAttempts > policy.maxAttempts) throw new EventStoreUnavailableError(failure);
    await sleep(reconnectDelayMs(failedAttempts, policy), signal);
  }
}

/**
 * Groups what the feed delivers while the consumer is busy into batches of up to `maxCount`.
 * A pump drains the feed into a buffer; it pauses at `maxCount` buffered events so a slow
 * consumer applies backpressure down to the gRPC stream instead of growing the buffer.
 * Ends when the feed ends or `signal` aborts; rethrows the feed's error after the buffered events.
 */
export async function* bufferedBatches<T>(
  events: AsyncIterable<T>,
  maxCount: number,
  signal?: AbortSignal,
): AsyncGenerator<T[]> {
  const buffer: T[] = [];
  let feedDone = false;
  let consumerGone = false;
  let failure: { error: unknown } | undefined;
  let wakeConsumer: (() => void) | undefined;
  let wakePump: (() => void) | undefined;
  const notifyConsumer = () => {
    wakeConsumer?.();
    wakeConsumer = undefined;
  };
  const notifyPump = () => {
    wakePump?.();
    wakePump = undefined;
  };

  // Never rejects: it records the feed's error for the consumer to rethrow.
  void (async () => {
    try {
      for await (const event of events) {
        buffer.push(event);
        notifyConsumer();
        while (buffer.length >= maxCount && !consumerGone) await new Promise<void>((resume) => (wakePump = resume));
        if (consumerGone) return;
      }
    } catch (error) {
      failure = { error };
    } finally {
      feedDone = true;
      notifyConsumer();
    }
  })();

  try {
    for (;;) {
      if (buffer.length > 0) {
        const batch = buffer.splice(0, maxCount);
        notifyPump();
        yield batch;
        continue;
      }
      if (failure) throw failure.error;
      if (feedDone || signal?.aborted) return;
      await unlessAborted(new Promise<void>((wake) => (wakeConsumer = wake)), signal);
    }
  } finally {
    // Releases a pump parked on backpressure; it then stops without reading further.
    consumerGone = true;
    notifyPump();
  }
}

/** The promise's outcome, or `undefined` as soon as `signal` aborts (a late outcome is dropped). */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  if (!signal) return promise;
  return new Promise<T | undefined>((resolve, reject) => {
    const onAbort = () => resolve(undefined);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
