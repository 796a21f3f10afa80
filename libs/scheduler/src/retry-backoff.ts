export interface RetryBackoff {
  /** Delay before the first retry; doubles with each further attempt. */
  baseMs: number;
  maxMs: number;
}

/** Exponential backoff: base, 2·base, 4·base, ... capped at max. `attempt` starts at 1. */
export function retryDelayMs(attempt: number, backoff: RetryBackoff): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 52);
  return Math.min(backoff.baseMs * 2 ** exponent, backoff.maxMs);
}
