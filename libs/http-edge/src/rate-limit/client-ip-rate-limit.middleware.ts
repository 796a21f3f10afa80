import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { enforceRateLimit } from './enforce-rate-limit';
import type { RateLimitDecision } from './rate-limit-decision';
import { RateLimitPolicy } from './rate-limit-policy';
import { SlidingWindowLimiter } from './sliding-window-limiter';

/**
 * Liveness and readiness probes: never rate limited (a probe refused with 429 would take a healthy
 * process out of its load balancer) and never counted; they still carry the headers, with the
 * address's quota as this process knows it, without asking the database (issue 19, item 17).
 */
export const UNLIMITED_PROBE_PATHS: ReadonlySet<string> = new Set(['/health', '/ready']);

/**
 * The per-client-IP limit, for every request (unauthenticated ones, unknown routes and requests
 * whose body or headers cannot be parsed too), before any other work is spent on it: the HTTP edge
 * installs it ahead of the body parsers (`configureHttpEdge`), and counts requests Node's parser
 * refuses (`answerClientError`) through `consume`. Behind a proxy, `req.ip` is the client (from
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
    if (UNLIMITED_PROBE_PATHS.has(request.path)) {
      enforceRateLimit(this.limiter.peek(this.policy.ipKey(ip), this.policy.ipLimit), response);
      return next();
    }
    const decision = this.consume(ip);
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

  /** Spends one request of `ip`'s quota. */
  consume(ip: string): RateLimitDecision | Promise<RateLimitDecision> {
    return this.limiter.consume(this.policy.ipKey(ip), this.policy.ipLimit);
  }
}
