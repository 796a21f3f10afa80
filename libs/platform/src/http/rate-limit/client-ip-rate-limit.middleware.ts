import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { enforceRateLimit } from './enforce-rate-limit';
import { RateLimitPolicy } from './rate-limit-policy';
import { SlidingWindowLimiter } from './sliding-window-limiter';

/**
 * The per-client-IP limit, for every request (unauthenticated ones and unknown routes too),
 * before authentication spends any work on it. Behind a proxy, `req.ip` is the client (from
 * X-Forwarded-For) only when TRUST_PROXY names that proxy; otherwise every client behind it
 * shares the proxy's budget.
 */
@Injectable()
export class ClientIpRateLimitMiddleware implements NestMiddleware {
  constructor(
    private readonly limiter: SlidingWindowLimiter,
    private readonly policy: RateLimitPolicy,
  ) {}

  use(request: Request, response: Response, next: NextFunction): void | Promise<void> {
    const ip = request.ip ?? request.socket.remoteAddress ?? 'unknown';
    const decision = this.limiter.consume(this.policy.ipKey(ip), this.policy.ipLimit);
    // Most requests are decided in memory: no promise, no extra tick.
    if (!(decision instanceof Promise)) {
      enforceRateLimit(decision, response);
      return next();
    }
    return decision.then((decided) => {
      enforceRateLimit(decided, response);
      next();
    });
  }
}
