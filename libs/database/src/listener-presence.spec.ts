import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import { Client, type Pool } from 'pg';
import { createGatewayPool } from './gateway-pool';
import {
  channelMark,
  LISTENER_PRESENCE_TRUSTED_MS,
  ListenerPresence,
  listenerApplicationName,
  listenerIdentity,
} from './listener-presence';
import { PgListener } from './pg-listener';

/** ListenerPresence on a real PostgreSQL: who counts as another listener, and for how long an answer holds. */
describe('ListenerPresence', () => {
  let database: TestDatabase;
  /** A second process's pool on the same database: its listeners have a LISTEN connection of their own. */
  let otherProcess: Pool;
  const listeners: PgListener[] = [];
  const raw: Client[] = [];

  beforeAll(async () => {
    database = await createTestDatabase([]);
    otherProcess = createGatewayPool({ connectionString: database.url, max: 2 });
  });
  afterEach(async () => {
    await Promise.all(listeners.splice(0).map((listener) => listener.close()));
    await Promise.all(raw.splice(0).map((client) => client.end()));
  });
  afterAll(async () => {
    await otherProcess.end();
    await database.drop();
  });

  /** A listener on `channel` in the process of `pool`, connected (seen in pg_stat_activity) when this resolves. */
  const listening = async (channel: string, pool: Pool = database.pool) => {
    let connected!: () => void;
    const ready = new Promise<void>((resolve) => (connected = resolve));
    const listener = new PgListener(pool, channel, {
      onNotification: () => undefined,
      onConnected: connected,
    });
    listeners.push(listener);
    listener.start();
    await ready;
    return listener;
  };

  it("counts other processes' listeners of the channel, not its own process's nor another channel's", async () => {
    // The marks of these channels differ (a shared mark would make one look like the other).
    expect(new Set(['presence_a', 'presence_b', 'presence_f'].map(channelMark)).size).toBe(3);
    expect(await new ListenerPresence(database.pool, 'presence_a').othersListen()).toBe(false);
    const own = await listening('presence_a');
    await listening('presence_f');
    await listening('presence_b', otherProcess);
    expect(await new ListenerPresence(database.pool, 'presence_a', own).othersListen()).toBe(false);
    expect(await new ListenerPresence(database.pool, 'presence_f', own).othersListen()).toBe(false);
    expect(await new ListenerPresence(database.pool, 'presence_a').othersListen()).toBe(true);
    expect(await new ListenerPresence(database.pool, 'presence_b', own).othersListen()).toBe(true);
  });

  it('counts a second listener of the channel in its own process (another store of the same pool)', async () => {
    const own = await listening('presence_g');
    expect(await new ListenerPresence(database.pool, 'presence_g', own).othersListen()).toBe(false);
    await listening('presence_g');
    expect(await new ListenerPresence(database.pool, 'presence_g', own).othersListen()).toBe(true);
  });

  it('names a connection by its process and a mark per channel, within 63 bytes', () => {
    const identity = listenerIdentity('0123456789ab');
    expect(listenerApplicationName(identity, [])).toBe('listen 0123456789ab ');
    const two = listenerApplicationName(identity, ['es_appended', 'projection_checkpoint', 'es_appended']);
    expect(two).toMatch(/^listen 0123456789ab \.[0-9a-f]{3}\.[0-9a-f]{3}\.$/);
    expect(two).toContain(channelMark('es_appended'));
    expect(two).toContain(channelMark('projection_checkpoint'));
    const many = listenerApplicationName(
      identity,
      Array.from({ length: 20 }, (_, i) => `channel_${i}`),
    );
    expect(many.length).toBeLessThanOrEqual(63);
    expect(many.endsWith('*')).toBe(true);
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

  it('counts connections named one per channel by earlier builds, and those whose marks did not fit', async () => {
    const named = async (applicationName: string) => {
      const client = new Client({ ...database.pool.options, application_name: applicationName });
      raw.push(client);
      await client.connect();
    };
    expect(await new ListenerPresence(database.pool, 'presence_h').othersListen()).toBe(false);
    await named('listen presence_h 0123456789abcdef');
    expect(await new ListenerPresence(database.pool, 'presence_h').othersListen()).toBe(true);
    expect(await new ListenerPresence(database.pool, 'presence_i').othersListen()).toBe(false);
    await named(`${listenerIdentity('abcdefabcdef')}*`);
    expect(await new ListenerPresence(database.pool, 'presence_i').othersListen()).toBe(true);
  });
});
