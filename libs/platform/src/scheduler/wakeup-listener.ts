import { Client, type Pool } from 'pg';
import { SCHEDULER_WAKEUP_CHANNEL } from './scheduler-wakeup';

const RECONNECT_DELAY_MS = 1000;

/**
 * LISTENs on the scheduler channel with a dedicated connection (a pooled one could be
 * handed to someone else) and reconnects when it drops. Notifications missed while
 * disconnected are covered by a wake-up on reconnect and by polling.
 */
export class WakeupListener {
  private client?: Client;
  private reconnectTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly pool: Pool,
    private readonly onWake: () => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.closed = false;
    this.connect();
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
    const client = new Client(this.pool.options);
    this.client = client;
    const reconnect = (error?: unknown) => {
      if (this.client !== client) return;
      this.client = undefined;
      client.removeAllListeners();
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      if (this.closed) return;
      if (error) this.onError(error);
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = undefined;
        this.connect();
      }, RECONNECT_DELAY_MS);
      this.reconnectTimer.unref();
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    client.on('notification', () => this.onWake());
    client
      .connect()
      .then(() => client.query(`LISTEN ${SCHEDULER_WAKEUP_CHANNEL}`))
      .then(() => this.onWake())
      .catch(reconnect);
  }
}
