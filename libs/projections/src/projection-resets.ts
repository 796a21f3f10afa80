import { PgListener } from '@gateway/database';
import type { Pool } from 'pg';

/** A rebuild (`resetProjection`) NOTIFYs this channel with the projection's name. */
export const PROJECTION_RESET_CHANNEL = 'projection_reset';

/**
 * The rebuild resets a process hears, on one LISTEN connection for all its projection runners.
 *
 * Each runner used to LISTEN on its own lease connection. PostgreSQL wakes every listening backend
 * of a database on every NOTIFY, whatever the channel, so each lease was woken by every checkpoint
 * announcement and append signal: with two api processes and a worker (whose runners announce their
 * moves because other processes listen), about 14 of PostgreSQL's 24 context switches a card charge
 * (docs/benchmarks.md, "Tenth cut"). One listener per process is woken instead of one per projection.
 *
 * A runner starts following only once the listener LISTENs (`watch` resolves then), as it did once
 * its own LISTEN had run. A reset sent while the listener's connection is down is lost, so after
 * a reconnection every watching runner restarts from its checkpoint as if reset. Should a reset go
 * unheard anyway, the runner's next batch finds its checkpoint moved and restarts then.
 */
export class ProjectionResets {
  private readonly watchers = new Map<string, Set<() => void>>();
  private readonly listener: PgListener;
  private listening = false;
  /** Lost since it last listened: the next connection restarts every watcher. */
  private lost = false;
  private readonly waitingToListen = new Set<() => void>();

  constructor(pool: Pool) {
    this.listener = new PgListener(pool, PROJECTION_RESET_CHANNEL, {
      onNotification: (name) => this.fire([...(this.watchers.get(name) ?? [])]),
      onConnected: () => {
        const restartAll = this.lost;
        this.listening = true;
        this.lost = false;
        for (const resolve of this.waitingToListen) resolve();
        this.waitingToListen.clear();
        if (restartAll) this.fire([...this.watchers.values()].flatMap((set) => [...set]));
      },
      onLost: () => {
        this.listening = false;
        this.lost = true;
      },
    });
  }

  /**
   * Calls `onReset` whenever `name` is reset (or a reset may have been missed), from the moment the
   * returned promise resolves: once the listener LISTENs, or at once when `signal` aborts. The
   * function it resolves to stops the calls.
   */
  async watch(name: string, onReset: () => void, signal?: AbortSignal): Promise<() => void> {
    const forName = this.watchers.get(name) ?? new Set<() => void>();
    forName.add(onReset);
    this.watchers.set(name, forName);
    const unwatch = () => {
      forName.delete(onReset);
      if (forName.size === 0 && this.watchers.get(name) === forName) this.watchers.delete(name);
    };
    this.listener.start();
    if (!this.listening && !signal?.aborted) {
      await new Promise<void>((resolve) => {
        const done = () => {
          this.waitingToListen.delete(done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        this.waitingToListen.add(done);
        signal?.addEventListener('abort', done, { once: true });
      });
    }
    return unwatch;
  }

  async close(): Promise<void> {
    for (const resolve of this.waitingToListen) resolve();
    this.waitingToListen.clear();
    await this.listener.close();
  }

  private fire(callbacks: (() => void)[]): void {
    for (const callback of callbacks) callback();
  }
}
