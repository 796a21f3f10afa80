/**
 * Items queued while `maxInFlight` batches are being sent leave together in the next batch (at
 * most `maxBatch` items): group commit for look-ups. `LookupCombiner` and `CombinedLookups` queue
 * their look-ups here; `send` answers (or fails) every item of its batch itself.
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
    const maxInFlight = this.options.maxInFlight ?? 2;
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
