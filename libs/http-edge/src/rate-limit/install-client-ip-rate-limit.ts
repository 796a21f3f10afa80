import type { Express, NextFunction, Request, Response } from 'express';
import type { ClientIpRateLimitMiddleware } from './client-ip-rate-limit.middleware';

/** Marks an Express app whose IP limit is already in place (the HTTP edge installs it early). */
const INSTALLED = 'gateway:client-ip-rate-limit';

/**
 * Installs the IP limit on Express directly, once per app: the HTTP edge does it ahead of the body
 * parsers (`configureHttpEdge`); RateLimitModule does it for an app without the edge. Not through
 * Nest's middleware consumer: a `forRoutes('*')` layer costs a path match per request.
 */
export function installClientIpRateLimit(
  express: Pick<Express, 'use' | 'get' | 'set'>,
  ipLimit: ClientIpRateLimitMiddleware,
): void {
  if (express.get(INSTALLED)) return;
  express.set(INSTALLED, true);
  express.use((request: Request, response: Response, next: NextFunction) => ipLimit.use(request, response, next));
}
