import { type QuotaGrant, type QuotaRequest, QuotaStore } from './quota-store';
import { currentWindowAllowance } from './sliding-window';
import { leaseSizeFor, SlidingWindowLimiter } from './sliding-window-limiter';

/** The PostgreSQL store's semantics in memory, for many limiters ("processes") at once. */
class MemoryQuotaStore extends QuotaStore {
  readonly counts = new Map<string, number>();
  reservations = 0;
  failing = false;
  delayMs = 0;

  async reserve(request: QuotaRequest): Promise<QuotaGrant> {
    this.reservations += 1;
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failing) throw new Error('store down');
    const previous = this.counts.get(`${request.key}@${request.windowStart - request.windowMs}`) ?? 0;
    const current = this.counts.get(`${request.key}@${request.windowStart}`) ?? 0;
    const allowance = currentWindowAllowance(request.limit, previous, request.previousWeight);
    const granted = Math.min(request.wanted, Math.max(0, allowance - current));
    this.counts.set(`${request.key}@${request.windowStart}`, current + granted);
    return { granted, currentReserved: current + granted, previousReserved: previous };
  }

  async deleteWindowsBefore(): Promise<number> {
    return 0;
  }
}

const WINDOW = 60_000;

function setup(maxLeaseSize: number, processes = 1) {
  const store = new MemoryQuotaStore();
  const clock = { now: 100 * WINDOW };
  const limiters = Array.from(
    { length: processes },
    () =>
      new SlidingWindowLimiter(store, { windowMs: WINDOW, maxLeaseSize, now: () => clock.now, storeTimeoutMs: 200 }),
  );
  return { store, clock, limiters };
}

async function admitted(limiter: SlidingWindowLimiter, key: string, limit: number, requests: number): Promise<number> {
  let count = 0;
  for (let i = 0; i < requests; i++) if ((await limiter.consume(key, limit)).allowed) count += 1;
  return count;
}

describe('sliding window limiter', () => {
  it(
    'peek reports the quota as known, spends nothing, ' + 'never asks the store and never refuses (health probes)',
    async () => {
      const { store, limiters } = setup(1);
      const [limiter] = limiters;
      expect(limiter.peek('ip:a', 3)).toMatchObject({ allowed: true, limit: 3, remaining: 3 });
      expect(store.reservations).toBe(0);
      expect(await admitted(limiter, 'ip:a', 3, 3)).toBe(3);
      expect(limiter.peek('ip:a', 3)).toMatchObject({ allowed: true, remaining: 0 });
      expect((await limiter.consume('ip:a', 3)).allowed).toBe(false);
      expect(limiter.peek('ip:a', 3)).toMatchObject({ allowed: true, remaining: 0 });
      expect(store.reservations).toBe(4);
    },
  );

  it('sizes leases at 1 % of the limit, between 1 and the configured maximum', () => {
    expect(leaseSizeFor(5, 50)).toBe(1);
    expect(leaseSizeFor(3000, 50)).toBe(30);
    expect(leaseSizeFor(18_000, 50)).toBe(50);
    expect(leaseSizeFor(18_000, 1)).toBe(1);
  });

  it('admits exactly the limit in a window, then refuses with headers for a retry', async () => {
    const { limiters } = setup(1);
    const [limiter] = limiters;
    const decisions = [];
    for (let i = 0; i < 6; i++) decisions.push(await limiter.consume('k', 5));
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, true, true, false]);
    expect(decisions.map((decision) => decision.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
    expect(decisions[5]).toMatchObject({ limit: 5, resetSeconds: 60 });
    expect(decisions[5].retryAfterSeconds).toBeGreaterThanOrEqual(60);
  });

  it('gives capacity back as the previous window fades', async () => {
    const { limiters, clock } = setup(1);
    const [limiter] = limiters;
    expect(await admitted(limiter, 'k', 10, 20)).toBe(10);
    clock.now += WINDOW; // next window, previous weight 1: still nothing
    expect(await admitted(limiter, 'k', 10, 5)).toBe(0);
    clock.now += WINDOW / 2; // half faded: 5 fit
    expect(await admitted(limiter, 'k', 10, 20)).toBe(5);
  });

  it('keeps separate budgets per key', async () => {
    const { limiters } = setup(1);
    expect(await admitted(limiters[0], 'a', 3, 5)).toBe(3);
    expect(await admitted(limiters[0], 'b', 3, 5)).toBe(3);
  });

  it('never exceeds the limit across processes, and loses at most (lease - 1) per process', async () => {
    const { limiters, store } = setup(50, 3);
    const limit = 3000; // lease 30
    const results = await Promise.all(limiters.map((limiter) => admitted(limiter, 'shared', limit, 1500)));
    const total = results.reduce((sum, count) => sum + count, 0);
    expect(total).toBeLessThanOrEqual(limit);
    expect(total).toBeGreaterThanOrEqual(limit - 3 * (leaseSizeFor(limit, 50) - 1));
    // One round trip per lease, not per request (plus the refusals that discovered the end).
    expect(store.reservations).toBeLessThan(total / 20);
  });

  it('asks the store once for concurrent requests of one key', async () => {
    const { limiters, store } = setup(50);
    store.delayMs = 20;
    const decisions = await Promise.all(
      Array.from({ length: 10 }, () => Promise.resolve(limiters[0].consume('k', 1000))),
    );
    expect(decisions.every((decision) => decision.allowed)).toBe(true);
    expect(store.reservations).toBe(1);
  });

  it(
    'sizes a reservation for every request waiting on it, ' + 'so exact mode does not starve under concurrency',
    async () => {
      const { limiters, store } = setup(1);
      store.delayMs = 5;
      const first = limiters[0].consume('k', 1000); // in flight, sized for itself
      const decisions = await Promise.all([first, ...Array.from({ length: 30 }, () => limiters[0].consume('k', 1000))]);
      expect(decisions.every((decision) => decision.allowed)).toBe(true);
      expect(store.reservations).toBe(2);
      expect(store.counts.get(`k@${100 * WINDOW}`)).toBe(31); // nothing reserved beyond the requests
    },
  );

  it('stops asking the store once it said no, until capacity can exist again', async () => {
    const { limiters, store, clock } = setup(1);
    await admitted(limiters[0], 'k', 2, 2);
    const before = store.reservations;
    expect(await admitted(limiters[0], 'k', 2, 100)).toBe(0);
    expect(store.reservations).toBe(before + 1);
    clock.now += 2 * WINDOW;
    expect(await admitted(limiters[0], 'k', 2, 1)).toBe(1);
  });

  it('lets requests through when the store fails or is too slow', async () => {
    const { limiters, store } = setup(1);
    const errors: unknown[] = [];
    const limiter = new SlidingWindowLimiter(store, {
      windowMs: WINDOW,
      maxLeaseSize: 1,
      onStoreError: (error) => errors.push(error),
    });
    store.failing = true;
    expect((await limiter.consume('k', 1)).allowed).toBe(true);
    expect((await limiter.consume('k', 1)).allowed).toBe(true);
    expect(errors).toHaveLength(1); // the second one did not ask again
    store.failing = false;
    store.delayMs = 400;
    expect((await limiters[0].consume('slow', 1)).allowed).toBe(true);
  });
});
