import { type CanActivate, type ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { gatewayState } from '../caller';
import { ROUTE_NO_AUTH } from '../route-metadata';
import { routeTemplate, UNMATCHED_ROUTE } from '../route-template';
import { enforceRateLimit } from './enforce-rate-limit';
import { RateLimitPolicy } from './rate-limit-policy';
import { ROUTE_RATE_LIMIT, type RouteRateLimit } from './rate-limit.decorator';
import { SlidingWindowLimiter } from './sliding-window-limiter';

/**
 * The per-account, per-endpoint, per-mode limit, as a global guard that must run after the
 * API-key guard: Nest runs global guards in module registration order, so the api module
 * imports RateLimitModule after the auth module. A guard and not an interceptor because a
 * global interceptor costs far more per request in Nest 11 on Node 20 (see docs/decisions.md,
 * "Rate limits"). Requests refused by auth never spend the account's budget; they carry the IP
 * limit's headers.
 */
@Injectable()
export class AccountRateLimitGuard implements CanActivate {
  private readonly logger = new Logger('RateLimit');
  private warnedAboutOrder = false;

  constructor(
    private readonly limiter: SlidingWindowLimiter,
    private readonly policy: RateLimitPolicy,
    private readonly reflector: Reflector,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest<Request>();
    const caller = gatewayState(request).caller;
    if (!caller) {
      if (!this.reflector.getAllAndOverride<boolean>(ROUTE_NO_AUTH, targets)) this.warnAboutOrderOnce();
      return true;
    }
    const response = context.switchToHttp().getResponse<Response>();
    const override = this.reflector.getAllAndOverride<RouteRateLimit | undefined>(ROUTE_RATE_LIMIT, targets);
    const key = this.policy.accountKey(caller, endpointOf(request, context));
    const decision = this.limiter.consume(key, this.policy.accountLimit(caller.mode, override));
    // Most requests are decided in memory: no promise, no extra tick.
    if (!(decision instanceof Promise)) {
      enforceRateLimit(decision, response);
      return true;
    }
    return decision.then((decided) => {
      enforceRateLimit(decided, response);
      return true;
    });
  }

  /** An authenticated route reached without a caller: the auth guard has not run yet. */
  private warnAboutOrderOnce(): void {
    if (this.warnedAboutOrder) return;
    this.warnedAboutOrder = true;
    this.logger.warn(
      'A route that needs authentication reached the account rate limit without a caller: import RateLimitModule ' +
        'after the auth module',
    );
  }
}

/**
 * `GET /v2/invoices/:id`: the route template, never the concrete path, so one endpoint is one
 * counter whatever the ids (and the number of keys stays bounded).
 */
function endpointOf(request: Request, context: ExecutionContext): string {
  const template = routeTemplate(request);
  const route = template === UNMATCHED_ROUTE ? `${context.getClass().name}.${context.getHandler().name}` : template;
  return `${request.method} ${route}`;
}
