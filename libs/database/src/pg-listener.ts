import type { Pool } from 'pg';
import type { OwnListener } from './listener-presence';
import { type ChannelSubscriber, ListenConnection } from './listen-connection';

export interface PgListenerHandlers {
  onNotification(payload: string): void;
  /** After every (re)connection: notifications sent while disconnected are lost, so catch up. */
  onConnected?(): void;
  /** The connection dropped; it reconnects by itself. */
  onLost?(error: unknown): void;
}

/**
 * LISTENs on one channel and reconnects when the connection drops. Every user of LISTEN/NOTIFY in
 * the gateway goes through this, and each keeps a polling fallback for what a dropped connection
 * misses. The connection is not a pooled one (it could be handed to someone else while
 * listening) and not one per listener: every listener of a pool shares its process's
 * `ListenConnection`, because PostgreSQL wakes every listening backend on every NOTIFY.
 */
export class PgListener implements OwnListener {
  private readonly connection: ListenConnection;
  private readonly subscriber: ChannelSubscriber;
  private started = false;
  private closed = false;

  constructor(pool: Pool, channel: string, handlers: PgListenerHandlers) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a safe channel name: ${channel}`);
    this.connection = ListenConnection.of(pool);
    this.subscriber = {
      channel,
      onNotification: (payload) => handlers.onNotification(payload),
      onConnected: () => handlers.onConnected?.(),
      onLost: (error) => handlers.onLost?.(error),
    };
  }

  /**
   * How this process's LISTEN connection's `application_name` starts, whatever it listens on: what
   * `ListenerPresence` leaves out when it asks whether another process listens.
   */
  get identity(): string {
    return this.connection.identity;
  }

  /** Whether another started listener of this channel shares the connection (another store of the same pool). */
  hasNeighbours(): boolean {
    return this.connection.hasOthersOn(this.subscriber);
  }

  /** Idempotent: starts listening unless already listening or closed. */
  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    this.connection.add(this.subscriber);
  }

  /** Listening, or connecting to listen (false while waiting to reconnect). */
  get listening(): boolean {
    return this.started && !this.closed && this.connection.covers(this.subscriber.channel);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.started) await this.connection.remove(this.subscriber);
  }
}
