import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { QuotaStore } from './quota-store';
import { RateLimitPolicy } from './rate-limit-policy';
import { windowAt } from './sliding-window';
import { SlidingWindowLimiter } from './sliding-window-limiter';

/**
 * Once per window, deletes the counters that can no longer weigh on a decision (older than the
 * previous window) and forgets idle keys in memory. Every api process sweeps; a DELETE that
 * finds nothing left is cheap, and no coordination is needed.
 */
@Injectable()
export class ExpiredCounterSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('RateLimit');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly store: QuotaStore,
    private readonly limiter: SlidingWindowLimiter,
    private readonly policy: RateLimitPolicy,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.policy.windowMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async sweep(now = Date.now()): Promise<void> {
    this.limiter.forgetIdleKeys();
    const previousWindowStart = windowAt(now, this.policy.windowMs).start - this.policy.windowMs;
    try {
      await this.store.deleteWindowsBefore(previousWindowStart);
    } catch (error) {
      this.logger.warn(
        `Could not delete expired rate-limit counters: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
