import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import { dashboardMigrations } from './dashboard.migrations';
import {
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ACCOUNT_AND_IP,
  MAX_FAILURES_PER_IP,
  SIGN_IN_WINDOW_MS,
  SignInThrottle,
} from './sign-in-throttle';

const now = new Date('2027-03-01T10:00:00Z');

/** The sign-in throttle on a real database: who is blocked after which failures. */
describe('SignInThrottle', () => {
  let db: TestDatabase;
  let throttle: SignInThrottle;

  beforeAll(async () => {
    db = await createTestDatabase([dashboardMigrations]);
    throttle = new SignInThrottle(db.pool);
  });
  afterAll(async () => db?.drop());
  beforeEach(async () => db.pool.query('DELETE FROM dashboard_sign_in_failures'));

  const fail = async (email: string, ip: string, times: number, at = now) => {
    for (let i = 0; i < times; i += 1) await throttle.recordFailure(email, ip, at);
  };

  it('blocks an account from the guessing address only: one address cannot lock its user out', async () => {
    await fail('owner@toko.test', '203.0.113.9', MAX_FAILURES_PER_ACCOUNT_AND_IP);
    expect(await throttle.isBlocked('owner@toko.test', '203.0.113.9', now)).toBe(true);
    expect(await throttle.isBlocked('owner@toko.test', '198.51.100.7', now)).toBe(false);
    expect(await throttle.isBlocked('other@toko.test', '203.0.113.9', now)).toBe(false);
  });

  it('blocks an account everywhere once guesses from many addresses add up', async () => {
    const addresses = Math.ceil(MAX_FAILURES_PER_ACCOUNT / (MAX_FAILURES_PER_ACCOUNT_AND_IP - 1));
    for (let i = 0; i < addresses; i += 1)
      await fail('owner@toko.test', `192.0.2.${i}`, MAX_FAILURES_PER_ACCOUNT_AND_IP - 1);
    expect(await throttle.isBlocked('owner@toko.test', '198.51.100.7', now)).toBe(true);
  });

  it('blocks an address that sprays many accounts, and forgets failures after the window', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_IP; i += 1) await fail(`nobody${i}@toko.test`, '203.0.113.9', 1);
    expect(await throttle.isBlocked('owner@toko.test', '203.0.113.9', now)).toBe(true);
    expect(
      await throttle.isBlocked('owner@toko.test', '203.0.113.9', new Date(now.getTime() + SIGN_IN_WINDOW_MS)),
    ).toBe(false);
  });

  it("clears, on a right password, the account's failures from that address, not another address's", async () => {
    await fail('owner@toko.test', '203.0.113.9', MAX_FAILURES_PER_ACCOUNT_AND_IP);
    await fail('owner@toko.test', '198.51.100.7', MAX_FAILURES_PER_ACCOUNT_AND_IP - 1);
    await throttle.clearAccount('owner@toko.test', '198.51.100.7');
    expect(await throttle.isBlocked('owner@toko.test', '203.0.113.9', now)).toBe(true);
    await fail('owner@toko.test', '198.51.100.7', MAX_FAILURES_PER_ACCOUNT_AND_IP - 1);
    expect(await throttle.isBlocked('owner@toko.test', '198.51.100.7', now)).toBe(false);
  });
});
