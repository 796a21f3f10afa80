import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import { randomUUID } from 'node:crypto';
import { eventually } from './support/eventually';
import { entryPoint, spawnNode } from './support/spawned-process';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

async function reconcile(
  databaseUrl: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; output: string }> {
  const cli = spawnNode(entryPoint('cli'), ['ledger', 'reconcile', ...args], {
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'error',
  });
  let stdout = '';
  cli.child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const code = await cli.exited;
  return { code, stdout, output: cli.output() };
}

describe('cli ledger reconcile', () => {
  let gateway: TestApp;
  beforeAll(async () => {
    gateway = await startTestApp();
  });
  afterAll(async () => gateway?.close());

  it('reports no difference (exit 0), then finds a tampered entry (exit 1) with a readable report', async () => {
    const merchant = await provisionBusiness(gateway.app);
    await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/balance/top_up', { body: { amount: 500_000 } });
    await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/disbursements', {
      body: {
        external_id: 'cli-1',
        bank_code: 'BNI',
        account_holder_name: 'A',
        account_number: '1',
        description: 'x',
        amount: 100_000,
      },
    });

    const clean = await reconcile(gateway.db.url, ['--json']);
    expect(clean.code).toBe(0);
    const report = JSON.parse(clean.stdout.trim());
    expect(report).toMatchObject({ ok: true, differences: [] });
    expect(report.transactions).toBeGreaterThanOrEqual(3);
    // Each run is recorded with its time: the dashboard's finance page shows the last one (issue 21).
    const runs = await gateway.db.pool.query('SELECT business_id, mode, ok, ran_at FROM ledger_reconciliation_runs');
    expect(runs.rows).toEqual([{ business_id: null, mode: null, ok: true, ran_at: expect.any(Date) }]);

    await gateway.db.pool.query(
      `UPDATE ledger_entries SET amount = amount + 7 WHERE business_id = $1 AND account = 'HOLDING' AND line = 1
         AND event_id = (SELECT event_id FROM ledger_transactions WHERE business_id = $1 AND kind = ` +
        `'MoneyOutReserved' LIMIT 1)`,
      [merchant.business_id],
    );
    const dirty = await reconcile(gateway.db.url, ['--business', merchant.business_id]);
    expect(dirty.code).toBe(1);
    expect(dirty.stdout).toContain('FAIL every balance equals the sum of its entries');
    expect(dirty.stdout).toContain('FAIL every transaction sums to zero');
    expect(dirty.stdout).toContain('DIFFERENCES FOUND');
  }, 120_000);

  it('exits 1 on an overdraft in the log (issue 18), listing it in --json and in the readable report', async () => {
    const merchant = await provisionBusiness(gateway.app);
    await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/balance/top_up', { body: { amount: 10_000 } });
    const at = new Date().toISOString();
    // A raw contract event taking 25,000 out of 10,000 CASH (what the balance aggregate now refuses).
    const injected = {
      id: randomUUID(),
      type: 'MoneyOutReserved',
      data: { movementId: 'injected', currency: 'IDR', amount: 25_000, reservedAt: at, kind: 'disbursement' },
      metadata: {
        businessId: merchant.business_id,
        mode: 'test' as const,
        correlationId: 'req_injected',
        actor: 'system:test',
        occurredAt: at,
      },
    };
    await gateway.app.get<EventStore>(EVENT_STORE).append(`injected-${randomUUID()}`, [injected], 'no_stream');
    await eventually(
      () => call(gateway.baseUrl, merchant.test.secret_key, 'GET', '/ledger/reconciliation'),
      (r) => r.body.overdraft_count === 1,
    );

    const json = await reconcile(gateway.db.url, ['--business', merchant.business_id, '--json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout.trim());
    expect(report).toMatchObject({ ok: false, differences: [], overdraftCount: 1 });
    expect(report.overdrafts).toEqual([
      expect.objectContaining({ account: 'CASH', eventId: injected.id, amount: '-25000', balance: '-15000' }),
    ]);
    const readable = await reconcile(gateway.db.url, ['--business', merchant.business_id]);
    expect(readable.code).toBe(1);
    expect(readable.stdout).toContain(
      'FAIL replayed in log order, CASH and HOLDING never went below zero (1 overdraft)',
    );
    expect(readable.stdout).toContain(injected.id);
    expect(readable.stdout).toContain('OVERDRAFTS FOUND: 1');
  }, 120_000);
});
