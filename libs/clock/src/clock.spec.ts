import { Client } from 'pg';
import { storeForSuite } from '@gateway/testing';
import { BusinessClock } from './business-clock';
import { clockMigrations } from './clock.migrations';
import { FixedClock } from './fixed-clock';
import { SystemClock } from './system-clock';
import { TestClockRewindError, TestClockStore } from './test-clock.store';
import { SCHEDULER_WAKEUP_CHANNEL } from '@gateway/database';

const HOUR = 3_600_000;
const REAL_NOW = new Date('2025-03-01T12:00:00.000Z');

describe('clock', () => {
  const suite = storeForSuite([clockMigrations], (pool) => new TestClockStore(pool));
  let realTime: FixedClock;
  let clock: BusinessClock;

  beforeEach(() => {
    realTime = new FixedClock(REAL_NOW);
    clock = new BusinessClock(suite.store, realTime);
  });

  it('gives real time in live mode and without a business, even for a business whose test clock moved', async () => {
    await suite.store.setOffset(suite.db.pool, 'biz_live', 5 * HOUR);
    expect(await clock.now()).toEqual(REAL_NOW);
    expect(await clock.now({ mode: 'live', businessId: 'biz_live' })).toEqual(REAL_NOW);
    expect(await clock.now({ mode: 'test' })).toEqual(REAL_NOW);
  });

  it('gives real time plus the business offset in test mode, per business', async () => {
    await suite.store.setOffset(suite.db.pool, 'biz_a', HOUR);
    await suite.store.setOffset(suite.db.pool, 'biz_b', 2 * HOUR);
    expect(await clock.now({ mode: 'test', businessId: 'biz_a' })).toEqual(new Date(REAL_NOW.getTime() + HOUR));
    expect(await clock.now({ mode: 'test', businessId: 'biz_b' })).toEqual(new Date(REAL_NOW.getTime() + 2 * HOUR));
    expect(await clock.now({ mode: 'test', businessId: 'biz_never_advanced' })).toEqual(REAL_NOW);
  });

  it('follows real time as it passes', async () => {
    await suite.store.setOffset(suite.db.pool, 'biz_moving', HOUR);
    realTime.advance(1000);
    expect(await clock.now({ mode: 'test', businessId: 'biz_moving' })).toEqual(
      new Date(REAL_NOW.getTime() + HOUR + 1000),
    );
  });

  it('never moves a test clock back; setting the same offset again is a no-op', async () => {
    await suite.store.setOffset(suite.db.pool, 'biz_forward', 2 * HOUR);
    await expect(suite.store.setOffset(suite.db.pool, 'biz_forward', HOUR)).rejects.toBeInstanceOf(
      TestClockRewindError,
    );
    await suite.store.setOffset(suite.db.pool, 'biz_forward', 2 * HOUR);
    expect(await suite.store.offsetOf('biz_forward')).toBe(2 * HOUR);
    await expect(suite.store.setOffset(suite.db.pool, 'biz_forward', -1)).rejects.toBeInstanceOf(RangeError);
  });

  it('advances inside the caller transaction and wakes the scheduler only at commit', async () => {
    const listener = new Client(suite.db.url);
    await listener.connect();
    const notifications: string[] = [];
    listener.on('notification', (message) => notifications.push(message.channel));
    await listener.query(`LISTEN ${SCHEDULER_WAKEUP_CHANNEL}`);
    const client = await suite.db.pool.connect();
    try {
      await client.query('BEGIN');
      await suite.store.setOffset(client, 'biz_tx', HOUR);
      await client.query('ROLLBACK');
      expect(await suite.store.offsetOf('biz_tx')).toBe(0);

      await client.query('BEGIN');
      await suite.store.setOffset(client, 'biz_tx', HOUR);
      expect(await suite.store.offsetOf('biz_tx')).toBe(0);
      // A round trip on the listening connection delivers anything already sent to it.
      await listener.query('SELECT 1');
      expect(notifications).toEqual([]);
      await client.query('COMMIT');
      expect(await suite.store.offsetOf('biz_tx')).toBe(HOUR);

      await listener.query('SELECT 1');
      expect(notifications).toEqual([SCHEDULER_WAKEUP_CHANNEL]);
    } finally {
      client.release();
      await listener.end();
    }
  });
});

describe('SystemClock', () => {
  it('gives real time whatever the scope', async () => {
    const before = Date.now();
    const now = await new SystemClock().now();
    expect(now.getTime()).toBeGreaterThanOrEqual(before);
    expect(now.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('FixedClock', () => {
  it('moves only when set or advanced', async () => {
    const clock = new FixedClock(REAL_NOW);
    expect(await clock.now({ mode: 'test', businessId: 'any' })).toEqual(REAL_NOW);
    clock.advance(1500);
    expect(await clock.now()).toEqual(new Date(REAL_NOW.getTime() + 1500));
    clock.set(new Date('2030-01-01T00:00:00.000Z'));
    expect(await clock.now()).toEqual(new Date('2030-01-01T00:00:00.000Z'));
  });
});
