/**
 * Items queued while `maxInFlight` batches are being sent leave together in the next batch (at
 * most `maxBatch` items): group commit for look-ups. `LookupCombiner` and `CombinedLookups` queue
 * their look-ups here; `send` answers (or fails) every item of its batch itself.
 *
 * One batch in flight by default: a second one leaves half full and costs PostgreSQL a statement
 * more for the same items, which under load (what batching is for) is worth more than the round
 * trip an item may wait (docs/decisions.md, "One batch in flight").
 */
export class BatchQueue<T> {
  private readonly queue: T[] = [];
  private inFlight = 0;

  constructor(
    private readonly send: (batch: T[]) => Promise<void>,
    private readonly options: { maxInFlight?: number; maxBatch?: number } = {},
  ) {}

  /** Queues `item` without sending; `pump` sends. */
  add(item: T): void {
    this.queue.push(item);
  }

  /** Sends queued items in batches while a slot is free. */
  pump(): void {
    const maxInFlight = this.options.maxInFlight ?? 1;
    const maxBatch = this.options.maxBatch ?? 100;
    while (this.inFlight < maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, maxBatch);
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }
}
