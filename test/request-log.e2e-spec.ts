import type { ProvisionedBusiness } from '@gateway/accounts';
import { RequirePermissions } from '@gateway/http-edge';
import { RequestLogSweeper, RequestLogWriter } from '@gateway/request-log';
import { Controller, Get, Module } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from './support/cards';
import { createDashboardUser, DashboardClient, TEST_PASSWORD } from './support/dashboard-client';
import { eventually } from './support/eventually';
import { PNG_BYTES, uploadFile } from './support/files';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';

/*
 * Issue 20, item 5: every authenticated API request is in its business's request log (method,
 * route, status, error_code, latency, Request-ID, key, mode, time, redacted and capped bodies):
 * a 2xx, auth-passed 4xx (validation, not found) and a forced 5xx; filtered by status class,
 * route, error code, time and request id; per business and mode; bounded in time and rows.
 */

const FORCED_FAILURE = `the database said no about card ${TEST_CARDS.enrolledVisa} and cvn=987`;

/** A route that fails the way a bug does (an unexpected exception): the forced 5xx. */
@Controller('test_only')
class ExplodingController {
  @Get('explode')
  @RequirePermissions('money_in:read')
  explode(): never {
    throw new Error(FORCED_FAILURE);
  }
}

@Module({ controllers: [ExplodingController] })
class ExplodingModule {}

describe('the API request log', () => {
  let gateway: TestApp;
  let a: ProvisionedBusiness;
  let b: ProvisionedBusiness;
  const api = (key: string | undefined, method: string, path: string, body?: unknown) =>
    call(gateway.baseUrl, key, method, path, { body });
  const logOf = (key: string, query = '') => api(key, 'GET', `/request_logs${query}`);
  const requestIdOf = (response: { headers: Headers }) => response.headers.get('request-id')!;

  beforeAll(async () => {
    gateway = await startTestApp({ extraModules: [ExplodingModule] });
    [a, b] = await Promise.all([provisionBusiness(gateway.app), provisionBusiness(gateway.app)]);
  }, 60_000);
  afterAll(async () => gateway?.close());

  it(
    'records a 2xx, a validation 400, a 404 and a forced 500, each with its route, status, error code, latency, ' +
      'key and mode',
    async () => {
      const externalId = `inv-${randomUUID()}`;
      const created = await api(a.test.secret_key, 'POST', '/v2/invoices', {
        external_id: externalId,
        payer_email: 'payer@example.com',
        description: 'Order 7',
        amount: 75_000,
      });
      const invalid = await api(a.test.secret_key, 'POST', '/v2/invoices', {
        external_id: externalId,
        amount: 'seventy',
      });
      const missing = await api(a.test.secret_key, 'GET', '/v2/invoices/no-such-invoice');
      const exploded = await api(a.test.secret_key, 'GET', '/test_only/explode');
      expect([created.status, invalid.status, missing.status, exploded.status]).toEqual([200, 400, 404, 500]);

      // Written after the answers, in a batch: it shows up without anyone flushing.
      const listed = await eventually(
        () => logOf(a.test.secret_key, '?limit=100'),
        (response) => response.status === 200 && response.body.data.length >= 4,
      );
      expect(listed.body.has_more).toBe(false);
      const byRequest = new Map<string, any>(listed.body.data.map((entry: any) => [entry.request_id, entry]));
      const common = {
        business_id: a.business_id,
        mode: 'test',
        key_id: expect.stringMatching(/^key_/),
        latency_ms: expect.any(Number),
        created: expect.any(String),
        id: expect.stringMatching(/^rlog_[0-9a-f]{32}$/),
      };
      expect(byRequest.get(requestIdOf(created))).toMatchObject({
        ...common,
        method: 'POST',
        route: '/v2/invoices',
        path: '/v2/invoices',
        status: 200,
        error_code: null,
      });
      expect(JSON.parse(byRequest.get(requestIdOf(created)).request_body)).toMatchObject({
        external_id: externalId,
        amount: 75_000,
      });
      expect(JSON.parse(byRequest.get(requestIdOf(created)).response_body)).toMatchObject({
        id: created.body.id,
        external_id: externalId,
        status: 'PENDING',
      });
      expect(byRequest.get(requestIdOf(invalid))).toMatchObject({
        ...common,
        route: '/v2/invoices',
        status: 400,
        error_code: 'API_VALIDATION_ERROR',
      });
      // As answered (the validation message's 16-digit bound is masked like a card number: the log errs on the safe
      // side).
      expect(JSON.parse(byRequest.get(requestIdOf(invalid)).response_body)).toMatchObject({
        error_code: 'API_VALIDATION_ERROR',
        errors: expect.arrayContaining([expect.objectContaining({ field: ['amount'] })]),
      });
      expect(byRequest.get(requestIdOf(missing))).toMatchObject({
        ...common,
        method: 'GET',
        route: '/v2/invoices/:id',
        path: '/v2/invoices/no-such-invoice',
        status: 404,
        error_code: missing.body.error_code,
      });
      expect(byRequest.get(requestIdOf(exploded))).toMatchObject({
        ...common,
        route: '/test_only/explode',
        status: 500,
        error_code: 'SERVER_ERROR',
        request_body: null,
      });
      const latency = byRequest.get(requestIdOf(created)).latency_ms;
      expect(latency).toBeGreaterThan(0);
      expect(new Date(byRequest.get(requestIdOf(created)).created).getTime()).toBeLessThanOrEqual(Date.now());
    },
  );

  it('keeps secrets, card numbers, CVNs and keys out of every stored row', async () => {
    // A secret key may tokenize too (money_in:write); a card that is not enrolled is VERIFIED at once.
    const tokenized = await api(a.test.secret_key, 'POST', '/v2/credit_card_tokens', {
      is_single_use: true,
      should_authenticate: true,
      amount: 50_000,
      card_data: {
        account_number: TEST_CARDS.notEnrolledMastercard,
        exp_month: '12',
        exp_year: String(new Date().getUTCFullYear() + 3),
        cvn: '314',
      },
    });
    const key = await api(a.test.secret_key, 'POST', '/api_keys', { name: 'log me not' });
    const settings = await api(a.test.secret_key, 'GET', '/settings');
    const url = await api(a.test.secret_key, 'POST', '/callback_urls/invoice', {
      url: 'https://shop.example/callbacks',
    });
    const endpoint = await api(a.test.secret_key, 'GET', '/callback_urls/invoice');
    expect([tokenized.status, key.status, settings.status, url.status, endpoint.status]).toEqual([
      200, 201, 200, 200, 200,
    ]);
    await gateway.app.get(RequestLogWriter).flush();

    // Each key's random part too (the last 20 characters): no piece of a key may survive.
    const keys = [key.body.key, a.test.secret_key, a.test.public_key].flatMap((k: string) => [k, k.slice(-20)]);
    const secrets = [
      TEST_CARDS.notEnrolledMastercard,
      TEST_CARDS.enrolledVisa,
      '"314"',
      ...keys,
      a.test.callback_token,
      endpoint.body.signing_secret,
      'cvn=987',
    ];
    expect(secrets.every((secret) => typeof secret === 'string' && secret.length > 3)).toBe(true);
    const { rows } = await gateway.db.pool.query('SELECT * FROM api_request_log');
    const stored = JSON.stringify(rows);
    expect(secrets.filter((secret) => stored.includes(secret))).toEqual([]);

    const entry = (await logOf(a.test.secret_key, `?request_id=${requestIdOf(tokenized)}`)).body.data[0];
    expect(JSON.parse(entry.request_body)).toMatchObject({
      card_data: { account_number: '[REDACTED]', cvn: '[REDACTED]', exp_month: '12' },
    });
    // Even the masked number goes: a field named like a card number is replaced whatever it holds.
    expect(JSON.parse(entry.response_body)).toMatchObject({
      id: tokenized.body.id,
      status: 'VERIFIED',
      masked_card_number: '[REDACTED]',
    });
    const created = (await logOf(a.test.secret_key, `?request_id=${requestIdOf(key)}`)).body.data[0];
    expect(JSON.parse(created.response_body)).toMatchObject({ key: 'xnd_[REDACTED]', name: 'log me not' });
  });

  it('names uploaded files and describes file answers, without their bytes', async () => {
    const uploaded = await uploadFile(gateway.baseUrl, a.test.secret_key, {
      bytes: PNG_BYTES,
      type: 'image/png',
      filename: 'receipt.png',
    });
    expect(uploaded.status).toBe(200);
    const downloaded = await fetch(`${gateway.baseUrl}/files/${uploaded.body.id}/download`, {
      headers: { authorization: `Basic ${Buffer.from(`${a.test.secret_key}:`).toString('base64')}` },
    });
    expect(downloaded.status).toBe(200);
    await downloaded.arrayBuffer();
    await gateway.app.get(RequestLogWriter).flush();
    const upload = (await logOf(a.test.secret_key, `?request_id=${requestIdOf(uploaded)}`)).body.data[0];
    expect(JSON.parse(upload.request_body)['(files)']).toEqual([
      { field: 'file', name: 'receipt.png', type: 'image/png', size: PNG_BYTES.length },
    ]);
    const download = (await logOf(a.test.secret_key, `?request_id=${downloaded.headers.get('request-id')}`)).body
      .data[0];
    expect(download).toMatchObject({
      route: '/files/:id/download',
      status: 200,
      response_body: `[image/png of ${PNG_BYTES.length} bytes]`,
    });
  });

  it(
    'filters by status class, status, route, method, ' + 'error code, request id and time, and pages both ways',
    async () => {
      const key = a.live.secret_key;
      // created_after is strict and times are whole milliseconds: a request that arrives in the
      // same millisecond as this line must still count as after it.
      const before = new Date(Date.now() - 1);
      const sent: { status: number; headers: Headers }[] = [];
      for (let i = 0; i < 5; i++) sent.push(await api(key, 'GET', `/v2/invoices/missing-${i}`));
      sent.push(await api(key, 'POST', '/customers', { reference_id: 1 }));
      sent.push(await api(key, 'GET', '/settings'));
      await gateway.app.get(RequestLogWriter).flush();
      const ids = (response: { body: any }) => response.body.data.map((entry: any) => entry.request_id);

      expect(ids(await logOf(key, '?status_class=4xx&limit=100'))).toEqual(sent.slice(0, 6).map(requestIdOf).reverse());
      expect(ids(await logOf(key, '?status_class=2xx'))).toEqual([requestIdOf(sent[6])]);
      expect(ids(await logOf(key, '?status=400'))).toEqual([requestIdOf(sent[5])]);
      expect(ids(await logOf(key, '?route=/v2/invoices/:id&limit=100'))).toHaveLength(5);
      expect(ids(await logOf(key, '?method=POST'))).toEqual([requestIdOf(sent[5])]);
      expect(ids(await logOf(key, '?error_code=API_VALIDATION_ERROR'))).toEqual([requestIdOf(sent[5])]);
      expect(ids(await logOf(key, `?request_id=${requestIdOf(sent[2])}`))).toEqual([requestIdOf(sent[2])]);
      expect(
        ids(await logOf(key, `?created_after=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)),
      ).toEqual([]);
      expect(
        ids(
          await logOf(
            key,
            `?created_after=${encodeURIComponent(before.toISOString())}&created_before=` +
              `${encodeURIComponent(new Date().toISOString())}&limit=100`,
          ),
        ),
      ).toHaveLength(7);

      // Newest first, two at a time; then from the oldest towards the newest, as `logs tail` does.
      const first = await logOf(key, '?route=/v2/invoices/:id&limit=2');
      expect([ids(first), first.body.has_more]).toEqual([[requestIdOf(sent[4]), requestIdOf(sent[3])], true]);
      const second = await logOf(key, `?route=/v2/invoices/:id&limit=2&starting_after=${first.body.data[1].id}`);
      expect([ids(second), second.body.has_more]).toEqual([[requestIdOf(sent[2]), requestIdOf(sent[1])], true]);
      const oldest = (await logOf(key, '?route=/v2/invoices/:id&limit=100')).body.data.at(-1);
      const newer = await logOf(key, `?route=/v2/invoices/:id&limit=2&ending_before=${oldest.id}`);
      expect([ids(newer), newer.body.has_more]).toEqual([[requestIdOf(sent[2]), requestIdOf(sent[1])], true]);
    },
  );

  it(
    'shows a business and mode only its own requests, ' + 'and does not log unauthenticated requests or its own reads',
    async () => {
      const marker = `iso-${randomUUID()}`;
      await api(a.test.secret_key, 'POST', '/customers', { reference_id: marker, given_names: 'Budi' });
      await api(undefined, 'GET', '/v2/invoices');
      await api('xnd_development_unknownkey000000000000000000', 'GET', '/v2/invoices');
      await gateway.app.get(RequestLogWriter).flush();
      const text = async (key: string) => JSON.stringify((await logOf(key, '?limit=100')).body);
      expect(await text(a.test.secret_key)).toContain(marker);
      expect(await text(a.live.secret_key)).not.toContain(marker);
      expect(await text(b.test.secret_key)).not.toContain(marker);
      expect((await logOf(b.test.secret_key)).body).toEqual({ data: [], has_more: false });
      const { rows } = await gateway.db.pool.query<{ route: string; status: number }>(
        'SELECT route, status FROM api_request_log',
      );
      expect(rows.filter((row) => row.status === 401 || row.route === '/request_logs')).toEqual([]);
    },
  );

  it('answers bad filters with 400 and the field, never a 500', async () => {
    for (const query of [
      '?status_class=6xx',
      '?status=99',
      '?status=abc',
      '?limit=0',
      '?limit=101',
      '?method=TRACE',
      '?route=v2/invoices',
      '?error_code=lower',
      '?request_id=%3Cscript%3E',
      '?created_after=yesterday',
      '?starting_after=rlog_x',
      `?starting_after=rlog_${'0'.repeat(32)}`,
      `?ending_before=rlog_${'0'.repeat(32)}`,
      `?starting_after=rlog_${'0'.repeat(32)}&ending_before=rlog_${'1'.repeat(32)}`,
      '?status_class=4xx&status=404',
      `?route=/${'x'.repeat(300)}`,
    ]) {
      const answer = await logOf(a.test.secret_key, query);
      expect({
        query,
        status: answer.status,
        error_code: answer.body?.error_code,
        message: typeof answer.body?.message,
      }).toEqual({
        query,
        status: 400,
        error_code: 'API_VALIDATION_ERROR',
        message: 'string',
      });
    }
  });
});

describe('the request log in the dashboard', () => {
  let gateway: TestApp;
  let business: ProvisionedBusiness;
  let dashboard: DashboardClient;

  beforeAll(async () => {
    gateway = await startTestApp();
    business = await provisionBusiness(gateway.app);
    const viewer = await createDashboardUser(gateway.app, business.business_id, 'viewer');
    dashboard = new DashboardClient(gateway.baseUrl);
    expect((await dashboard.signIn(viewer.email, TEST_PASSWORD)).status).toBe(303);
  }, 60_000);
  afterAll(async () => gateway?.close());

  it("is linked from a transaction's history, and lists, filters and shows the request", async () => {
    const api = (method: string, path: string, body?: unknown) =>
      call(gateway.baseUrl, business.test.secret_key, method, path, { body });
    const created = await api('POST', '/v2/invoices', {
      external_id: `dash-${randomUUID()}`,
      payer_email: 'payer@example.com',
      description: 'Order 9',
      amount: 90_000,
    });
    const refused = await api('POST', '/v2/invoices', { external_id: 'x', amount: -1 });
    const requestId = created.headers.get('request-id')!;
    await gateway.app.get(RequestLogWriter).flush();

    const detail = await eventually(
      () => dashboard.get(`/dashboard/transactions/invoices/${created.body.id}`),
      (page) => page.status === 200 && page.text.includes('request-log-link'),
    );
    const link = `/dashboard/request-log?request_id=${encodeURIComponent(requestId)}`;
    expect(detail.text).toContain(`href="${link}"`);
    const followed = await dashboard.get(link);
    expect(followed.status).toBe(200);
    expect(followed.text).toContain(`data-request-id="${requestId}"`);
    expect(followed.text).toContain('POST /v2/invoices');
    expect(followed.text).not.toContain(refused.headers.get('request-id')!);

    const failures = await dashboard.get('/dashboard/request-log?status_class=4xx');
    const statuses = [...failures.text.matchAll(/data-status="(\d+)"/g)].map((match) => Number(match[1]));
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status >= 400 && status < 500)).toBe(true);
    expect(failures.text).toContain(refused.headers.get('request-id')!);
    expect(failures.text).toContain('API_VALIDATION_ERROR');

    for (const bad of ['?status_class=9xx', '?from=yesterday', '?request_id=%3Cb%3E', '?before=rlog_1']) {
      const page = await dashboard.get(`/dashboard/request-log${bad}`);
      expect({ bad, status: page.status }).toEqual({ bad, status: 400 });
    }
  });
});

describe('the request log stays bounded', () => {
  let gateway: TestApp;
  let business: ProvisionedBusiness;

  beforeAll(async () => {
    gateway = await startTestApp({ env: { REQUEST_LOG_MAX_ROWS: '10', REQUEST_LOG_RETENTION_DAYS: '1' } });
    business = await provisionBusiness(gateway.app);
  }, 60_000);
  afterAll(async () => gateway?.close());

  it('forgets entries past retention, then the oldest beyond REQUEST_LOG_MAX_ROWS', async () => {
    const sent: string[] = [];
    for (let i = 0; i < 15; i++)
      sent.push(
        (await call(gateway.baseUrl, business.test.secret_key, 'GET', `/v2/invoices/old-${i}`)).headers.get(
          'request-id',
        )!,
      );
    await gateway.app.get(RequestLogWriter).flush();
    // The first three were stored two days ago.
    await gateway.db.pool.query(
      `UPDATE api_request_log SET created_at = now() - interval '2 days' WHERE request_id = ANY($1)`,
      [sent.slice(0, 3)],
    );

    expect(await gateway.app.get(RequestLogSweeper).sweep()).toEqual({ expired: 3, overCap: 2 });
    const { rows } = await gateway.db.pool.query<{ request_id: string }>(
      'SELECT request_id FROM api_request_log ORDER BY seq',
    );
    expect(rows.map((row) => row.request_id)).toEqual(sent.slice(5));
    expect(await gateway.app.get(RequestLogSweeper).sweep()).toEqual({ expired: 0, overCap: 0 });
  });
});
