/*
 * The sliding-window-counter approximation of a sliding window (the one Cloudflare and most API
 * gateways use): time is cut into fixed windows, and at a moment `elapsed` into the current
 * window the requests of the last window-length are estimated as
 *
 *   previousCount * (1 - elapsed / windowMs) + currentCount
 *
 * i.e. the previous window's requests are assumed spread evenly and only the part still inside
 * the sliding window counts. Two integers per key and window, instead of one timestamp per
 * request, which is what makes a shared PostgreSQL counter cheap.
 */

export interface WindowPosition {
  /** Start of the current fixed window, ms since the epoch (a multiple of the window length). */
  start: number;
  end: number;
  /** How much of the previous window still overlaps the sliding window: 1 at `start`, towards 0 at `end`. */
  previousWeight: number;
}

export function windowAt(now: number, windowMs: number): WindowPosition {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, end: start + windowMs, previousWeight: 1 - (now - start) / windowMs };
}

/**
 * How many requests the current fixed window may hold in total right now. Grows during the
 * window as the previous window's share fades out. The PostgreSQL store computes the same
 * expression in SQL (`postgres-quota-store.ts`); keep the two in step.
 */
export function currentWindowAllowance(limit: number, previousCount: number, previousWeight: number): number {
  return Math.max(0, Math.floor(limit - previousCount * previousWeight));
}

/** Whole seconds until the current fixed window ends: the `Rate-Limit-Reset` header. */
export function secondsUntilWindowEnds(now: number, windowMs: number): number {
  return Math.max(0, Math.ceil((windowAt(now, windowMs).end - now) / 1000));
}

/**
 * The earliest moment one more request fits, given counts that can only grow (other processes
 * add, nobody subtracts). Before it, asking the shared store again is pointless, which is what
 * keeps a flood of refused requests off the database.
 */
export function nextCapacityAt(
  limit: number,
  previousCount: number,
  currentCount: number,
  now: number,
  windowMs: number,
): number {
  const { start, end } = windowAt(now, windowMs);
  // 1 ms of slack so that rounding never lands exactly on a still-full boundary.
  const slack = 1;
  if (currentCount + 1 <= limit) {
    if (previousCount <= 0) return now;
    // previousCount * (1 - t / windowMs) <= limit - currentCount - 1, solved for t.
    const elapsed = windowMs * (1 - (limit - currentCount - 1) / previousCount);
    return Math.max(now, start + Math.ceil(elapsed) + slack);
  }
  // The current window alone is full: it becomes the previous one and has to fade enough.
  const elapsedInNext = windowMs * (1 - (limit - 1) / currentCount);
  return end + Math.max(0, Math.ceil(elapsedInNext)) + slack;
}
