import { randomUUID } from 'node:crypto';
import { eventually } from './support/eventually';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

describe('disbursements under concurrent requests', () => {
  let gateway: TestApp;
  beforeAll(async () => {
    gateway = await startTestApp();
  });
  afterAll(async () => gateway?.close());

  const request = (overrides: Record<string, unknown> = {}) => ({
    external_id: `payout-${randomUUID()}`,
    bank_code: 'BNI',
    account_holder_name: 'Budi',
    account_number: '1234567890',
    description: 'Payout',
    amount: 20_000,
    ...overrides,
  });

  it(
    'double spend: a balance covering exactly 50, 200 parallel requests → 50 accepted, 150 refused, ' +
      'CASH + HOLDING exact',
    async () => {
      const merchant = await provisionBusiness(gateway.app);
      const key = merchant.test.secret_key;
      await call(gateway.baseUrl, key, 'POST', '/balance/top_up', { body: { amount: 50 * 20_000 } });
      const responses = await Promise.all(
        Array.from({ length: 200 }, () => call(gateway.baseUrl, key, 'POST', '/disbursements', { body: request() })),
      );
      const accepted = responses.filter((r) => r.status === 200);
      const refused = responses.filter(
        (r) => r.status === 400 && r.body.error_code === 'DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR',
      );
      expect(accepted).toHaveLength(50);
      expect(refused).toHaveLength(150);
      expect(new Set(accepted.map((r) => r.body.id)).size).toBe(50);

      expect((await call(gateway.baseUrl, key, 'GET', '/balance')).body.balance).toBe(0);
      // One snapshot of the journal (the rail may be completing transfers meanwhile, moving HOLDING
      // to PAYOUT_RAIL): CASH is empty and every accepted rupiah is in flight or paid out.
      const accounts = await gateway.db.pool.query<{ account: string; balance: string }>(
        `SELECT account, balance::text AS balance FROM ledger_balances WHERE business_id = $1 AND mode = 'test'`,
        [merchant.business_id],
      );
      const of = (account: string) => Number(accounts.rows.find((row) => row.account === account)?.balance ?? 0);
      expect(of('CASH')).toBe(0);
      expect(of('HOLDING') + of('PAYOUT_RAIL')).toBe(50 * 20_000);
      const { rows } = await gateway.db.pool.query(
        `SELECT count(*)::int AS n FROM ledger_transactions WHERE business_id = $1 AND kind = 'MoneyOutReserved'`,
        [merchant.business_id],
      );
      expect(rows[0].n).toBe(50);
      const report = await eventually(
        () => call(gateway.baseUrl, key, 'GET', '/ledger/reconciliation'),
        (r) => r.body.ok === true,
      );
      expect(report.body.differences).toEqual([]);
    },
  );

  it('20 parallel identical requests with one idempotency key make one disbursement', async () => {
    const merchant = await provisionBusiness(gateway.app);
    const key = merchant.test.secret_key;
    await call(gateway.baseUrl, key, 'POST', '/balance/top_up', { body: { amount: 1_000_000 } });
    const body = request();
    const idempotencyKey = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(gateway.baseUrl, key, 'POST', '/disbursements', {
          body,
          headers: { 'x-idempotency-key': idempotencyKey },
        }),
      ),
    );
    const created = responses.filter((r) => r.status === 200);
    expect(created).toHaveLength(1);
    // Still running when asked or finished, the key was used: the spec's one answer for it.
    for (const other of responses.filter((r) => r.status !== 200))
      expect([other.status, other.body.error_code]).toEqual([400, 'DUPLICATE_TRANSACTION_ERROR']);
    const found = await call(gateway.baseUrl, key, 'GET', `/disbursements?external_id=${body.external_id}`);
    expect(found.body).toHaveLength(1);
    expect((await call(gateway.baseUrl, key, 'GET', '/balance')).body.balance).toBe(1_000_000 - 20_000);
  });

  it('two api processes on one database still never overdraw a balance', async () => {
    const second = await startTestApp({ databaseUrl: gateway.db.url });
    try {
      const merchant = await provisionBusiness(gateway.app);
      const key = merchant.test.secret_key;
      await call(gateway.baseUrl, key, 'POST', '/balance/top_up', { body: { amount: 10 * 20_000 } });
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          call(i % 2 === 0 ? gateway.baseUrl : second.baseUrl, key, 'POST', '/disbursements', { body: request() }),
        ),
      );
      expect(responses.filter((r) => r.status === 200)).toHaveLength(10);
      expect(
        responses.filter((r) => r.body?.error_code === 'DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR'),
      ).toHaveLength(30);
    } finally {
      await second.app.close();
      await second.db.drop();
    }
  });
});
