import { UnavailableError } from '@eventstore/db-client';
import type { GlobalPosition, RecordedEvent } from '../event-envelope';
import { EventStoreUnavailableError } from '../event-store.errors';
import {
  bufferedBatches,
  type CatchUpSource,
  catchUpThenFollow,
  type LiveFeed,
  type ReconnectPolicy,
} from './eventstoredb-subscription';

const FAST_RECONNECT: ReconnectPolicy = { initialDelayMs: 1, maxDelayMs: 5, maxAttempts: 3, stableAfterMs: 60_000 };

function recorded(n: number): RecordedEvent {
  return {
    id: `event-${n}`,
    type: 'Happened',
    data: { n },
    metadata: { correlationId: 'c', actor: 'system:test', occurredAt: new Date(0).toISOString() },
    streamName: 'test-1',
    revision: BigInt(n),
    position: { commit: BigInt(n * 10), prepare: BigInt(n * 10) },
    recordedAt: new Date(0),
  };
}

/** A live feed the test pushes events into, fails, or ends, like a gRPC subscription. */
class ControlledFeed implements LiveFeed {
  closed = false;
  private queue: Array<{ event?: RecordedEvent; error?: Error; end?: true }> = [];
  private wake?: () => void;

  readonly events: AsyncIterable<RecordedEvent> = {
    [Symbol.asyncIterator]: () => ({
      next: async (): Promise<IteratorResult<RecordedEvent>> => {
        while (this.queue.length === 0 && !this.closed) await new Promise<void>((resolve) => (this.wake = resolve));
        const item = this.queue.shift();
        if (!item || item.end) return { done: true, value: undefined };
        if (item.error) throw item.error;
        return { done: false, value: item.event! };
      },
    }),
  };

  push(...events: RecordedEvent[]): void {
    this.queue.push(...events.map((event) => ({ event })));
    this.wake?.();
  }
  fail(error: Error): void {
    this.queue.push({ error });
    this.wake?.();
  }
  end(): void {
    this.queue.push({ end: true });
    this.wake?.();
  }
  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
  }
}

class FakeSource implements CatchUpSource {
  readonly log: RecordedEvent[] = [];
  readonly feeds: Array<{ after: GlobalPosition | undefined; feed: ControlledFeed }> = [];
  readonly reads: Array<GlobalPosition | undefined> = [];
  failReads = 0;
  hangReads = false;

  async readPage(after: GlobalPosition | undefined, maxCount: number): Promise<RecordedEvent[]> {
    this.reads.push(after);
    if (this.hangReads) return new Promise<never>(() => undefined);
    if (this.failReads > 0) {
      this.failReads -= 1;
      throw new UnavailableError();
    }
    const start = after === undefined ? 0 : this.log.findIndex((e) => e.position.commit > after.commit);
    return start === -1 ? [] : this.log.slice(start, start + maxCount);
  }

  openLiveFeed(after: GlobalPosition | undefined): LiveFeed {
    const feed = new ControlledFeed();
    this.feeds.push({ after, feed });
    return feed;
  }

  get liveFeed(): ControlledFeed {
    return this.feeds[this.feeds.length - 1].feed;
  }
}

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await tick(1);
  expect(condition()).toBe(true);
}

/** The ids of the batch a pending `next()` resolves to. */
async function idsOf(next: Promise<IteratorResult<unknown>>): Promise<string[]> {
  return ((await next).value as RecordedEvent[]).map((e) => e.id);
}

/** A subscription that caught up with an empty log: its first live feed is open, its first batch pending. */
async function waitingOnLive() {
  const source = new FakeSource();
  const iterator = catchUpThenFollow(source, { batchSize: 10, reconnect: FAST_RECONNECT });
  const next = iterator.next();
  await until(() => source.feeds.length === 1);
  return { source, iterator, next };
}

describe('catchUpThenFollow', () => {
  it('pages through history, then follows live from the last position', async () => {
    const source = new FakeSource();
    source.log.push(...[1, 2, 3, 4, 5].map(recorded));
    const controller = new AbortController();
    const iterator = catchUpThenFollow(source, { batchSize: 2, signal: controller.signal, reconnect: FAST_RECONNECT });

    const pages = [await iterator.next(), await iterator.next(), await iterator.next()];
    expect(pages.map((page) => (page.value as RecordedEvent[]).map((e) => e.id))).toEqual([
      ['event-1', 'event-2'],
      ['event-3', 'event-4'],
      ['event-5'],
    ]);

    const live = iterator.next();
    await until(() => source.feeds.length === 1);
    expect(source.feeds[0].after).toEqual(recorded(5).position);
    source.liveFeed.push(recorded(6));
    expect(await idsOf(live)).toEqual(['event-6']);

    controller.abort();
    expect((await iterator.next()).done).toBe(true);
    expect(source.liveFeed.closed).toBe(true);
  });

  it('starts strictly after the given position', async () => {
    const source = new FakeSource();
    source.log.push(...[1, 2, 3].map(recorded));
    const iterator = catchUpThenFollow(source, { after: recorded(2).position, batchSize: 10 });
    expect(await idsOf(iterator.next())).toEqual(['event-3']);
    await iterator.return(undefined);
  });

  it('resubscribes from the last yielded position after a drop, without replaying it', async () => {
    const { source, iterator, next: first } = await waitingOnLive();
    expect(source.feeds[0].after).toBeUndefined();
    source.log.push(recorded(1));
    source.liveFeed.push(recorded(1));
    expect(await idsOf(first)).toEqual(['event-1']);

    const second = iterator.next();
    source.liveFeed.fail(new UnavailableError());
    await until(() => source.feeds.length === 2);
    expect(source.feeds[0].feed.closed).toBe(true);
    expect(source.feeds[1].after).toEqual(recorded(1).position);
    // A server may replay the event at the resume position; it must not be delivered twice.
    source.liveFeed.push(recorded(1), recorded(2));
    expect(await idsOf(second)).toEqual(['event-2']);
    await iterator.return(undefined);
  });

  it('treats a subscription the server ends as a drop', async () => {
    const { source, iterator, next } = await waitingOnLive();
    source.liveFeed.end();
    await until(() => source.feeds.length === 2);
    source.liveFeed.push(recorded(1));
    expect(await idsOf(next)).toEqual(['event-1']);
    await iterator.return(undefined);
  });

  it('retries failed catch-up reads, then gives up with EventStoreUnavailableError', async () => {
    const source = new FakeSource();
    source.log.push(recorded(1));
    source.failReads = 2;
    const recovering = catchUpThenFollow(source, { batchSize: 10, reconnect: FAST_RECONNECT });
    expect(await idsOf(recovering.next())).toEqual(['event-1']);
    await recovering.return(undefined);

    source.failReads = 10;
    const failing = catchUpThenFollow(source, { batchSize: 10, reconnect: FAST_RECONNECT });
    await expect(failing.next()).rejects.toBeInstanceOf(EventStoreUnavailableError);
  });

  it('rethrows errors that are not connection failures at once', async () => {
    const { source, next } = await waitingOnLive();
    source.liveFeed.fail(new Error('access denied'));
    await expect(next).rejects.toThrow('access denied');
    expect(source.feeds).toHaveLength(1);
  });

  it('stops promptly when aborted while waiting for live events or backing off', async () => {
    const source = new FakeSource();
    const controller = new AbortController();
    const waiting = catchUpThenFollow(source, { batchSize: 10, signal: controller.signal });
    const next = waiting.next();
    await until(() => source.feeds.length === 1);
    controller.abort();
    expect((await next).done).toBe(true);
    expect(source.liveFeed.closed).toBe(true);

    const backingOff = new AbortController();
    source.failReads = 1;
    const slowRetry = catchUpThenFollow(source, {
      batchSize: 10,
      signal: backingOff.signal,
      reconnect: { ...FAST_RECONNECT, initialDelayMs: 60_000, maxDelayMs: 60_000 },
    });
    const pending = slowRetry.next();
    await until(() => source.reads.length >= 1);
    const startedAt = Date.now();
    backingOff.abort();
    expect((await pending).done).toBe(true);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
  });

  it('stops promptly when aborted during a read that never answers', async () => {
    const source = new FakeSource();
    source.hangReads = true;
    const controller = new AbortController();
    const pending = catchUpThenFollow(source, { batchSize: 10, signal: controller.signal }).next();
    await until(() => source.reads.length === 1);
    controller.abort();
    expect((await pending).done).toBe(true);
  });
});

describe('bufferedBatches', () => {
  it('groups events that arrived while the consumer was busy, at most maxCount per batch', async () => {
    const feed = new ControlledFeed();
    const batches = bufferedBatches(feed.events, 3);
    const first = batches.next();
    feed.push(recorded(1));
    expect(await idsOf(first)).toEqual(['event-1']);
    // The consumer is busy with event 1 while five more arrive.
    feed.push(...[2, 3, 4, 5, 6].map(recorded));
    await tick();
    expect(await idsOf(batches.next())).toEqual(['event-2', 'event-3', 'event-4']);
    await tick(); // the pump paused at three buffered events and reads on once they are taken
    expect(await idsOf(batches.next())).toEqual(['event-5', 'event-6']);
    feed.end();
    expect((await batches.next()).done).toBe(true);
  });

  it('delivers buffered events before the feed error', async () => {
    const feed = new ControlledFeed();
    const batches = bufferedBatches(feed.events, 10);
    feed.push(recorded(1));
    feed.fail(new UnavailableError());
    expect(await idsOf(batches.next())).toEqual(['event-1']);
    await expect(batches.next()).rejects.toBeInstanceOf(UnavailableError);
  });

  it('stops reading the feed once maxCount events wait for the consumer', async () => {
    let pulled = 0;
    async function* endless(): AsyncGenerator<number> {
      for (;;) {
        pulled += 1;
        yield pulled;
        await tick();
      }
    }
    const batches = bufferedBatches(endless(), 4);
    const first = await batches.next();
    await tick(20);
    expect(pulled).toBeLessThanOrEqual(first.value!.length + 4 + 1);
    await batches.return(undefined);
  });
});
