import type { Request } from 'express';

const exempt = new WeakSet<Request>();

/**
 * Keeps this request out of the request log. Only the request log's own readers use it: reading
 * the log must not write to it, or `logs tail` would print its own polls forever.
 */
export function exemptFromRequestLog(request: Request): void {
  exempt.add(request);
}

export function isExemptFromRequestLog(request: Request): boolean {
  return exempt.has(request);
}
