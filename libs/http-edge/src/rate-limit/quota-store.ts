/** A request for a block of quota in one key's current fixed window. */
export interface QuotaRequest {
  /** e.g. `ip:203.0.113.7` or `account:live:biz_1:POST /v2/invoices`. */
  key: string;
  /** Start of the fixed window the quota is for (ms since the epoch). */
  windowStart: number;
  windowMs: number;
  limit: number;
  /** `WindowPosition.previousWeight` at the moment of the request. */
  previousWeight: number;
  /** At most this many units are granted; fewer (down to 0) when the window is nearly full. */
  wanted: number;
}

export interface QuotaGrant {
  granted: number;
  /** Units reserved in the current window by every process, this grant included. */
  currentReserved: number;
  /** Units that were reserved in the previous window (its final count). */
  previousReserved: number;
}

/**
 * Where the shared counters live, so several api processes draw from one budget. Reserving is
 * atomic: whatever the concurrency, the units granted in a window never exceed what the sliding
 * window allows at the moment of each grant.
 */
export abstract class QuotaStore {
  abstract reserve(request: QuotaRequest): Promise<QuotaGrant>;
  /** Drops counters of windows that started before `windowStart`; returns how many. */
  abstract deleteWindowsBefore(windowStart: number): Promise<number>;
}
