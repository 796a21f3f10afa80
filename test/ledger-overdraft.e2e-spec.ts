import { EVENT_STORE, type EventStore, type NewEvent } from '@gateway/event-store';
import { randomUUID } from 'node:crypto';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';

/**
 * Issue 18, Deliver 2: "every account equals its entries" and "every transaction sums to zero" hold
 * for an overdraft too. Reconcile also replays the log in order and reports every moment an
 * account that must not go negative (CASH, HOLDING) did. The overdrafts here are injected as raw
 * contract events, bypassing the balance aggregate that now prevents them.
 */
describe('ledger reconciliation proves no overdraft', () => {
  let gateway: TestApp;
  beforeAll(async () => {
    gateway = await startTestApp();
  });
  afterAll(async () => gateway?.close());

  it('reports each moment CASH or HOLDING went below zero, with the event, its position and the amounts', async () => {
    const merchant = await provisionBusiness(gateway.app);
    const key = merchant.test.secret_key;
    expect((await call(gateway.baseUrl, key, 'POST', '/balance/top_up', { body: { amount: 10_000 } })).status).toBe(
      200,
    );
    const clean = await call(gateway.baseUrl, key, 'GET', '/ledger/reconciliation');
    expect(clean.body).toMatchObject({ ok: true, overdraft_count: 0, overdrafts: [] });

    const at = new Date().toISOString();
    const metadata = {
      businessId: merchant.business_id,
      mode: 'test' as const,
      correlationId: 'req_injected',
      actor: 'system:test',
      occurredAt: at,
    };
    const event = (type: string, data: Record<string, unknown>): NewEvent => ({
      id: randomUUID(),
      type,
      data: { currency: 'IDR', ...data },
      metadata,
    });
    const store = gateway.app.get<EventStore>(EVENT_STORE);
    // 25,000 out of 10,000 CASH: −15,000. Then a release of 30,000 nobody reserved: HOLDING 25,000 − 30,000.
    const overdraw = event('MoneyOutReserved', {
      movementId: 'injected-1',
      amount: 25_000,
      reservedAt: at,
      kind: 'disbursement',
    });
    const unreserved = event('MoneyOutFailed', {
      movementId: 'injected-2',
      amount: 30_000,
      failureCode: 'TRANSFER_ERROR',
      failedAt: at,
    });
    const first = await store.append(`injected-${randomUUID()}`, [overdraw], 'no_stream');
    const second = await store.append(`injected-${randomUUID()}`, [unreserved], 'no_stream');

    // Both injected events journaled (asked too early, the journal may have passed only the first).
    const report = await eventually(
      () => call(gateway.baseUrl, key, 'GET', '/ledger/reconciliation'),
      (r) => r.body.overdraft_count >= 2,
    );
    expect(report.body).toMatchObject({ ok: false, differences: [], overdraft_count: 2 });
    expect(report.body.overdrafts).toEqual([
      {
        business_id: merchant.business_id,
        mode: 'test',
        currency: 'IDR',
        account: 'CASH',
        event_id: overdraw.id,
        event_type: 'MoneyOutReserved',
        stream: expect.stringMatching(/^injected-/),
        position: { commit: first.position.commit.toString(), prepare: first.position.prepare.toString() },
        amount: '-25000',
        balance: '-15000',
      },
      {
        business_id: merchant.business_id,
        mode: 'test',
        currency: 'IDR',
        account: 'HOLDING',
        event_id: unreserved.id,
        event_type: 'MoneyOutFailed',
        stream: expect.stringMatching(/^injected-/),
        position: { commit: second.position.commit.toString(), prepare: second.position.prepare.toString() },
        amount: '-30000',
        balance: '-5000',
      },
    ]);
    // Another business is not touched by this one's findings.
    const other = await provisionBusiness(gateway.app);
    expect((await call(gateway.baseUrl, other.test.secret_key, 'GET', '/ledger/reconciliation')).body).toMatchObject({
      ok: true,
      overdraft_count: 0,
    });
  });
});
