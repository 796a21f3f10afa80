import { comparePositions, type GlobalPosition, type ReadUrgency } from '@gateway/event-store';
import { LISTENER_PRESENCE_TRUSTED_MS, ListenerPresence, PgListener } from '@gateway/database';
import type { Pool } from 'pg';
import { CHECKPOINT_CHANNEL, readAllCheckpoints, readCheckpoint } from './projection-checkpoints';

interface Waiter {
  name: string;
  position: GlobalPosition;
  resolve: (reached: boolean) => void;
}

/** How often a wait asks the table while the listener cannot be trusted (down, or catching up). */
const FALLBACK_POLL_MS = 100;
/**
 * While it can: NOTIFY on a live connection is not lost, so this only bounds how long a wait
 * could miss a drop the connection has not noticed yet. Waits that outlast 100 ms under load
 * (1.5 checkpoint reads per disbursement at 32 connections, measured) no longer poll the table.
 */
const LISTENING_POLL_MS = 1000;

/**
 * Read-your-writes (design §5): after a command appended events at position P, the API asks
 * `waitFor(projection, P)` before answering, so a GET right after sees what was written.
 * Progress arrives from runners in this process at once, from other processes through
 * LISTEN/NOTIFY, and by polling the checkpoint table as a fallback. Waiting is bounded.
 *
 * While the LISTEN connection is up and has caught up with the table once (`current`), every
 * move of a checkpoint reaches `reached` without a query, so a wait reads the table only after a
 * quiet `LISTENING_POLL_MS` (a drop not noticed yet). Without that, each wait would cost a
 * round trip before it even starts: about two per invoice, measured (docs/benchmarks.md, issue 23).
 */
export class ProjectionProgress {
  private readonly reached = new Map<string, GlobalPosition>();
  private readonly waiters = new Set<Waiter>();
  /** Per projection: called when a wait for it begins (its runner's paced read then goes at once). */
  private readonly awaitedListeners = new Map<string, Set<() => void>>();
  private readonly listener: PgListener;
  private readonly presence: ListenerPresence;
  private closed = false;
  /** The listener is up and `reached` has caught up with the table since it (re)connected. */
  private current = false;

  constructor(private readonly pool: Pool) {
    this.listener = new PgListener(pool, CHECKPOINT_CHANNEL, {
      onNotification: (payload) => {
        const [name, commit, prepare] = payload.split('|');
        if (name && commit && prepare) this.report(name, { commit: BigInt(commit), prepare: BigInt(prepare) });
      },
      // Moves announced while the connection was down are lost: read them once, then trust NOTIFY.
      // Not before other processes' runners have noticed this listener (they announce only while
      // another process listens, and ask at most once a presence window): until then, waits poll.
      onConnected: () => {
        setTimeout(() => void this.catchUpWithTable(), LISTENER_PRESENCE_TRUSTED_MS + 100).unref();
      },
      onLost: () => {
        this.current = false;
      },
    });
    this.presence = new ListenerPresence(pool, CHECKPOINT_CHANNEL, this.listener);
  }

  /**
   * Whether another process's progress listens: this process's runners report here directly, so
   * they announce checkpoint moves (NOTIFY, a wake-up of every listening backend) only then.
   */
  othersListen(): Promise<boolean> {
    return this.presence.othersListen();
  }

  /** Whether a wait starts by reading the checkpoint table (the listener is down or has not caught up). */
  get readsTableBeforeWaiting(): boolean {
    return !this.current;
  }

  /**
   * Whether a wait in this process is waiting for `name` right now, and a way to hear when one
   * begins: a runner's reads are paced only while nobody waits for it (`SubscribeOptions.urgency`).
   */
  urgencyOf(name: string): ReadUrgency {
    return {
      awaited: () => {
        for (const waiter of this.waiters) if (waiter.name === name) return true;
        return false;
      },
      onAwaited: (listener) => {
        let listeners = this.awaitedListeners.get(name);
        if (!listeners) this.awaitedListeners.set(name, (listeners = new Set()));
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  }

  /** Called by runners in this process after each committed batch. */
  report(name: string, position: GlobalPosition): void {
    const known = this.reached.get(name);
    if (known && comparePositions(known, position) >= 0) return;
    this.reached.set(name, position);
    for (const waiter of [...this.waiters]) {
      if (waiter.name === name && comparePositions(position, waiter.position) >= 0) {
        this.waiters.delete(waiter);
        waiter.resolve(true);
      }
    }
  }

  /**
   * A runner (re)starting from its stored checkpoint, which a rebuild may have moved back: the
   * one report allowed to go backwards, so this process stops claiming progress it lost.
   * Other processes keep their higher mark until they poll; writes made after the rebuild began
   * are beyond it anyway, so their read-your-writes waits stay correct.
   */
  restartedAt(name: string, position: GlobalPosition): void {
    this.reached.delete(name);
    this.report(name, position);
  }

  /** Resolves true once every named projection has passed `position`, false after the timeout. */
  async waitFor(names: string | readonly string[], position: GlobalPosition, timeoutMs = 2000): Promise<boolean> {
    const list = typeof names === 'string' ? [names] : names;
    const deadline = Date.now() + timeoutMs;
    const outcomes = await Promise.all(list.map((name) => this.waitForOne(name, position, deadline)));
    return outcomes.every(Boolean);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of [...this.waiters]) waiter.resolve(false);
    this.waiters.clear();
    await this.listener.close();
  }

  private async waitForOne(name: string, position: GlobalPosition, deadline: number): Promise<boolean> {
    if (this.hasReached(name, position)) return true;
    this.ensureListening();
    let askTable = this.readsTableBeforeWaiting;
    while (!this.closed) {
      if (askTable) {
        const stored = await readCheckpoint(this.pool, name).catch(() => undefined);
        if (stored) this.report(name, stored.position);
        if (this.hasReached(name, position)) return true;
      }
      // After a quiet poll interval the table is asked whatever the listener's state.
      askTable = true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      const reached = await new Promise<boolean>((resolve) => {
        const waiter: Waiter = { name, position, resolve: (value) => finish(value) };
        const pollMs = this.current ? LISTENING_POLL_MS : FALLBACK_POLL_MS;
        const timer = setTimeout(() => finish(false), Math.min(left, pollMs));
        const finish = (value: boolean) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(value);
        };
        this.waiters.add(waiter);
        for (const listener of [...(this.awaitedListeners.get(name) ?? [])]) listener();
      });
      if (reached) return true;
    }
    return false;
  }

  private async catchUpWithTable(): Promise<void> {
    const checkpoints = await readAllCheckpoints(this.pool).catch(() => undefined);
    if (!checkpoints || this.closed || !this.listener.listening) return;
    for (const checkpoint of checkpoints) this.report(checkpoint.name, checkpoint.position);
    this.current = true;
  }

  private hasReached(name: string, position: GlobalPosition): boolean {
    const known = this.reached.get(name);
    return known !== undefined && comparePositions(known, position) >= 0;
  }

  private ensureListening(): void {
    if (!this.closed) this.listener.start();
  }
}
