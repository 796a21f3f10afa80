import { AppConfig } from '@gateway/config';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { RequestLogStore } from '../../read-models/request-log-store';

const SWEEP_INTERVAL_MS = 60_000;
const BATCH_SIZE = 10_000;
/** Batches per kind of delete and run, so one run never holds a connection for long. */
const MAX_BATCHES = 20;
const DAY_MS = 86_400_000;

export interface SweepResult {
  expired: number;
  overCap: number;
}

/**
 * Keeps the request log within REQUEST_LOG_RETENTION_DAYS and REQUEST_LOG_MAX_ROWS: every minute,
 * in every api process (concurrent deletes of the same rows are harmless), in batches. A timer
 * rather than a scheduled job for the reason the idempotency sweeper gives: the rows belong to the
 * api, and a worker-only deployment would leave such a job pending.
 */
@Injectable()
export class RequestLogSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('RequestLog');
  private timer?: NodeJS.Timeout;
  private running?: Promise<SweepResult>;

  constructor(
    private readonly store: RequestLogStore,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Deletes what is past retention, then what is beyond the row cap; one run at a time per process. */
  sweep(): Promise<SweepResult> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async run(): Promise<SweepResult> {
    const result = { expired: 0, overCap: 0 };
    try {
      const cutoff = new Date(Date.now() - this.config.REQUEST_LOG_RETENTION_DAYS * DAY_MS);
      result.expired = await batches(() => this.store.deleteStoredBefore(cutoff, BATCH_SIZE));
      result.overCap = await batches(() => this.store.deleteBeyond(this.config.REQUEST_LOG_MAX_ROWS, BATCH_SIZE));
    } catch (error) {
      this.logger.warn(`Could not trim the request log: ${error instanceof Error ? error.message : String(error)}`);
    }
    return result;
  }
}

async function batches(deleteBatch: () => Promise<number>): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const count = await deleteBatch();
    deleted += count;
    if (count < BATCH_SIZE) break;
  }
  return deleted;
}
