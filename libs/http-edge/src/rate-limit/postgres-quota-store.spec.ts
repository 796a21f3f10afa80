import { storeForSuite } from '@gateway/testing';
import { Pool } from 'pg';
import { PostgresQuotaStore } from './postgres-quota-store';
import type { QuotaRequest } from './quota-store';
import { rateLimitMigrations } from './rate-limit.migrations';

const WINDOW = 60_000;
const START = 1_000 * WINDOW;

describe('PostgreSQL quota store', () => {
  const suite = storeForSuite([rateLimitMigrations], (pool) => new PostgresQuotaStore(pool));

  const request = (overrides: Partial<QuotaRequest>): QuotaRequest => ({
    key: 'k',
    windowStart: START,
    windowMs: WINDOW,
    limit: 100,
    previousWeight: 1,
    wanted: 10,
    ...overrides,
  });

  it('grants blocks until the window is full, then a partial block, then nothing', async () => {
    const grants = [];
    for (let i = 0; i < 4; i++) grants.push(await suite.store.reserve(request({ key: 'fill', limit: 25 })));
    expect(grants).toEqual([
      { granted: 10, currentReserved: 10, previousReserved: 0 },
      { granted: 10, currentReserved: 20, previousReserved: 0 },
      { granted: 5, currentReserved: 25, previousReserved: 0 },
      { granted: 0, currentReserved: 25, previousReserved: 0 },
    ]);
  });

  it('weighs the previous window by its remaining overlap', async () => {
    await suite.store.reserve(request({ key: 'slide', limit: 100, wanted: 100 }));
    const next = request({ key: 'slide', windowStart: START + WINDOW, limit: 100, wanted: 100 });
    expect(await suite.store.reserve({ ...next, previousWeight: 1 })).toEqual({
      granted: 0,
      currentReserved: 0,
      previousReserved: 100,
    });
    expect(await suite.store.reserve({ ...next, previousWeight: 0.3 })).toEqual({
      granted: 70,
      currentReserved: 70,
      previousReserved: 100,
    });
  });

  it('never grants more than the limit to concurrent processes', async () => {
    const pools = Array.from({ length: 4 }, () => new Pool({ connectionString: suite.db.url, max: 5 }));
    try {
      const stores = pools.map((pool) => new PostgresQuotaStore(pool));
      const grants = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          stores[i % stores.length].reserve(request({ key: 'race', limit: 500, wanted: 7 })),
        ),
      );
      expect(grants.reduce((sum, grant) => sum + grant.granted, 0)).toBe(500);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('deletes the windows that can no longer weigh on any decision', async () => {
    await suite.store.reserve(request({ key: 'old', windowStart: START - 5 * WINDOW }));
    await suite.store.reserve(request({ key: 'old', windowStart: START }));
    expect(await suite.store.deleteWindowsBefore(START - WINDOW)).toBeGreaterThanOrEqual(1);
    const { rows } = await suite.db.pool.query('SELECT window_start FROM rate_limit_counters WHERE key = $1', ['old']);
    expect(rows).toEqual([{ window_start: String(START) }]);
  });
});
