import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import type { Pool } from 'pg';
import { LISTENER_PRESENCE_TRUSTED_MS, ListenerPresence } from './listener-presence';
import { PgListener } from './pg-listener';

/** ListenerPresence on a real PostgreSQL: who counts as another listener, and for how long an answer holds. */
describe('ListenerPresence', () => {
  let database: TestDatabase;
  const listeners: PgListener[] = [];

  beforeAll(async () => {
    database = await createTestDatabase([]);
  });
  afterEach(async () => {
    await Promise.all(listeners.splice(0).map((listener) => listener.close()));
  });
  afterAll(() => database.drop());

  /** A listener on `channel`, connected (seen in pg_stat_activity) when this resolves. */
  const listening = async (channel: string) => {
    let connected!: () => void;
    const ready = new Promise<void>((resolve) => (connected = resolve));
    const listener = new PgListener(database.pool, channel, {
      onNotification: () => undefined,
      onConnected: connected,
    });
    listeners.push(listener);
    listener.start();
    await ready;
    return listener;
  };

  it("counts other listeners of the channel, not its own nor another channel's", async () => {
    expect(await new ListenerPresence(database.pool, 'presence_a').othersListen()).toBe(false);
    const own = await listening('presence_a');
    await listening('presence_b');
    expect(await new ListenerPresence(database.pool, 'presence_a', own.applicationName).othersListen()).toBe(false);
    expect(await new ListenerPresence(database.pool, 'presence_a').othersListen()).toBe(true);
    expect(await new ListenerPresence(database.pool, 'presence_b', own.applicationName).othersListen()).toBe(true);
  });

  it('trusts an answer for a window, then asks again', async () => {
    const presence = new ListenerPresence(database.pool, 'presence_c');
    expect(await presence.othersListen()).toBe(false);
    await listening('presence_c');
    expect(await presence.othersListen()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, LISTENER_PRESENCE_TRUSTED_MS + 50));
    expect(await presence.othersListen()).toBe(true);
  });

  it('asks once for callers that ask at the same time', async () => {
    let asked = 0;
    const counting = {
      query: (...args: Parameters<Pool['query']>) => {
        asked++;
        return (database.pool.query as (...a: unknown[]) => unknown)(...args);
      },
    } as unknown as Pool;
    const presence = new ListenerPresence(counting, 'presence_e');
    expect(await Promise.all([presence.othersListen(), presence.othersListen(), presence.othersListen()])).toEqual([
      false,
      false,
      false,
    ]);
    expect(asked).toBe(1);
  });

  it('answers true when it cannot tell (the database refuses)', async () => {
    const failing = { query: () => Promise.reject(new Error('down')) } as unknown as Pool;
    expect(await new ListenerPresence(failing, 'presence_d').othersListen()).toBe(true);
  });
});
