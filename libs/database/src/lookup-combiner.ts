import { BatchQueue } from './batch-queue';

interface Waiting<V> {
  key: string;
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Combines concurrent look-ups of one kind into one query: while `maxInFlight` queries are
 * running, new look-ups queue and leave together in the next (the append combiner's group
 * commit, for reads). Under light load every look-up leaves at once, alone; under heavy load
 * one round trip and one statement serve many requests. Every look-up still reads the database
 * after it was asked, so a read that follows a write sees it.
 */
export class LookupCombiner<V> {
  private readonly batches: BatchQueue<Waiting<V>>;

  constructor(
    private readonly fetchMany: (keys: string[]) => Promise<Map<string, V>>,
    options: { maxInFlight?: number; maxBatch?: number } = {},
  ) {
    this.batches = new BatchQueue((batch) => this.fetch(batch), options);
  }

  load(key: string): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      this.batches.add({ key, resolve, reject });
      this.batches.pump();
    });
  }

  private async fetch(batch: Waiting<V>[]): Promise<void> {
    try {
      const found = await this.fetchMany([...new Set(batch.map((waiting) => waiting.key))]);
      for (const waiting of batch) waiting.resolve(found.get(waiting.key));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}
