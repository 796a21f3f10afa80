import { setTimeout as delay } from 'node:timers/promises';

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
 * once; and never after a full page (the consumer is catching up).
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
  ) {}

  /** Resolves when the next read may go (at once unless the flow is dense), or when `stop` aborts. */
  async beforeRead(stop?: AbortSignal): Promise<void> {
    if (this.intervalMs > 0 && !this.lastPageFull && this.foundWithinInterval() >= PACE_FROM_EVENTS) {
      const waitMs = this.lastReadAt + this.intervalMs - this.now();
      // A stop ends the wait (the timer rejects with an AbortError): the subscription then ends.
      if (waitMs > 0) await delay(waitMs, undefined, { signal: stop }).catch(() => undefined);
    }
    this.lastReadAt = this.now();
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
