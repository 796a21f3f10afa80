import { Logger, Module, type NestModule } from '@nestjs/common';
import { APP_GUARD, HttpAdapterHost } from '@nestjs/core';
import type { Express } from 'express';
import { Pool } from 'pg';
import { AppConfig } from '@gateway/config';
import { AccountRateLimitGuard } from './account-rate-limit.guard';
import { ClientIpRateLimitMiddleware } from './client-ip-rate-limit.middleware';
import { ExpiredCounterSweeper } from './expired-counter-sweeper';
import { installClientIpRateLimit } from './install-client-ip-rate-limit';
import { PostgresQuotaStore } from './postgres-quota-store';
import { QuotaStore } from './quota-store';
import { RateLimitPolicy } from './rate-limit-policy';
import { SlidingWindowLimiter } from './sliding-window-limiter';

/** While the database fails, every key would report it; one line per interval is enough. */
const STORE_ERROR_LOG_INTERVAL_MS = 10_000;

function storeErrorLogger(): (error: unknown) => void {
  const logger = new Logger('RateLimit');
  let lastLoggedAt = 0;
  return (error) => {
    if (Date.now() - lastLoggedAt < STORE_ERROR_LOG_INTERVAL_MS) return;
    lastLoggedAt = Date.now();
    logger.warn(
      `Rate-limit counters unavailable, ` +
        `letting requests through: ${error instanceof Error ? error.message : String(error)}`,
    );
  };
}

/**
 * Rate limits (spec "Limits"): per client IP on every request (middleware, before auth), and
 * per account, endpoint and mode once the caller is known (a global guard). Needs the
 * `rateLimitMigrations` table and the PlatformModule (AppConfig, Pool).
 *
 * Import it AFTER the module that registers the API-key guard: global guards run in module
 * registration order, and the account limit needs the caller that guard sets.
 */
@Module({
  providers: [
    RateLimitPolicy,
    { provide: QuotaStore, useFactory: (pool: Pool) => new PostgresQuotaStore(pool), inject: [Pool] },
    {
      provide: SlidingWindowLimiter,
      useFactory: (store: QuotaStore, config: AppConfig, policy: RateLimitPolicy) =>
        new SlidingWindowLimiter(store, {
          windowMs: policy.windowMs,
          maxLeaseSize: config.RATE_LIMIT_LEASE_SIZE,
          onStoreError: storeErrorLogger(),
        }),
      inject: [QuotaStore, AppConfig, RateLimitPolicy],
    },
    ExpiredCounterSweeper,
    ClientIpRateLimitMiddleware,
    { provide: APP_GUARD, useClass: AccountRateLimitGuard },
  ],
  exports: [SlidingWindowLimiter, RateLimitPolicy],
})
export class RateLimitModule implements NestModule {
  constructor(
    private readonly ipLimit: ClientIpRateLimitMiddleware,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  /**
   * The HTTP edge (`configureHttpEdge`) installs the IP limit ahead of the body parsers; an app
   * without the edge gets it here, behind whatever its own setup installed. Either way it runs
   * after the request id, metrics and access log, and its 429 goes through the same exception filter.
   */
  configure(): void {
    installClientIpRateLimit(this.adapterHost.httpAdapter.getInstance<Express>(), this.ipLimit);
  }
}
