import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { IDEMPOTENCY_OPTIONS, type IdempotencyOptions } from './idempotency-options';
import { IdempotencyStore } from './idempotency-store';

/** Sweeps at most this many batches per run, so one run never monopolises a connection. */
const MAX_BATCHES_PER_SWEEP = 20;

/**
 * Deletes expired idempotency records now and then, in every api process (concurrent sweeps
 * skip each other's rows). A timer rather than a scheduled job: the records belong to the api,
 * and a job kind only the api registers would sit pending in a worker-only deployment.
 * Correctness never depends on it: `claim` treats an expired record as absent.
 */
@Injectable()
export class IdempotencySweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(IdempotencySweeper.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly store: IdempotencyStore,
    @Inject(IDEMPOTENCY_OPTIONS) private readonly options: IdempotencyOptions,
  ) {}

  onApplicationBootstrap(): void {
    if (this.options.sweepIntervalMs <= 0) return;
    this.timer = setInterval(() => {
      // One sweep at a time per process: a slow one is not piled on.
      this.running ??= this.sweep().then(() => {
        this.running = undefined;
      });
    }, this.options.sweepIntervalMs);
    // Never keeps the process alive by itself.
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Deletes expired records batch by batch; returns how many went. */
  async sweep(): Promise<number> {
    let deleted = 0;
    try {
      for (let batch = 0; batch < MAX_BATCHES_PER_SWEEP; batch++) {
        const count = await this.store.deleteExpired(this.options.sweepBatchSize);
        deleted += count;
        if (count < this.options.sweepBatchSize) break;
      }
    } catch (error) {
      this.logger.warn(
        `Could not delete expired idempotency records: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return deleted;
  }
}
