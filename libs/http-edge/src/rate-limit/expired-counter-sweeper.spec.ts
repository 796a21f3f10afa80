import { AppConfig } from '@gateway/config';
import { ExpiredCounterSweeper } from './expired-counter-sweeper';
import { type QuotaGrant, QuotaStore } from './quota-store';
import { RateLimitPolicy } from './rate-limit-policy';
import { SlidingWindowLimiter } from './sliding-window-limiter';

class RecordingStore extends QuotaStore {
  cutoffs: number[] = [];
  failing = false;

  async reserve(): Promise<QuotaGrant> {
    return { granted: 0, currentReserved: 0, previousReserved: 0 };
  }

  async deleteWindowsBefore(windowStart: number): Promise<number> {
    if (this.failing) throw new Error('database down');
    this.cutoffs.push(windowStart);
    return 0;
  }
}

describe('expired counter sweeper', () => {
  const policy = new RateLimitPolicy(new AppConfig());
  const store = new RecordingStore();
  const sweeper = new ExpiredCounterSweeper(
    store,
    new SlidingWindowLimiter(store, { windowMs: policy.windowMs, maxLeaseSize: 50 }),
    policy,
  );

  it('keeps the current and the previous window, which still weighs on decisions', async () => {
    await sweeper.sweep(10 * 60_000 + 5_000);
    expect(store.cutoffs).toEqual([9 * 60_000]);
  });

  it('survives a database failure (the next sweep retries)', async () => {
    store.failing = true;
    await expect(sweeper.sweep()).resolves.toBeUndefined();
  });
});
