import { SetMetadata } from '@nestjs/common';

export const ROUTE_RATE_LIMIT = 'gateway:route-rate-limit';

export interface RouteRateLimit {
  /**
   * The endpoint's quota per account, in both modes, replacing RATE_LIMIT_TEST/LIVE_PER_MINUTE.
   * Per window, which is a minute unless RATE_LIMIT_WINDOW_SECONDS changes it.
   */
  perMinute: number;
}

/**
 * Gives one endpoint (or every endpoint of a controller) its own quota, where the spec states
 * one, e.g. file transfer: `@RateLimit({ perMinute: 60 })`. The endpoint keeps its own counter
 * per account and mode either way; only the quota changes. The per-IP limit is unaffected.
 */
export function RateLimit(limit: RouteRateLimit): MethodDecorator & ClassDecorator {
  if (!Number.isInteger(limit.perMinute) || limit.perMinute < 1) {
    throw new Error(`@RateLimit perMinute must be a positive integer, got ${limit.perMinute}`);
  }
  return SetMetadata(ROUTE_RATE_LIMIT, limit);
}
