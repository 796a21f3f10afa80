import type { Response } from 'express';
import type { RateLimitDecision } from './rate-limit-decision';
import { rateLimitExceeded } from './rate-limit-exceeded';

/**
 * Writes the rate-limit headers (every response carries them, 429s included; the account
 * limit, set later in the pipeline, replaces the IP one) and throws the 429 when refused.
 */
export function enforceRateLimit(decision: RateLimitDecision, response: Response): void {
  response.setHeader('Rate-Limit-Limit', String(decision.limit));
  response.setHeader('Rate-Limit-Remaining', String(decision.remaining));
  response.setHeader('Rate-Limit-Reset', String(decision.resetSeconds));
  if (decision.allowed) return;
  response.setHeader('Retry-After', String(decision.retryAfterSeconds ?? decision.resetSeconds));
  throw rateLimitExceeded();
}
