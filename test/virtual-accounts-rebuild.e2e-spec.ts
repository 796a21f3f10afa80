import { PAYMENT_CODES_PROJECTION } from '@gateway/payment-codes';
import { discoverProjections, readCheckpoint, resetProjection } from '@gateway/projections';
import { VIRTUAL_ACCOUNTS_PROJECTION } from '@gateway/virtual-accounts';
import { DiscoveryService } from '@nestjs/core';
import { eventually } from './support/eventually';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

describe('rebuilding the virtual account and payment code read models', () => {
  let gateway: TestApp;
  beforeAll(async () => {
    gateway = await startTestApp();
  });
  afterAll(async () => gateway?.close());

  it('replaying the log yields exactly the live tables', async () => {
    const merchant = await provisionBusiness(gateway.app);
    const api = (method: string, path: string, body?: unknown) =>
      call(gateway.baseUrl, merchant.test.secret_key, method, path, { body });
    const va = await api('POST', '/callback_virtual_accounts', {
      external_id: 'r1',
      bank_code: 'BNI',
      name: 'Rika',
      is_single_use: true,
    });
    await api('PATCH', `/callback_virtual_accounts/${va.body.id}`, { expected_amount: 40_000 });
    await api('POST', '/pool_virtual_accounts/simulate_payment', {
      bank_code: 'BNI',
      bank_account_number: va.body.account_number,
      transfer_amount: 40_000,
    });
    const expiring = await api('POST', '/callback_virtual_accounts', {
      external_id: 'r2',
      bank_code: 'BRI',
      name: 'Rika',
    });
    await api('PATCH', `/callback_virtual_accounts/${expiring.body.id}`, {
      expiration_date: '2020-01-01T00:00:00.000Z',
    });
    const code = await api('POST', '/fixed_payment_code', {
      external_id: 'c1',
      retail_outlet_name: 'ALFAMART',
      name: 'Budi',
      expected_amount: 20_000,
    });
    await api('PATCH', `/fixed_payment_code/${code.body.id}`, { name: 'Budi S.' });
    await api('POST', '/fixed_payment_code/simulate_payment', {
      retail_outlet_name: 'ALFAMART',
      payment_code: code.body.payment_code,
      transfer_amount: 20_000,
    });

    const tables = [
      'virtual_accounts',
      'virtual_account_payments',
      'fixed_payment_codes',
      'fixed_payment_code_payments',
    ];
    const snapshot = async () => {
      const rows: Record<string, unknown[]> = {};
      for (const table of tables) rows[table] = (await gateway.db.pool.query(`SELECT * FROM ${table} ORDER BY 1`)).rows;
      return rows;
    };
    const live = await snapshot();
    expect(live.virtual_accounts).toHaveLength(2);
    expect(live.fixed_payment_code_payments).toHaveLength(1);
    const total = Number((await gateway.db.pool.query('SELECT count(*) AS n FROM es_events')).rows[0].n);
    for (const name of [VIRTUAL_ACCOUNTS_PROJECTION, PAYMENT_CODES_PROJECTION]) {
      const projection = discoverProjections(gateway.app.get(DiscoveryService)).find((p) => p.name === name)!;
      await resetProjection(gateway.db.pool, projection);
      await eventually(
        async () => Number((await readCheckpoint(gateway.db.pool, name))?.eventsSeen ?? 0n),
        (seen) => seen >= total,
      );
    }
    expect(await snapshot()).toEqual(live);
  });
});
