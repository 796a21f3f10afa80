import Xendit from 'xendit-node';
import { AdvanceTestClockCommand, CreateApiKeyCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { reportStream } from '@gateway/reports';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { eventually } from './support/eventually';
import { gatewayWithReceiver } from './support/gateway-with-receiver';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';

const HOUR = 3_600_000;
const context = { requestId: 'req_reports_test', actor: 'system:test' };

describe('reports', () => {
  const running = gatewayWithReceiver();

  const api = (business: ProvisionedBusiness, method: string, path: string, body?: unknown) =>
    call(running.gateway.baseUrl, business.test.secret_key, method, path, { body });
  const completed = (business: ProvisionedBusiness, id: string) =>
    eventually(
      () => api(business, 'GET', `/reports/${id}`),
      (r) => r.body.status !== 'PENDING',
      20_000,
    ).then((r) => r.body);
  /** The link names PUBLIC_BASE_URL (localhost:PORT by default); the test app listens elsewhere. */
  const download = (url: string) => {
    const link = new URL(url);
    return fetch(`${running.gateway.baseUrl}${link.pathname}${link.search}`);
  };
  const csvRows = (text: string) =>
    text
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
  const advance = (business: ProvisionedBusiness, ms: number) =>
    running.gateway.app.get(CommandBus).execute(new AdvanceTestClockCommand(business.business_id, ms, context));

  it(
    'a request stored with a null format and currency (before the edge took null for absent) is read as CSV in ' +
      'IDR: it completes, and the reports after it still work',
    async () => {
      const business = await provisionBusiness(running.gateway.app);
      const reportId = `report_${randomUUID()}`;
      const now = new Date().toISOString();
      // As the log kept it: version 1 (no schemaVersion in the metadata; the store's append would stamp the
      // current one), the nulls as sent, appended by the store's own function.
      const event = {
        id: randomUUID(),
        type: 'ReportRequested',
        data: {
          reportId,
          type: 'BALANCE_HISTORY',
          format: null,
          currency: null,
          filter: { from: new Date(Date.now() - 24 * HOUR).toISOString(), to: now },
          requestedAt: now,
        },
        metadata: {
          businessId: business.business_id,
          mode: 'test',
          correlationId: `req_${randomUUID()}`,
          actor: 'system:test',
          occurredAt: now,
        },
      };
      const { rows } = await running.gateway.db.pool.query('SELECT ok FROM es_append_batch($1)', [
        JSON.stringify([{ stream: reportStream(reportId), expect: 1, events: [event] }]),
      ]);
      expect(rows).toEqual([{ ok: true }]);
      // Its row appears once the projection has read it (which it could not do, before).
      const stored = await eventually(
        () => api(business, 'GET', `/reports/${reportId}`),
        (r) => r.status === 200 && r.body.status !== 'PENDING',
        20_000,
      );
      expect(stored.body).toMatchObject({
        id: reportId,
        status: 'COMPLETED',
        format: 'CSV',
        currency: 'IDR',
      });
      const next = await api(business, 'POST', '/reports', { type: 'BALANCE_HISTORY' });
      expect(next.status).toBe(200);
      expect(await completed(business, next.body.id)).toMatchObject({ status: 'COMPLETED' });
    },
  );

  it('generates BALANCE_HISTORY as CSV behind a signed link; its last running balance is GET /balance', async () => {
    const business = await provisionBusiness(running.gateway.app);
    await api(business, 'POST', '/callback_urls/report', { url: `${running.receiver.url}/reports` });
    for (const amount of [150_000, 2_500_000, 75_000])
      expect((await api(business, 'POST', '/balance/top_up', { amount })).status).toBe(200);
    const payout = await api(business, 'POST', '/disbursements', {
      external_id: `payout-${randomUUID()}`,
      bank_code: 'BNI',
      account_holder_name: 'Budi',
      account_number: '1234567890',
      description: 'Supplier',
      amount: 100_000,
    });
    expect(payout.status).toBe(200);

    const created = await api(business, 'POST', '/reports', { type: 'BALANCE_HISTORY', currency: 'IDR' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^report_/),
      type: 'BALANCE_HISTORY',
      status: 'PENDING',
      filter: { from: expect.any(String), to: expect.any(String) },
      format: 'CSV',
      currency: 'IDR',
      business_id: business.business_id,
      created: expect.any(String),
      updated: expect.any(String),
    });
    expect(Date.parse(created.body.filter.to) - Date.parse(created.body.filter.from)).toBe(30 * 24 * HOUR);

    const report = await completed(business, created.body.id);
    expect(report).toMatchObject({
      status: 'COMPLETED',
      url: expect.stringMatching(/\/reports\/report_[^/]+\/download\?expires=\d+&signature=/),
    });
    const file = await download(report.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = csvRows(await file.text());
    expect(rows[0]).toEqual([
      'date',
      'transaction_id',
      'type',
      'external_id',
      'movement_id',
      'currency',
      'account',
      'amount',
      'balance',
    ]);
    // Three top-ups in, one payout reserved out of CASH.
    expect(rows.slice(1).map((row) => Number(row[7]))).toEqual([150_000, 2_500_000, 75_000, -100_000]);
    const cash = (await api(business, 'GET', '/balance')).body.balance;
    expect(Number(rows.at(-1)![8])).toBe(cash);
    expect(cash).toBe(2_625_000);

    const [callback] = await running.receiver.waitForCount(1);
    expect(callback.path).toBe('/reports');
    expect(callback.json).toEqual({ ...report, updated: report.updated });
  });

  it(
    'generates TRANSACTIONS (each account per transaction) ' + 'and UPCOMING_TRANSACTIONS (what is still in HOLDING)',
    async () => {
      const business = await provisionBusiness(running.gateway.app);
      expect((await api(business, 'POST', '/balance/top_up', { amount: 1_000_000 })).status).toBe(200);
      expect(
        (await api(business, 'POST', '/balance/top_up', { amount: 400_000, channel: 'BCA', settlement: 'scheduled' }))
          .status,
      ).toBe(200);

      const transactions = await completed(
        business,
        (await api(business, 'POST', '/reports', { type: 'TRANSACTIONS' })).body.id,
      );
      const rows = csvRows(await (await download(transactions.url)).text());
      expect(rows[0]).toEqual([
        'date',
        'transaction_id',
        'type',
        'external_id',
        'movement_id',
        'currency',
        'cash',
        'holding',
        'tax',
        'fees',
        'payers',
        'payout_rail',
      ]);
      for (const row of rows.slice(1)) expect(row.slice(6).reduce((sum, value) => sum + Number(value), 0)).toBe(0);
      expect(rows.slice(1).map((row) => row[2])).toEqual(['MoneyInReceived', 'MoneyInSettled', 'MoneyInReceived']);

      const upcoming = await completed(
        business,
        (await api(business, 'POST', '/reports', { type: 'UPCOMING_TRANSACTIONS' })).body.id,
      );
      const open = csvRows(await (await download(upcoming.url)).text());
      expect(open[0]).toEqual([
        'movement_id',
        'direction',
        'type',
        'external_id',
        'currency',
        'amount',
        'since',
        'expected_at',
      ]);
      expect(open).toHaveLength(2);
      expect(open[1]).toMatchObject({ 1: 'INCOMING', 2: 'MoneyInReceived', 4: 'IDR' });
      expect(Number(open[1][5])).toBe((await api(business, 'GET', '/balance?account_type=HOLDING')).body.balance);
      expect(Date.parse(open[1][7])).toBeGreaterThan(Date.parse(open[1][6]));
    },
  );

  it('refuses an expired or altered link clearly', async () => {
    const business = await provisionBusiness(running.gateway.app);
    const report = await completed(
      business,
      (await api(business, 'POST', '/reports', { type: 'BALANCE_HISTORY' })).body.id,
    );
    const tampered = report.url.replace(/signature=.{4}/, 'signature=AAAA');
    const forged = await download(tampered);
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error_code: 'INVALID_REPORT_LINK_ERROR' });
    const extended = report.url.replace(/expires=(\d+)/, (_: string, s: string) => `expires=${Number(s) + 3600}`);
    expect((await download(extended)).status).toBe(403);
    const garbage = await download(report.url.replace(/expires=\d+/, 'expires=soon'));
    expect(garbage.status).toBe(400);

    await advance(business, 24 * HOUR + 60_000);
    const expired = await download(report.url);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject({
      error_code: 'REPORT_LINK_EXPIRED_ERROR',
      message: expect.stringContaining('24 hours'),
    });
  });

  it('ends FAILED when generation fails, and a retry generates it again', async () => {
    const business = await provisionBusiness(running.gateway.app);
    await running.gateway.db.pool.query('ALTER TABLE report_contents RENAME TO report_contents_away');
    let id: string;
    try {
      id = (await api(business, 'POST', '/reports', { type: 'BALANCE_HISTORY' })).body.id;
      expect(await completed(business, id)).toMatchObject({ status: 'FAILED' });
      expect((await api(business, 'GET', `/reports/${id}`)).body.url).toBeUndefined();
    } finally {
      await running.gateway.db.pool.query('ALTER TABLE report_contents_away RENAME TO report_contents');
    }
    const retried = await api(business, 'POST', `/reports/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('PENDING');
    expect(await completed(business, id)).toMatchObject({ status: 'COMPLETED', url: expect.any(String) });
    const again = await api(business, 'POST', `/reports/${id}/retry`);
    expect(again).toMatchObject({ status: 409, body: { error_code: 'REPORT_NOT_RETRYABLE_ERROR' } });
  });

  it('keeps reports to their business and mode, needs the report permissions, and refuses bad input', async () => {
    const owner = await provisionBusiness(running.gateway.app);
    const other = await provisionBusiness(running.gateway.app);
    const id = (await api(owner, 'POST', '/reports', { type: 'TRANSACTIONS' })).body.id;
    expect((await api(other, 'GET', `/reports/${id}`)).status).toBe(404);
    expect((await api(other, 'POST', `/reports/${id}/retry`)).status).toBe(404);
    expect((await call(running.gateway.baseUrl, owner.live.secret_key, 'GET', `/reports/${id}`)).status).toBe(404);
    expect((await api(owner, 'GET', `/reports/report_${randomUUID()}`)).body).toMatchObject({
      error_code: 'REPORT_NOT_FOUND_ERROR',
    });

    const readOnly = await running.gateway.app
      .get(CommandBus)
      .execute(new CreateApiKeyCommand(owner.business_id, 'test', 'secret', 'reader', ['reports:read'], context));
    expect(
      (await call(running.gateway.baseUrl, readOnly.key, 'POST', '/reports', { body: { type: 'TRANSACTIONS' } }))
        .status,
    ).toBe(403);
    expect((await call(running.gateway.baseUrl, readOnly.key, 'GET', `/reports/${id}`)).status).toBe(200);

    const now = Date.now();
    const cases: [unknown, string][] = [
      [{}, 'type'],
      [{ type: 'EVERYTHING' }, 'type'],
      [{ type: 'TRANSACTIONS', format: 'PDF' }, 'format'],
      [{ type: 'TRANSACTIONS', currency: 'rupiah' }, 'currency'],
      [{ type: 'TRANSACTIONS', filter: { from: 'yesterday' } }, 'filter.from'],
      [
        {
          type: 'TRANSACTIONS',
          filter: { from: new Date(now - HOUR).toISOString(), to: new Date(now - 2 * HOUR).toISOString() },
        },
        'filter.from',
      ],
      [{ type: 'TRANSACTIONS', filter: { from: new Date(now - 400 * 24 * HOUR).toISOString() } }, '366 days'],
      [{ type: 'TRANSACTIONS', filter: 'all' }, 'filter'],
    ];
    for (const [body, mentions] of cases) {
      const answer = await api(owner, 'POST', '/reports', body);
      expect({ body, status: answer.status, code: answer.body.error_code }).toEqual({
        body,
        status: 400,
        code: 'API_VALIDATION_ERROR',
      });
      expect(JSON.stringify(answer.body)).toContain(mentions);
    }
    // A malformed id is an unknown id (issue 19, item 21).
    expect((await api(owner, 'GET', '/reports/not-a-report')).status).toBe(404);
  });
});

describe('xendit-node 1.22.0 report calls', () => {
  let gateway: TestApp;
  beforeAll(async () => {
    gateway = await startTestApp();
  });
  afterAll(async () => gateway.close());

  it('generates and gets a report unchanged', async () => {
    const merchant = await provisionBusiness(gateway.app);
    const x = new Xendit({ secretKey: merchant.test.secret_key, xenditURL: gateway.baseUrl });
    const report = new x.Report({});
    const to = new Date();
    const generated = (await report.generateReport({
      type: 'BALANCE_HISTORY' as never /* the client's enum; merchants pass the string */,
      filterDateFrom: new Date(to.getTime() - 7 * 24 * HOUR),
      filterDateTo: to,
    })) as any;
    expect(generated).toMatchObject({
      id: expect.stringMatching(/^report_/),
      type: 'BALANCE_HISTORY',
      status: 'PENDING',
      format: 'CSV',
      currency: 'IDR',
    });
    expect(generated.filter.to).toBe(to.toISOString());
    const fetched = await eventually<any>(
      () => report.getReport({ id: generated.id }) as Promise<any>,
      (r) => r.status === 'COMPLETED',
      20_000,
    );
    expect(fetched).toMatchObject({ id: generated.id, status: 'COMPLETED', url: expect.any(String) });
    await expect(report.getReport({ id: `report_${randomUUID()}` })).rejects.toMatchObject({
      status: 404,
      code: 'REPORT_NOT_FOUND_ERROR',
    });
  });
});
