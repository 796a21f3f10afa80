import { randomUUID } from 'node:crypto';
import { ListenerPresence, PgListener } from '@gateway/database';
import type { Pool } from 'pg';

const CHANNEL = 'es_appended';

export interface AppendWaiter {
  /**
   * Call before reading; the returned handle waits for anything appended after this point.
   * `generation` counts the appends announced so far: two arms with the same number saw no
   * announcement between them.
   */
  arm(): { generation: number; wait(stop?: AbortSignal): Promise<void> };
  dispose(): void;
}

/**
 * Wakes subscriptions when events are appended: at once inside this process, and through
 * LISTEN/NOTIFY across processes. NOTIFY is sent from outside the appending transaction and
 * coalesced (at most one in flight), because a NOTIFY inside every append would serialise
 * commits on PostgreSQL's notification queue lock and defeat group commit. Polling covers
 * lost notifications and a dropped LISTEN connection.
 *
 * A NOTIFY is a round trip, and one process with its worker inside has nobody to tell: it is
 * sent only while another store's listener is on the database (`ListenerPresence`, asked once a
 * second). A process that starts listening within that second may not be told for up to that
 * long; it reads the log when its listener connects and polls meanwhile, so it misses nothing.
 */
export class AppendSignal {
  private generation = 0;
  private readonly listeners = new Set<() => void>();
  private readonly instanceId = randomUUID();
  private notifyState: 'idle' | 'sending' | 'dirty' = 'idle';
  private readonly listener: PgListener;
  private closed = false;
  private readonly presence: ListenerPresence;

  constructor(
    private readonly pool: Pool,
    private readonly pollIntervalMs: number,
  ) {
    this.listener = new PgListener(pool, CHANNEL, {
      // Our own appends already woke this process's subscribers.
      onNotification: (payload) => payload !== this.instanceId && this.bump(),
      onConnected: () => this.bump(),
    });
    this.presence = new ListenerPresence(pool, CHANNEL, this.listener);
  }

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
          generation: armedAt,
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
    await this.listener.close();
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
        if (await this.presence.othersListen())
          await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, this.instanceId]);
      } catch {
        // Best effort: other processes fall back to polling.
      }
    } while ((this.notifyState as string) === 'dirty' && !this.closed);
    this.notifyState = 'idle';
  }

  private ensureListening(): void {
    if (!this.closed) this.listener.start();
  }
}
