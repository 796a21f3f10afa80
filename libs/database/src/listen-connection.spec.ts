import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import { channelMark } from './listener-presence';
import { PgListener } from './pg-listener';

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await condition());) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A process's PgListeners share one LISTEN connection (ListenConnection), on a real PostgreSQL. */
describe('ListenConnection', () => {
  let database: TestDatabase;
  const listeners: PgListener[] = [];

  beforeAll(async () => {
    database = await createTestDatabase([]);
  });
  afterEach(async () => {
    await Promise.all(listeners.splice(0).map((listener) => listener.close()));
    await until(async () => (await listenConnections()).length === 0);
  });
  afterAll(() => database.drop());

  interface Recording {
    listener: PgListener;
    heard: string[];
    connected: number;
    lost: number;
  }

  /** A started listener that records what it is told. */
  const listen = (channel: string): Recording => {
    const recording = { heard: [] as string[], connected: 0, lost: 0 } as Recording;
    recording.listener = new PgListener(database.pool, channel, {
      onNotification: (payload) => recording.heard.push(payload),
      onConnected: () => (recording.connected += 1),
      onLost: () => (recording.lost += 1),
    });
    listeners.push(recording.listener);
    recording.listener.start();
    return recording;
  };
  const listenConnections = async () =>
    (
      await database.pool.query<{ pid: number; application_name: string }>(
        `SELECT pid, application_name FROM pg_stat_activity
          WHERE datname = current_database() AND starts_with(application_name, 'listen ')`,
      )
    ).rows;
  const notify = (channel: string, payload: string) =>
    database.pool.query('SELECT pg_notify($1, $2)', [channel, payload]);

  it('listens on every channel of the process through one connection named after them', async () => {
    const [a, b, c] = ['shared_a', 'shared_b', 'shared_c'].map(listen);
    await until(() => a.connected === 1 && b.connected === 1 && c.connected === 1);
    const connections = await listenConnections();
    expect(connections).toHaveLength(1);
    expect(connections[0].application_name.startsWith(a.listener.identity)).toBe(true);
    for (const channel of ['shared_a', 'shared_b', 'shared_c']) {
      expect(connections[0].application_name).toContain(channelMark(channel));
    }

    await b.listener.close();
    await until(async () => !(await listenConnections())[0].application_name.includes(channelMark('shared_b')));
    expect((await listenConnections())[0].application_name).toContain(channelMark('shared_a'));
  });

  it('hands each notification to the listeners of its channel, all of them, and only them', async () => {
    const first = listen('fan_a');
    const second = listen('fan_a');
    const other = listen('fan_b');
    await until(() => first.connected === 1 && second.connected === 1 && other.connected === 1);
    await notify('fan_a', 'one');
    await notify('fan_b', 'two');
    await until(() => first.heard.length === 1 && second.heard.length === 1 && other.heard.length === 1);
    expect([first.heard, second.heard, other.heard]).toEqual([['one'], ['one'], ['two']]);

    // One of two listeners leaving keeps the channel for the other.
    await first.listener.close();
    await notify('fan_a', 'three');
    await until(() => second.heard.length === 2);
    expect(first.heard).toEqual(['one']);
  });

  it('tells a listener it is connected only once its channel is listened on, however late it comes', async () => {
    const early = listen('late_a');
    // Added while the connection is being made: its LISTEN follows the connection's own.
    const meanwhile = listen('late_b');
    await until(() => early.connected === 1 && meanwhile.connected === 1);
    // Added to a live connection, on a new channel and on one already listened on.
    for (const channel of ['late_c', 'late_a']) {
      const late = listen(channel);
      await until(() => late.connected === 1);
      await notify(channel, `to ${channel}`);
      await until(() => late.heard.includes(`to ${channel}`));
    }
    await notify('late_b', 'to late_b');
    await until(() => meanwhile.heard.includes('to late_b'));
  });

  it('after a drop, tells every listener it was lost, reconnects, and listens on every channel again', async () => {
    const a = listen('drop_a');
    const b = listen('drop_b');
    await until(() => a.connected === 1 && b.connected === 1);
    const [connection] = await listenConnections();
    await database.pool.query('SELECT pg_terminate_backend($1)', [connection.pid]);
    await until(() => a.lost === 1 && b.lost === 1);
    expect(a.listener.listening).toBe(false);
    await until(() => a.connected === 2 && b.connected === 2);
    expect(a.listener.listening).toBe(true);
    await notify('drop_a', 'back');
    await notify('drop_b', 'back');
    await until(() => a.heard.includes('back') && b.heard.includes('back'));
  });

  it('closes the connection when its last listener leaves, and opens a new one for the next', async () => {
    const only = listen('last_a');
    await until(() => only.connected === 1);
    const [before] = await listenConnections();
    await only.listener.close();
    await until(async () => (await listenConnections()).length === 0);
    const next = listen('last_a');
    await until(() => next.connected === 1);
    const [after] = await listenConnections();
    expect(after.pid).not.toBe(before.pid);
    await notify('last_a', 'again');
    await until(() => next.heard.includes('again'));
    expect(only.heard).toEqual([]);
  });
});
