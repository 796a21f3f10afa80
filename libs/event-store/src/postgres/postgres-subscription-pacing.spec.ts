import { randomUUID } from 'node:crypto';
import { storeForSuite } from '@gateway/testing';
import type { NewEvent, RecordedEvent } from '../event-envelope';
import { eventStoreMigrations } from './event-store.migrations';
import { PostgresEventStore } from './postgres-event-store';
import { PACE_FROM_EVENTS } from './read-pacing';

const event = (i: number): NewEvent => ({
  id: randomUUID(),
  type: 'Ticked',
  data: { i },
  metadata: {
    businessId: 'biz_pacing',
    mode: 'test',
    correlationId: `req_${i}`,
    actor: 'system:test',
    occurredAt: new Date(0).toISOString(),
  },
});

/** A subscription of `store` from now on: its pages as they come, until stopped. */
async function follow(store: PostgresEventStore, stream: string, minReadIntervalMs: number, handleMs = 0) {
  const tail = await store.readAll({ maxCount: 1_000_000 });
  const after = tail.at(-1)?.position;
  const stop = new AbortController();
  const pages: { at: number; events: RecordedEvent[] }[] = [];
  const done = (async () => {
    for await (const page of store.subscribeToAll({ after, signal: stop.signal, minReadIntervalMs, maxCount: 500 })) {
      const ours = page.filter((recorded) => recorded.streamName === stream);
      if (ours.length > 0) pages.push({ at: Date.now(), events: ours });
      // A projection's transaction takes a while: events keep landing meanwhile.
      await new Promise((resolve) => setTimeout(resolve, handleMs));
    }
  })();
  const received = () => pages.flatMap((page) => page.events);
  return { pages, received, stop: () => (stop.abort(), done) };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !condition();) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** SubscribeOptions.minReadIntervalMs on the PostgreSQL adapter (read-pacing.spec.ts has the rule alone). */
describe('PostgresEventStore subscription read pacing', () => {
  const suite = storeForSuite([eventStoreMigrations], (pool) => new PostgresEventStore(pool, { pollIntervalMs: 100 }));

  it('under a steady flow, reads at most once an interval and still delivers every event in order', async () => {
    const stream = `ticks-${randomUUID()}`;
    const subscription = await follow(suite.store, stream, 250, 20);
    const appended = 200;
    for (let i = 0; i < appended; i++) {
      await suite.store.append(stream, [event(i)], i === 0 ? 'no_stream' : BigInt(i - 1));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await until(() => subscription.received().length === appended, 10_000);
    await subscription.stop();
    expect(subscription.received().map((recorded) => recorded.data)).toEqual(
      Array.from({ length: appended }, (_, i) => ({ i })),
    );
    // 200 appends over at least 1 s, each page handled in 20 ms: unpaced, a page every 20-odd ms (62
    // pages in a run here). Paced by 250 ms: unpaced until PACE_FROM_EVENTS came within an interval
    // (a few pages), then one read an interval.
    const spanMs = subscription.pages.at(-1)!.at - subscription.pages[0].at;
    expect(subscription.pages.length).toBeLessThanOrEqual(Math.ceil(spanMs / 250) + PACE_FROM_EVENTS);
    const gaps = subscription.pages.slice(1).map((page, index) => page.at - subscription.pages[index].at);
    expect(gaps.sort((a, b) => a - b)[gaps.length >> 1]).toBeGreaterThanOrEqual(200);
  });

  it('delivers a lone append after a quiet moment at once, not an interval later', async () => {
    const stream = `lone-${randomUUID()}`;
    const subscription = await follow(suite.store, stream, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (let i = 0; i < 3; i++) {
      // Like a client sending a request after the answer to its last one.
      await suite.store.append(stream, [event(i)], i === 0 ? 'no_stream' : BigInt(i - 1));
      await until(() => subscription.received().length === i + 1, 5_000);
    }
    await subscription.stop();
  });
});
