import { Client, type Pool } from 'pg';
import { listenerApplicationName } from './listener-presence';

const RECONNECT_DELAY_MS = 1000;

export interface PgListenerHandlers {
  onNotification(payload: string): void;
  /** After every (re)connection: notifications sent while disconnected are lost, so catch up. */
  onConnected?(): void;
  /** The connection dropped; it reconnects by itself. */
  onLost?(error: unknown): void;
}

/**
 * LISTENs on one channel with a dedicated connection (a pooled one could be handed to someone
 * else while listening) and reconnects when it drops. Every user of LISTEN/NOTIFY in the gateway
 * goes through this, and each keeps a polling fallback for what a dropped connection misses.
 */
export class PgListener {
  private client?: Client;
  private reconnectTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly pool: Pool,
    private readonly channel: string,
    private readonly handlers: PgListenerHandlers,
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a safe channel name: ${channel}`);
    this.applicationName = listenerApplicationName(channel);
  }

  /** The connection's `application_name`, by which other processes see that this one listens (ListenerPresence). */
  readonly applicationName: string;

  /** Idempotent: starts listening unless already listening or closed. */
  start(): void {
    this.connect();
  }

  get listening(): boolean {
    return this.client !== undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private connect(): void {
    if (this.client || this.closed || this.reconnectTimer) return;
    const client = new Client({ ...this.pool.options, application_name: this.applicationName });
    this.client = client;
    const reconnect = (error?: unknown) => {
      if (this.client !== client) return;
      this.client = undefined;
      client.removeAllListeners();
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.handlers.onLost?.(error ?? new Error('LISTEN connection ended'));
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = undefined;
        this.connect();
      }, RECONNECT_DELAY_MS);
      this.reconnectTimer.unref();
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    client.on('notification', (message) => this.handlers.onNotification(message.payload ?? ''));
    client
      .connect()
      .then(() => client.query(`LISTEN ${this.channel}`))
      .then(() => this.handlers.onConnected?.())
      .catch(reconnect);
  }
}
