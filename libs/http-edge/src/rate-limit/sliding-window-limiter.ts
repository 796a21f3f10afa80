import type { RateLimitDecision } from './rate-limit-decision';
import type { QuotaStore } from './quota-store';
import { currentWindowAllowance, nextCapacityAt, secondsUntilWindowEnds, windowAt } from './sliding-window';

/*
 * Per-process counters that reserve quota from the shared store in small blocks ("leases"), so
 * most requests are decided in memory and only one in `leaseSize` costs a database round trip.
 *
 * Why it never admits more than the sliding window allows, across any number of processes:
 * every admitted request spends a unit that the store granted for the same fixed window, and
 * the store grants a unit only while previous * weight + reserved <= limit (atomically, see
 * postgres-quota-store.ts). The weight only falls as the window advances, so a unit that fitted
 * when granted still fits when spent. Units left unspent when the window turns are dropped.
 *
 * What it costs: unspent units still count as used, so a key may be refused while up to
 * `leaseSize - 1` units per process sit unspent: at most processes * (leaseSize - 1) requests
 * fewer than the limit per window. `leaseSizeFor` keeps that under 1 % of the limit per process.
 */

export interface SlidingWindowLimiterOptions {
  windowMs: number;
  /** Most units reserved per round trip; 1 makes every request ask the store (exact, slower). */
  maxLeaseSize: number;
  /** A request never waits longer than this for the store; past it, it passes. */
  storeTimeoutMs?: number;
  /** After a store failure, requests of that key pass without asking for this long. */
  failOpenMs?: number;
  now?: () => number;
  onStoreError?: (error: unknown) => void;
}

/** Blocks of 1 % of the limit (at least 1, at most `maxLeaseSize`): the error bound above. */
export function leaseSizeFor(limit: number, maxLeaseSize: number): number {
  return Math.min(maxLeaseSize, Math.max(1, Math.floor(limit / 100)));
}

/** This process's view of one key in one fixed window. */
interface KeyQuota {
  windowStart: number;
  /** Granted to this process for this window and not yet spent. */
  held: number;
  /** Last known counts in the store (every process): for `Rate-Limit-Remaining`. */
  currentReserved: number;
  previousReserved: number;
  /** The store said no; asking again before this moment cannot succeed. */
  noCapacityUntil: number;
  /** The store failed; let requests through without asking until this moment. */
  failOpenUntil: number;
  /** Requests of this process waiting for the store: a reservation asks for at least that many. */
  waiting: number;
  reserving?: Promise<void>;
}

/** Bounds the loop when other requests keep taking the units this one waited for. */
const MAX_RESERVE_ATTEMPTS = 5;

export class SlidingWindowLimiter {
  private readonly quotas = new Map<string, KeyQuota>();
  private readonly now: () => number;
  private readonly storeTimeoutMs: number;
  private readonly failOpenMs: number;

  constructor(
    private readonly store: QuotaStore,
    private readonly options: SlidingWindowLimiterOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.storeTimeoutMs = options.storeTimeoutMs ?? 1000;
    this.failOpenMs = options.failOpenMs ?? 1000;
  }

  /**
   * Spends one unit of `key`'s quota. Synchronous when this process already holds a unit (or
   * knows there is none), which is the common case; a promise when it has to ask the store.
   */
  consume(key: string, limit: number): RateLimitDecision | Promise<RateLimitDecision> {
    const now = this.now();
    const quota = this.quotaFor(key, now);
    return this.decideLocally(quota, limit, now) ?? this.reserveThenDecide(key, limit, quota);
  }

  /**
   * `key`'s quota as this process last knew it, spending nothing and never asking the store: the
   * headers of a request that is not limited (a health probe). Always allowed.
   */
  peek(key: string, limit: number): RateLimitDecision {
    const now = this.now();
    const quota = this.quotaFor(key, now);
    const known = this.allowed(quota, limit, now);
    return now < quota.noCapacityUntil ? { ...known, remaining: 0 } : known;
  }

  /** Forgets keys idle for more than a window, so memory follows the active keys only. */
  forgetIdleKeys(): void {
    const now = this.now();
    const oldestUseful = windowAt(now, this.options.windowMs).start - this.options.windowMs;
    for (const [key, quota] of this.quotas) {
      if (quota.windowStart < oldestUseful && quota.waiting === 0 && quota.noCapacityUntil <= now)
        this.quotas.delete(key);
    }
  }

  private quotaFor(key: string, now: number): KeyQuota {
    let quota = this.quotas.get(key);
    if (!quota) {
      quota = {
        windowStart: 0,
        held: 0,
        currentReserved: 0,
        previousReserved: 0,
        noCapacityUntil: 0,
        failOpenUntil: 0,
        waiting: 0,
      };
      this.quotas.set(key, quota);
    }
    this.turnWindow(quota, now);
    return quota;
  }

  /** Unspent units expire with their window; the old current count becomes the previous one. */
  private turnWindow(quota: KeyQuota, now: number): void {
    const { start } = windowAt(now, this.options.windowMs);
    if (quota.windowStart === start) return;
    quota.previousReserved = quota.windowStart === start - this.options.windowMs ? quota.currentReserved : 0;
    quota.currentReserved = 0;
    quota.held = 0;
    quota.windowStart = start;
  }

  private decideLocally(quota: KeyQuota, limit: number, now: number): RateLimitDecision | undefined {
    if (quota.held > 0) {
      quota.held -= 1;
      return this.allowed(quota, limit, now);
    }
    if (now < quota.noCapacityUntil) return this.refused(quota, limit, now);
    if (now < quota.failOpenUntil) return this.allowed(quota, limit, now);
    return undefined;
  }

  private async reserveThenDecide(key: string, limit: number, quota: KeyQuota): Promise<RateLimitDecision> {
    quota.waiting += 1;
    try {
      for (let attempt = 0; attempt < MAX_RESERVE_ATTEMPTS; attempt++) {
        // Concurrent requests of one key share one round trip, sized for all of them.
        quota.reserving ??= this.reserve(key, limit, quota).finally(() => {
          quota.reserving = undefined;
        });
        const answered = await settlesWithin(quota.reserving, this.storeTimeoutMs);
        const now = this.now();
        this.turnWindow(quota, now);
        // Rate limiting protects the gateway; a slow store must not become the outage.
        if (!answered) return this.allowed(quota, limit, now);
        const decision = this.decideLocally(quota, limit, now);
        if (decision) return decision;
      }
      return this.refused(quota, limit, this.now());
    } finally {
      quota.waiting -= 1;
    }
  }

  private async reserve(key: string, limit: number, quota: KeyQuota): Promise<void> {
    const now = this.now();
    const { windowMs } = this.options;
    const position = windowAt(now, windowMs);
    this.turnWindow(quota, now);
    try {
      const grant = await this.store.reserve({
        key,
        windowStart: position.start,
        windowMs,
        limit,
        previousWeight: position.previousWeight,
        // Units asked for waiting requests are spent at once, so this keeps the error bound.
        wanted: Math.max(leaseSizeFor(limit, this.options.maxLeaseSize), quota.waiting),
      });
      // The window turned while we waited: the units belong to a window that is over.
      if (quota.windowStart !== position.start) return;
      quota.held += grant.granted;
      quota.currentReserved = grant.currentReserved;
      quota.previousReserved = grant.previousReserved;
      if (grant.granted === 0) {
        quota.noCapacityUntil = nextCapacityAt(limit, grant.previousReserved, grant.currentReserved, now, windowMs);
      }
    } catch (error) {
      quota.failOpenUntil = this.now() + this.failOpenMs;
      this.options.onStoreError?.(error);
    }
  }

  private allowed(quota: KeyQuota, limit: number, now: number): RateLimitDecision {
    const { previousWeight } = windowAt(now, this.options.windowMs);
    // Unreserved units of the window plus the ones this process holds; other processes' unspent units look spent.
    const unreserved = Math.max(
      0,
      currentWindowAllowance(limit, quota.previousReserved, previousWeight) - quota.currentReserved,
    );
    return {
      allowed: true,
      limit,
      remaining: Math.min(limit, unreserved + quota.held),
      resetSeconds: secondsUntilWindowEnds(now, this.options.windowMs),
    };
  }

  private refused(quota: KeyQuota, limit: number, now: number): RateLimitDecision {
    return {
      allowed: false,
      limit,
      remaining: 0,
      resetSeconds: secondsUntilWindowEnds(now, this.options.windowMs),
      retryAfterSeconds: Math.max(1, Math.ceil((quota.noCapacityUntil - now) / 1000)),
    };
  }
}

/** True when `promise` settled within `ms` (it never rejects here: `reserve` catches). */
async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
