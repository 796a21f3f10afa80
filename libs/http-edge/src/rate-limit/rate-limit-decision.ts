/** What the limiter answers for one request; the edge turns it into headers and, if refused, a 429. */
export interface RateLimitDecision {
  allowed: boolean;
  /** Quota of the window: `Rate-Limit-Limit`. */
  limit: number;
  /** `Rate-Limit-Remaining`, after this request. */
  remaining: number;
  /** Whole seconds left in the current window: `Rate-Limit-Reset`. */
  resetSeconds: number;
  /** When refused: whole seconds (>= 1) until a request can fit again, the `Retry-After` header. */
  retryAfterSeconds?: number;
}
