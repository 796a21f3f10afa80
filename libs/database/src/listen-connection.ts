import { randomBytes } from 'node:crypto';
import { Client, type Pool } from 'pg';
import { listenerApplicationName, listenerIdentity } from './listener-presence';

const RECONNECT_DELAY_MS = 1000;

/** One user of a channel on the shared connection (a `PgListener`). */
export interface ChannelSubscriber {
  readonly channel: string;
  onNotification(payload: string): void;
  /** Its channel is LISTENed on a fresh connection: what was sent before is lost, so catch up. */
  onConnected(): void;
  onLost(error: unknown): void;
}

/**
 * The one LISTEN connection of a pool (of a process) for every channel its listeners use.
 *
 * PostgreSQL wakes every listening backend of a database on every NOTIFY, whatever its channel,
 * and each wake-up is a context switch and a scan of the notification queue: the six connections
 * of a worker, each on its own channel, were six wake-ups for every append or checkpoint NOTIFY
 * another process sent (docs/benchmarks.md, "Thirteenth cut"). Here a process's channels
 * share one connection, so a NOTIFY wakes one backend per listening process.
 *
 * Its `application_name` names the process (`listenerIdentity`) and the channels listened on
 * (`listenerApplicationName`), kept current as channels come and go, which is how other
 * processes see who listens (`ListenerPresence`). It connects when the first subscriber comes,
 * reconnects after a drop (every subscriber is told it was lost, then connected again), and
 * closes when the last one leaves. Its statements run one after another (`sync`), each making the
 * LISTENs match the subscribers of that moment, so subscribers may come and go at any time.
 */
export class ListenConnection {
  private static readonly ofPool = new WeakMap<Pool, ListenConnection>();

  /** The shared connection of `pool`'s process. */
  static of(pool: Pool): ListenConnection {
    let connection = ListenConnection.ofPool.get(pool);
    if (!connection) {
      connection = new ListenConnection(pool);
      ListenConnection.ofPool.set(pool, connection);
    }
    return connection;
  }

  /** `listen <instance> `: the start of this connection's application_name, whatever it listens on. */
  readonly identity = listenerIdentity(randomBytes(6).toString('hex'));
  private readonly subscribers = new Map<string, Set<ChannelSubscriber>>();
  /** Subscribers to tell `onConnected` once their channel is LISTENed on the current session. */
  private readonly waiting = new Set<ChannelSubscriber>();
  private session?: Session;
  private reconnectTimer?: NodeJS.Timeout;

  private constructor(private readonly pool: Pool) {}

  /** Whether `channel` is LISTENed, or will be once the connection in progress is up. */
  covers(channel: string): boolean {
    return this.session !== undefined && this.subscribers.has(channel);
  }

  /** Whether a subscriber other than `subscriber` is on its channel. */
  hasOthersOn(subscriber: ChannelSubscriber): boolean {
    const sharing = this.subscribers.get(subscriber.channel);
    return sharing !== undefined && sharing.size > (sharing.has(subscriber) ? 1 : 0);
  }

  add(subscriber: ChannelSubscriber): void {
    const sharing = this.subscribers.get(subscriber.channel) ?? new Set();
    this.subscribers.set(subscriber.channel, sharing.add(subscriber));
    this.waiting.add(subscriber);
    if (this.session) this.sync(this.session);
    else this.connect();
  }

  async remove(subscriber: ChannelSubscriber): Promise<void> {
    this.waiting.delete(subscriber);
    const sharing = this.subscribers.get(subscriber.channel);
    if (!sharing?.delete(subscriber) || sharing.size > 0) return;
    this.subscribers.delete(subscriber.channel);
    const session = this.session;
    if (this.subscribers.size > 0) {
      if (session) this.sync(session);
      return;
    }
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.session = undefined;
    await session?.client.end().catch(() => undefined);
  }

  private connect(): void {
    if (this.session || this.reconnectTimer || this.subscribers.size === 0) return;
    const name = this.applicationName();
    const client = new Client({ ...this.pool.options, application_name: name });
    const session: Session = { client, listened: new Set(), name, done: client.connect() };
    this.session = session;
    client.on('error', (error) => this.lose(session, error));
    client.on('end', () => this.lose(session));
    client.on('notification', (message) => {
      for (const subscriber of this.subscribers.get(message.channel) ?? []) {
        subscriber.onNotification(message.payload ?? '');
      }
    });
    this.sync(session);
  }

  /**
   * Queues, after whatever the session still has to do, one step that LISTENs and UNLISTENs until
   * the session listens on exactly the subscribers' channels, renames it to match, and then tells
   * the waiting subscribers whose channel is listened on that they are connected.
   */
  private sync(session: Session): void {
    session.done = session.done
      .then(async () => {
        if (this.session !== session) return;
        const added = [...this.subscribers.keys()].filter((channel) => !session.listened.has(channel));
        const dropped = [...session.listened].filter((channel) => !this.subscribers.has(channel));
        if (added.length + dropped.length > 0) {
          await session.client.query(
            [...added.map((channel) => `LISTEN ${channel};`), ...dropped.map((channel) => `UNLISTEN ${channel};`)].join(
              ' ',
            ),
          );
          for (const channel of added) session.listened.add(channel);
          for (const channel of dropped) session.listened.delete(channel);
        }
        const name = listenerApplicationName(this.identity, [...session.listened]);
        if (name !== session.name) {
          await session.client.query("SELECT set_config('application_name', $1, false)", [name]);
          session.name = name;
        }
        if (this.session !== session) return;
        for (const subscriber of [...this.waiting]) {
          if (!session.listened.has(subscriber.channel)) continue;
          this.waiting.delete(subscriber);
          subscriber.onConnected();
        }
      })
      .catch((error: unknown) => this.lose(session, error));
  }

  /** The session's connection failed or ended: tell every subscriber, and reconnect a moment later. */
  private lose(session: Session, error?: unknown): void {
    if (this.session !== session) return;
    this.session = undefined;
    const { client } = session;
    client.removeAllListeners();
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.subscribers.size === 0) return;
    for (const sharing of this.subscribers.values()) {
      for (const subscriber of sharing) {
        this.waiting.add(subscriber);
        subscriber.onLost(error ?? new Error('LISTEN connection ended'));
      }
    }
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, RECONNECT_DELAY_MS);
    this.reconnectTimer.unref();
  }

  private applicationName(): string {
    return listenerApplicationName(this.identity, [...this.subscribers.keys()]);
  }
}

/** One connection's life: what it listens on and is named now, and the end of its queued work. */
interface Session {
  client: Client;
  listened: Set<string>;
  name: string;
  done: Promise<unknown>;
}
