import type { Pool } from 'pg';

/** One append as the batch function takes it. */
export interface AppendRequest {
  stream: string;
  /** 0 = any, 1 = no_stream, 2 = exactly `revision`. */
  expect: 0 | 1 | 2;
  revision: string | null;
  events: { id: string; type: string; data: unknown; metadata: unknown }[];
  /** Keys taken with the append (event-store migration 6); absent when none. */
  claims?: { key: string; until: string; at: string }[];
}

export interface AppendOutcome {
  ok: boolean;
  duplicate: boolean;
  revision: string;
  tx_id: string | null;
  last_position: string | null;
}

interface Pending {
  request: AppendRequest;
  resolve: (outcome: AppendOutcome) => void;
  reject: (error: unknown) => void;
}

export interface AppendCombinerOptions {
  /** Batches in flight at once (1 unless set); appends arriving meanwhile wait and travel together. */
  maxInFlight?: number;
  /** Most appends in one batch. */
  maxBatch?: number;
}

/**
 * Group commit in the client: while `maxInFlight` batches are being written, new appends queue
 * up and leave together in the next batch, one round trip and one commit for all of them. Under
 * light load every append leaves at once, alone, so nothing waits that need not. Each append is
 * still decided on its own (expected revision, duplicate ids) by `es_append_batch`; if a batch
 * fails as a whole (say two writers raced the same new event id), its appends are retried one
 * by one so one bad append never fails its neighbours.
 *
 * One batch in flight by default: with two, the second leaves with the few appends that arrived
 * meanwhile and each append costs more commits (docs/decisions.md, "One batch in flight").
 */
export class AppendCombiner {
  private readonly queue: Pending[] = [];
  private inFlight = 0;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;

  constructor(
    private readonly pool: Pool,
    options: AppendCombinerOptions = {},
  ) {
    this.maxInFlight = options.maxInFlight ?? 1;
    this.maxBatch = options.maxBatch ?? 64;
  }

  append(request: AppendRequest): Promise<AppendOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      void this.write(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    try {
      const outcomes = await this.send(batch.map((pending) => pending.request));
      batch.forEach((pending, index) => pending.resolve(outcomes[index]));
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
      await Promise.all(
        batch.map((pending) =>
          this.send([pending.request]).then(([outcome]) => pending.resolve(outcome), pending.reject),
        ),
      );
    }
  }

  private async send(requests: AppendRequest[]): Promise<AppendOutcome[]> {
    const { rows } = await this.pool.query<AppendOutcome & { idx: number }>({
      name: 'es_append_batch',
      text: 'SELECT idx, ok, duplicate, revision, tx_id, last_position FROM es_append_batch($1)',
      values: [JSON.stringify(requests)],
    });
    const outcomes = new Array<AppendOutcome>(requests.length);
    for (const row of rows) outcomes[row.idx - 1] = row;
    return outcomes;
  }
}
