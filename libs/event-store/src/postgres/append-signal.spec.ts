import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { channelMark } from '@gateway/database';
import { storeForSuite } from '@gateway/testing';
import type { NewEvent, RecordedEvent } from '../event-envelope';
import { eventStoreMigrations } from './event-store.migrations';
import { PostgresEventStore } from './postgres-event-store';

const event = (i: number): NewEvent => ({
  id: randomUUID(),
  type: 'Ticked',
  data: { i },
  metadata: {
    businessId: 'biz_signal',
    mode: 'test',
    correlationId: `req_${i}`,
    actor: 'system:test',
    occurredAt: new Date(0).toISOString(),
  },
});

/** Polling so slow that only a wake-up (in-process, or a NOTIFY) can deliver within a test. */
const NO_POLLING_MS = 60_000;

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await condition());) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** AppendSignal through the PostgreSQL store: who is woken, and when a NOTIFY is worth its round trip. */
describe('PostgresEventStore append signal', () => {
  const suite = storeForSuite([eventStoreMigrations], (pool) => new PostgresEventStore(pool));
  const opened: PostgresEventStore[] = [];
  const stops: AbortController[] = [];
  /**
   * A store of its own, with its own instance id. Stores of one pool share their process's LISTEN connection; each
   * still tells the others as it would tell another process.
   */
  const storeOfAnotherProcess = () => {
    const store = new PostgresEventStore(suite.db.pool, { pollIntervalMs: NO_POLLING_MS });
    opened.push(store);
    return store;
  };
  /** Every event `store` delivers to a subscription from the log's current end. */
  const subscribe = async (store: PostgresEventStore) => {
    const after = (await store.readAll({ maxCount: 1_000_000 })).at(-1)?.position;
    const stop = new AbortController();
    stops.push(stop);
    const received: RecordedEvent[] = [];
    void (async () => {
      for await (const page of store.subscribeToAll({ after, signal: stop.signal })) received.push(...page);
    })();
    return received;
  };
  /** A plain LISTEN on the channel, counting what it hears (not one of the stores' named listeners). */
  const eavesdrop = async () => {
    const client = new Client(suite.db.pool.options);
    await client.connect();
    const heard: string[] = [];
    client.on('notification', (message) => heard.push(message.payload ?? ''));
    await client.query('LISTEN es_appended');
    return { heard, close: () => client.end() };
  };
  /** LISTEN connections whose application_name says they listen on es_appended (one per pool: per process). */
  const listenersOnDatabase = async () =>
    (
      await suite.db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND starts_with(application_name, 'listen ')
            AND strpos(application_name, $1) > 0`,
        [channelMark('es_appended')],
      )
    ).rows[0].n;

  afterEach(async () => {
    for (const stop of stops.splice(0)) stop.abort();
    for (const store of opened.splice(0)) await store.close();
    await until(async () => (await listenersOnDatabase()) === 0, 5_000);
  });

  it('sends no NOTIFY while no other process listens; its own subscriptions are woken in process', async () => {
    const store = storeOfAnotherProcess();
    const received = await subscribe(store);
    await until(async () => (await listenersOnDatabase()) === 1, 5_000);
    const outsider = await eavesdrop();
    try {
      const stream = `alone-${randomUUID()}`;
      for (let i = 0; i < 5; i++) await store.append(stream, [event(i)], i === 0 ? 'no_stream' : BigInt(i - 1));
      await until(() => received.length === 5, 5_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The only listener on the database is the store's own: nobody to tell.
      expect(outsider.heard).toEqual([]);
    } finally {
      await outsider.close();
    }
  });

  it("wakes another process's subscription at once once it listens, and tells it of every append", async () => {
    const appender = storeOfAnotherProcess();
    const follower = storeOfAnotherProcess();
    const received = await subscribe(follower);
    await until(async () => (await listenersOnDatabase()) === 1, 5_000);
    const outsider = await eavesdrop();
    try {
      const stream = `told-${randomUUID()}`;
      for (let i = 0; i < 3; i++) {
        await appender.append(stream, [event(i)], i === 0 ? 'no_stream' : BigInt(i - 1));
        // Sent on the channel (the follower's polls back off towards a minute; a NOTIFY resets them).
        await until(() => outsider.heard.length >= i + 1, 5_000);
        await until(() => received.filter((recorded) => recorded.streamName === stream).length === i + 1, 5_000);
      }
    } finally {
      await outsider.close();
    }
  });
});
