import { randomUUID } from 'node:crypto';
import { Client, type Pool } from 'pg';

const CHANNEL = 'es_appended';
const RECONNECT_DELAY_MS = 1000;

export interface AppendWaiter {
  /** Call before reading; the returned handle waits for anything appended after this point. */
  arm(): { wait(stop?: AbortSignal): Promise<void> };
  dispose(): void;
}

/**
 * Wakes subscriptions when events are appended: at once inside this process, and through
 * LISTEN/NOTIFY across processes. NOTIFY is sent from outside the appending transaction and
 * coalesced (at most one in flight), because a NOTIFY inside every append would serialise
 * commits on PostgreSQL's notification queue lock and defeat group commit. Polling covers
 * lost notifications and a dropped LISTEN connection.
 */
export class AppendSignal {
  private generation = 0;
  private readonly listeners = new Set<() => void>();
  private readonly instanceId = randomUUID();
  private notifyState: 'idle' | 'sending' | 'dirty' = 'idle';
  private listenClient?: Client;
  private reconnectTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly pool: Pool,
    private readonly pollIntervalMs: number,
  ) {}

  /** Called after every successful append of this process. */
  appended(): void {
    this.bump();
    if (this.notifyState !== 'idle') {
      this.notifyState = 'dirty';
      return;
    }
    this.notifyState = 'sending';
    void this.sendNotify();
  }

  waiter(): AppendWaiter {
    this.ensureListening();
    let backoffMs: number | null = null;
    return {
      arm: () => {
        const armedAt = this.generation;
        return {
          wait: (stop?: AbortSignal) =>
            new Promise<void>((resolve) => {
              if (stop?.aborted) return resolve();
              const changed = this.generation !== armedAt;
              const delay = changed ? (backoffMs ?? 1) : (backoffMs ?? this.pollIntervalMs);
              const finish = (bySignal: boolean) => {
                clearTimeout(timer);
                this.listeners.delete(onSignal);
                stop?.removeEventListener('abort', onAbort);
                if (bySignal) {
                  // A fresh append: if the next read is still empty (an older transaction holds
                  // the snapshot horizon back), retry soon instead of after a full poll interval.
                  backoffMs = 1;
                } else if (backoffMs !== null) {
                  backoffMs = backoffMs * 2 > this.pollIntervalMs ? null : backoffMs * 2;
                }
                resolve();
              };
              const onSignal = () => finish(true);
              const onAbort = () => finish(false);
              const timer = setTimeout(() => finish(false), delay);
              if (!changed) this.listeners.add(onSignal);
              stop?.addEventListener('abort', onAbort, { once: true });
            }),
        };
      },
      dispose: () => undefined,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const client = this.listenClient;
    this.listenClient = undefined;
    await client?.end().catch(() => undefined);
    for (const listener of [...this.listeners]) listener();
  }

  private bump(): void {
    this.generation++;
    for (const listener of [...this.listeners]) listener();
  }

  private async sendNotify(): Promise<void> {
    do {
      this.notifyState = 'sending';
      try {
        await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, this.instanceId]);
      } catch {
        // Best effort: other processes fall back to polling.
      }
    } while ((this.notifyState as string) === 'dirty' && !this.closed);
    this.notifyState = 'idle';
  }

  private ensureListening(): void {
    if (this.listenClient || this.closed || this.reconnectTimer) return;
    const client = new Client(this.pool.options);
    this.listenClient = client;
    const retry = () => {
      if (this.listenClient !== client) return;
      this.listenClient = undefined;
      client.removeAllListeners();
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = undefined;
        if (this.listeners.size > 0 || this.generation >= 0) this.ensureListening();
      }, RECONNECT_DELAY_MS);
      this.reconnectTimer.unref();
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (message) => {
      if (message.payload !== this.instanceId) this.bump();
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${CHANNEL}`))
      .catch(retry);
  }
}
