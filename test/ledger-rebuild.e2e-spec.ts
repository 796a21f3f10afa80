import { AdvanceTestClockCommand } from '@gateway/accounts';
import { LEDGER_PROJECTION } from '@gateway/ledger';
import { discoverProjections, readCheckpoint, resetProjection } from '@gateway/projections';
import { CommandBus } from '@nestjs/cqrs';
import { DiscoveryService } from '@nestjs/core';
import { eventually } from './support/eventually';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

describe('rebuilding the ledger journal', () => {
  let gateway: TestApp;
  beforeAll(async () => {
    gateway = await startTestApp();
  });
  afterAll(async () => gateway?.close());

  it('replaying the log yields exactly the live journal', async () => {
    const merchant = await provisionBusiness(gateway.app);
    const key = merchant.test.secret_key;
    await call(gateway.baseUrl, key, 'POST', '/balance/top_up', { body: { amount: 3_000_000 } });
    await call(gateway.baseUrl, key, 'POST', '/balance/top_up', {
      body: { amount: 500_000, channel: 'CREDIT_CARD', settlement: 'scheduled' },
    });
    await call(gateway.baseUrl, key, 'POST', '/balance/top_up', { body: { amount: 80_000, currency: 'PHP' } });
    const payout = (accountNumber: string, amount: number) =>
      call(gateway.baseUrl, key, 'POST', '/disbursements', {
        body: {
          external_id: 'rebuild',
          bank_code: 'BRI',
          account_holder_name: 'A',
          account_number: accountNumber,
          description: 'x',
          amount,
        },
      });
    await payout('1234567890', 700_000);
    await payout('9999000003', 400_000);
    await call(gateway.baseUrl, key, 'POST', '/batch_disbursements', {
      body: {
        reference: 'b',
        disbursements: [
          {
            external_id: 'b1',
            bank_code: 'BCA',
            account_holder_name: 'B',
            account_number: '0123456789',
            description: 'y',
            amount: 50_000,
          },
        ],
      },
    });
    await gateway.app.get(CommandBus).execute(
      new AdvanceTestClockCommand(merchant.business_id, 5 * 86_400_000, {
        requestId: 'req_rebuild',
        actor: 'system:test',
      }),
    );
    // Quiet: everything settled and every transfer answered.
    expect(
      await eventually(
        async () =>
          (await call(gateway.baseUrl, key, 'GET', '/balance?account_type=HOLDING&currency=IDR')).body.balance,
        (holding) => holding === 0,
      ),
    ).toBe(0);
    await eventually(
      async () => (await call(gateway.baseUrl, key, 'GET', '/disbursements?external_id=rebuild')).body,
      (list) => Array.isArray(list) && list.every((d: { status: string }) => d.status !== 'PENDING'),
    );
    // 2.9 % of 500,000 = 14,500 fee, 1,595 VAT: 483,905 net; the failed 400,000 came back.
    const expectedCash = 3_000_000 + 483_905 - 700_000 - 50_000;
    expect(
      await eventually(
        async () => (await call(gateway.baseUrl, key, 'GET', '/balance?currency=IDR')).body.balance,
        (cash) => cash === expectedCash,
      ),
    ).toBe(expectedCash);

    const snapshot = async () => {
      const tables: Record<string, unknown[]> = {};
      for (const [table, order] of [
        ['ledger_transactions', 'event_id'],
        ['ledger_entries', 'event_id, line'],
        ['ledger_balances', 'business_id, mode, currency, account'],
      ]) {
        tables[table] = (await gateway.db.pool.query(`SELECT * FROM ${table} ORDER BY ${order}`)).rows;
      }
      return tables;
    };
    const live = await snapshot();
    expect(live.ledger_transactions.length).toBeGreaterThanOrEqual(10);
    const projection = discoverProjections(gateway.app.get(DiscoveryService)).find(
      (p) => p.name === LEDGER_PROJECTION,
    )!;
    await resetProjection(gateway.db.pool, projection);
    const total = Number((await gateway.db.pool.query('SELECT count(*) AS n FROM es_events')).rows[0].n);
    await eventually(
      async () => Number((await readCheckpoint(gateway.db.pool, LEDGER_PROJECTION))?.eventsSeen ?? 0n),
      (seen) => seen >= total,
    );
    expect(await snapshot()).toEqual(live);
  });
});
