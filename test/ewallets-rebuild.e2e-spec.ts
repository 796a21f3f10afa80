import { AdvanceTestClockCommand } from '@gateway/accounts';
import { EWALLETS_PROJECTION } from '@gateway/ewallets';
import { discoverProjections, readCheckpoint, resetProjection } from '@gateway/projections';
import { CommandBus } from '@nestjs/cqrs';
import { DiscoveryService } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';

describe('rebuilding the eWallet read model', () => {
  let gateway: TestApp;
  beforeAll(async () => {
    gateway = await startTestApp();
  });
  afterAll(async () => gateway?.close());

  it('replaying the log yields exactly the live rows, and timers are neither duplicated nor revived', async () => {
    const merchant = await provisionBusiness(gateway.app);
    const post = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/ewallets', { body, headers });
    const checkout = { callback_url: 'https://shop.example/cb', redirect_url: 'https://shop.example/r' };
    const sync = { 'X-API-VERSION': '2019-02-04' };
    expect(
      (await post({ external_id: 'paid', amount: 1000, phone: '081234567890', ewallet_type: 'OVO' }, sync)).status,
    ).toBe(200);
    expect(
      (await post({ external_id: 'declined', amount: 1000, phone: '081200000002', ewallet_type: 'OVO' }, sync)).status,
    ).toBe(400);
    const toPay = await post({ external_id: 'dana paid', amount: 5000, ewallet_type: 'DANA', ...checkout });
    expect((await fetch(`${toPay.body.checkout_url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    expect(
      (
        await post({
          external_id: 'dana expiring',
          amount: 5000,
          ewallet_type: 'DANA',
          expiration_date: new Date(Date.now() + 60_000).toISOString(),
          ...checkout,
        })
      ).status,
    ).toBe(200);
    await gateway.app.get(CommandBus).execute(
      new AdvanceTestClockCommand(merchant.business_id, 120_000, {
        requestId: `req_${randomUUID()}`,
        actor: 'system:test',
      }),
    );
    const items = [{ id: 'a', name: 'A', price: 5000, quantity: 1 }];
    expect(
      (
        await post({
          external_id: 'linkaja pending',
          amount: 5000,
          phone: '081234567890',
          items,
          ewallet_type: 'LINKAJA',
          ...checkout,
        })
      ).status,
    ).toBe(200);
    await eventually(
      async () =>
        (
          await call(
            gateway.baseUrl,
            merchant.test.secret_key,
            'GET',
            '/ewallets?external_id=dana%20expiring&ewallet_type=DANA',
          )
        ).body.status,
      (status) => status === 'EXPIRED',
    );

    const snapshot = async () => ({
      rows: (await gateway.db.pool.query('SELECT * FROM ewallet_payments ORDER BY payment_id')).rows,
      jobs: (
        await gateway.db.pool.query(
          `SELECT job_key, status, due_at FROM scheduled_jobs WHERE kind LIKE 'ewallets.%' ORDER BY job_key`,
        )
      ).rows,
    });
    // A timer appends its event before it is marked done: wait until none is still running.
    const live = await eventually(snapshot, (state) => state.jobs.every((job) => job.status !== 'running'));
    expect(live.rows.map((r) => r.status).sort()).toEqual(['COMPLETED', 'COMPLETED', 'EXPIRED', 'FAILED', 'PENDING']);
    const projection = discoverProjections(gateway.app.get(DiscoveryService)).find(
      (p) => p.name === EWALLETS_PROJECTION,
    )!;
    await resetProjection(gateway.db.pool, projection);
    const total = Number((await gateway.db.pool.query('SELECT count(*) AS n FROM es_events')).rows[0].n);
    await eventually(
      async () => Number((await readCheckpoint(gateway.db.pool, EWALLETS_PROJECTION))?.eventsSeen ?? 0n),
      (seen) => seen >= total,
    );
    expect(await snapshot()).toEqual(live);
  });
});
