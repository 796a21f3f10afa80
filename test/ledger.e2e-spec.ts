import {
  AdvanceTestClockCommand,
  CreateApiKeyCommand,
  type ProvisionedBusiness,
  UpdateSettingsCommand,
} from '@gateway/accounts';
import type { Permission } from '@gateway/domain';
import { CommandBus } from '@nestjs/cqrs';
import { eventually } from './support/eventually';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

const context = { requestId: 'req_ledger_test', actor: 'system:test' };

describe('ledger: balance, test top-ups, settlement, reconciliation', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  const balance = async (query = '') => call(gateway.baseUrl, merchant.test.secret_key, 'GET', `/balance${query}`);

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
  });
  afterAll(async () => gateway?.close());

  it('starts at zero in every account', async () => {
    for (const type of ['', '?account_type=CASH', '?account_type=HOLDING', '?account_type=TAX', '?currency=IDR']) {
      const response = await balance(type);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ balance: 0 });
    }
  });

  it('tops up CASH at once (free test channel) and answers after the journal has it', async () => {
    const topUp = await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/balance/top_up', {
      body: { amount: 1_000_000 },
    });
    expect(topUp.status).toBe(200);
    expect(topUp.body).toMatchObject({
      id: expect.stringMatching(/^topup_/),
      amount: 1_000_000,
      currency: 'IDR',
      channel: 'TEST_TOPUP',
      fee: 0,
      fee_tax: 0,
      net_amount: 1_000_000,
      status: 'SETTLED',
    });
    expect((await balance()).body).toEqual({ balance: 1_000_000 });
    expect((await balance('?account_type=HOLDING')).body).toEqual({ balance: 0 });
  });

  it('charges the fee schedule with VAT on the fee, holds the net, and settles it on the test clock', async () => {
    const before = (await balance()).body.balance as number;
    const topUp = await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/balance/top_up', {
      body: { amount: 100_000, channel: 'CREDIT_CARD', settlement: 'scheduled' },
    });
    // default 2.9 % = 2,900; VAT 11 % of it = 319
    expect(topUp.body).toMatchObject({ fee: 2900, fee_tax: 319, net_amount: 96_781, status: 'PENDING_SETTLEMENT' });
    expect((await balance('?account_type=HOLDING')).body).toEqual({ balance: 96_781 });
    expect((await balance('?account_type=TAX')).body).toEqual({ balance: 319 });
    expect((await balance()).body).toEqual({ balance: before });

    // Cards settle after two days on the business's clock.
    await gateway.app
      .get(CommandBus)
      .execute(new AdvanceTestClockCommand(merchant.business_id, 2 * 86_400_000 + 1000, context));
    const settled = await eventually(
      () => balance(),
      (r) => r.body.balance === before + 96_781,
    );
    expect(settled.body).toEqual({ balance: before + 96_781 });
    expect((await balance('?account_type=HOLDING')).body).toEqual({ balance: 0 });
  });

  it('uses the business fee schedule when it has one', async () => {
    const other = await provisionBusiness(gateway.app);
    await gateway.app
      .get(CommandBus)
      .execute(
        new UpdateSettingsCommand(
          other.business_id,
          'test',
          { feeSchedule: { OVO: { flat: 1000, basisPoints: 150 } } },
          context,
        ),
      );
    const topUp = await call(gateway.baseUrl, other.test.secret_key, 'POST', '/balance/top_up', {
      body: { amount: 200_000, channel: 'OVO' },
    });
    expect(topUp.body).toMatchObject({ fee: 4000, fee_tax: 440, net_amount: 195_560, status: 'SETTLED' });
    expect((await call(gateway.baseUrl, other.test.secret_key, 'GET', '/balance')).body).toEqual({ balance: 195_560 });
  });

  it('asks for a currency once the business holds several, and keeps them apart', async () => {
    const other = await provisionBusiness(gateway.app);
    await call(gateway.baseUrl, other.test.secret_key, 'POST', '/balance/top_up', {
      body: { amount: 500, currency: 'PHP' },
    });
    expect((await call(gateway.baseUrl, other.test.secret_key, 'GET', '/balance')).body).toEqual({ balance: 500 });
    await call(gateway.baseUrl, other.test.secret_key, 'POST', '/balance/top_up', {
      body: { amount: 700, currency: 'IDR' },
    });
    const ambiguous = await call(gateway.baseUrl, other.test.secret_key, 'GET', '/balance');
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.error_code).toBe('API_VALIDATION_ERROR');
    expect((await call(gateway.baseUrl, other.test.secret_key, 'GET', '/balance?currency=PHP')).body).toEqual({
      balance: 500,
    });
    expect((await call(gateway.baseUrl, other.test.secret_key, 'GET', '/balance?currency=IDR')).body).toEqual({
      balance: 700,
    });
    expect((await call(gateway.baseUrl, other.test.secret_key, 'GET', '/balance?currency=USD')).body).toEqual({
      balance: 0,
    });
  });

  it('keeps modes and businesses apart', async () => {
    expect((await call(gateway.baseUrl, merchant.live.secret_key, 'GET', '/balance')).body).toEqual({ balance: 0 });
    const stranger = await provisionBusiness(gateway.app);
    expect((await call(gateway.baseUrl, stranger.test.secret_key, 'GET', '/balance')).body).toEqual({ balance: 0 });
  });

  it('lets a platform read (and fund) a sub-account through for-user-id, and nobody else', async () => {
    const platform = await provisionBusiness(gateway.app, { isPlatform: true });
    const sub = await provisionBusiness(gateway.app, { parentBusinessId: platform.business_id });
    const asSub = { 'for-user-id': sub.business_id };
    await call(gateway.baseUrl, platform.test.secret_key, 'POST', '/balance/top_up', {
      body: { amount: 4321 },
      headers: asSub,
    });
    expect((await call(gateway.baseUrl, platform.test.secret_key, 'GET', '/balance', { headers: asSub })).body).toEqual(
      { balance: 4321 },
    );
    expect((await call(gateway.baseUrl, sub.test.secret_key, 'GET', '/balance')).body).toEqual({ balance: 4321 });
    expect((await call(gateway.baseUrl, platform.test.secret_key, 'GET', '/balance')).body).toEqual({ balance: 0 });
    const outsider = await call(gateway.baseUrl, merchant.test.secret_key, 'GET', '/balance', { headers: asSub });
    expect(outsider.status).toBeGreaterThanOrEqual(400);
    expect(outsider.status).toBeLessThan(500);
  });

  it('refuses a top-up with a live key, clearly', async () => {
    const response = await call(gateway.baseUrl, merchant.live.secret_key, 'POST', '/balance/top_up', {
      body: { amount: 1000 },
    });
    expect(response.status).toBe(403);
    expect(response.body.error_code).toBe('TEST_MODE_ONLY_ERROR');
    expect((await call(gateway.baseUrl, merchant.live.secret_key, 'GET', '/balance')).body).toEqual({ balance: 0 });
  });

  it.each([
    [{}],
    [{ amount: 0 }],
    [{ amount: -5 }],
    [{ amount: 10.5 }],
    [{ amount: '1000' }],
    [{ amount: 1e300 }],
    [{ amount: 1000, currency: 'idr' }],
    [{ amount: 1000, settlement: 'later' }],
    [{ amount: 1000, channel: 'bad channel' }],
  ])('refuses the top-up %j with 400 API_VALIDATION_ERROR', async (body) => {
    const response = await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/balance/top_up', { body });
    expect(response.status).toBe(400);
    expect(response.body.error_code).toBe('API_VALIDATION_ERROR');
  });

  it.each(['?account_type=SAVINGS', '?currency=rupiah', '?currency=IDR&currency=PHP'])(
    'refuses the balance query %s',
    async (query) => {
      const response = await balance(query);
      expect(response.status).toBe(400);
      expect(response.body.error_code).toBe('API_VALIDATION_ERROR');
    },
  );

  it('needs a key, and money-out read (the spec) or the finer balance:read', async () => {
    expect((await call(gateway.baseUrl, undefined, 'GET', '/balance')).status).toBe(401);
    const keyWith = (name: string, permissions: Permission[]) =>
      gateway.app
        .get(CommandBus)
        .execute(new CreateApiKeyCommand(merchant.business_id, 'test', 'secret', name, permissions, context));
    const moneyOutOnly = await keyWith('payouts', ['money_out:read', 'money_out:write']);
    expect((await call(gateway.baseUrl, moneyOutOnly.key, 'GET', '/balance')).status).toBe(200);
    expect(
      (await call(gateway.baseUrl, moneyOutOnly.key, 'POST', '/balance/top_up', { body: { amount: 1 } })).status,
    ).toBe(403);
    expect((await call(gateway.baseUrl, moneyOutOnly.key, 'GET', '/ledger/reconciliation')).status).toBe(403);
    expect(
      (await call(gateway.baseUrl, (await keyWith('balance only', ['balance:read'])).key, 'GET', '/balance')).status,
    ).toBe(200);
    const forbidden = await call(
      gateway.baseUrl,
      (await keyWith('payins', ['money_in:read', 'money_in:write', 'money_out:write'])).key,
      'GET',
      '/balance',
    );
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error_code).toBe('REQUEST_FORBIDDEN_ERROR');
  });

  it('reconciles: balances equal their entries, transactions sum to zero, replay agrees', async () => {
    const response = await call(gateway.baseUrl, merchant.test.secret_key, 'GET', '/ledger/reconciliation');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ok: true, business_id: merchant.business_id, mode: 'test', differences: [] });
    expect(response.body.transactions).toBeGreaterThanOrEqual(4);
    expect(response.body.events_replayed).toBe(response.body.transactions);
  });

  it('reports a tampered balance', async () => {
    const victim = await provisionBusiness(gateway.app);
    await call(gateway.baseUrl, victim.test.secret_key, 'POST', '/balance/top_up', { body: { amount: 5000 } });
    await gateway.db.pool.query(
      `UPDATE ledger_balances SET balance = balance + 1 WHERE business_id = $1 AND account = 'CASH'`,
      [victim.business_id],
    );
    const response = await call(gateway.baseUrl, victim.test.secret_key, 'GET', '/ledger/reconciliation');
    expect(response.body.ok).toBe(false);
    expect(response.body.differences.map((d: { check: string }) => d.check).sort()).toEqual([
      'balance_equals_entries',
      'replay_matches_journal',
    ]);
  });
});
