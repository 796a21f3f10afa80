import type { ReadUrgency } from '../event-store.port';

/**
 * Events found within the last interval from which reads are paced: a flow this dense fills a
 * paced page with several events; a client sending one request after another (one to four events
 * each, answered in tens of ms) stays below it and is never held back.
 */
export const PACE_FROM_EVENTS = 8;

/**
 * When a subscription may read the log again (SubscribeOptions.minReadIntervalMs).
 *
 * A consumer in a process of its own (a worker beside api processes) is otherwise always ready:
 * under load it reads the few events that arrived while it handled the last page, and pays a
 * transaction per projection for each such page. Spacing its reads by an interval makes each page
 * hold the interval's events. The spacing applies only while the flow is dense (at least
 * PACE_FROM_EVENTS found within the last interval), so a quiet subscription reads a new event at
 * once; and never after a full page (the consumer is catching up), nor while a read-your-writes
 * wait is waiting for the consumer (`urgency`): pacing trades a consumer's latency for its batch
 * size only where nobody is waiting for that latency.
 */
export class ReadPacing {
  private lastReadAt = Number.NEGATIVE_INFINITY;
  private lastPageFull = false;
  /** When recent reads found events, and how many: only the last interval's count. */
  private readonly recent: { at: number; found: number }[] = [];

  constructor(
    private readonly intervalMs: number,
    private readonly pageSize: number,
    private readonly now: () => number = Date.now,
    private readonly urgency?: ReadUrgency,
  ) {}

  /**
   * Resolves when the next read may go (at once unless the flow is dense and nobody waits), when
   * a wait for the consumer begins, or when `stop` aborts (the subscription then ends).
   */
  async beforeRead(stop?: AbortSignal): Promise<void> {
    if (this.intervalMs > 0 && !this.lastPageFull && this.foundWithinInterval() >= PACE_FROM_EVENTS) {
      const waitMs = this.lastReadAt + this.intervalMs - this.now();
      if (waitMs > 0 && !this.urgency?.awaited()) await this.pause(waitMs, stop);
    }
    this.lastReadAt = this.now();
  }

  private pause(ms: number, stop?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stop?.removeEventListener('abort', done);
        stopListening?.();
        resolve();
      };
      const timer = setTimeout(done, ms);
      stop?.addEventListener('abort', done, { once: true });
      const stopListening = this.urgency?.onAwaited(done);
    });
  }

  afterRead(found: number): void {
    this.lastPageFull = found >= this.pageSize;
    if (found > 0 && this.intervalMs > 0) this.recent.push({ at: this.now(), found });
  }

  private foundWithinInterval(): number {
    const since = this.now() - this.intervalMs;
    while (this.recent.length > 0 && this.recent[0].at < since) this.recent.shift();
    return this.recent.reduce((sum, read) => sum + read.found, 0);
  }
}
