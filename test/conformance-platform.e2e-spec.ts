import { AdvanceTestClockCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { CommandBus } from '@nestjs/cqrs';
import { request as httpRequest } from 'node:http';
import Xendit from 'xendit-node';
import { randomUUID } from 'node:crypto';
import { TEST_CARDS, tokenize } from './support/cards';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';

/**
 * Issue 19 (conformance), money out and platform: each test is one row of
 * ../shared/spec/money-out-and-platform.md (or the issue's item) that the gateway answered
 * differently before, checked over HTTP against the real app.
 */
const csvRows = (text: string) =>
  text
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

describe('conformance, money out and platform (issue 19)', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  const api = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    key = merchant.test.secret_key,
  ) => call(gateway.baseUrl, key, method, path, { body, headers });

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
  });
  afterAll(async () => gateway?.close());

  describe('item 15: account API version settings', () => {
    it('refuses an unknown resource or version with 400 naming it', async () => {
      for (const [versions, field] of [
        [{ invoices: '2020-10-31' }, 'invoices'],
        [{ customers: '2021-01-01' }, 'customers'],
        [{ customers: 'latest' }, 'customers'],
      ] as const) {
        const answer = await api('PATCH', '/settings', { api_versions: versions });
        expect({ versions, status: answer.status, code: answer.body.error_code }).toEqual({
          versions,
          status: 400,
          code: 'API_VALIDATION_ERROR',
        });
        expect(answer.body.errors).toEqual([
          expect.objectContaining({ field: ['api_versions', field], location: 'body' }),
        ]);
      }
      expect((await api('GET', '/settings')).body.api_versions).toEqual({});
    });

    it('sets one resource without dropping the others, and null resets one to the default', async () => {
      const business = await provisionBusiness(gateway.app);
      const as = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
        call(gateway.baseUrl, business.test.secret_key, method, path, { body, headers });
      expect((await as('PATCH', '/settings', { api_versions: { customers: '2020-10-31' } })).status).toBe(200);
      const both = await as('PATCH', '/settings', { api_versions: { ewallets: '2019-02-04' } });
      expect(both.body.api_versions).toEqual({ customers: '2020-10-31', ewallets: '2019-02-04' });
      // The account default applies to requests without a header: the 2020-10-31 list shape.
      expect(Array.isArray((await as('GET', '/customers?reference_id=nobody')).body)).toBe(false);

      const reset = await as('PATCH', '/settings', { api_versions: { customers: null } });
      expect(reset.status).toBe(200);
      expect(reset.body.api_versions).toEqual({ ewallets: '2019-02-04' });
      expect((await as('GET', '/settings')).body.api_versions).toEqual({ ewallets: '2019-02-04' });
      // Back to the fallback (2020-05-19): the bare array.
      expect((await as('GET', '/customers?reference_id=nobody')).body).toEqual([]);
    });
  });

  describe('item 21: reports', () => {
    async function report(type: string, business = merchant) {
      const created = await call(gateway.baseUrl, business.test.secret_key, 'POST', '/reports', { body: { type } });
      const done = await eventually(
        () => call(gateway.baseUrl, business.test.secret_key, 'GET', `/reports/${created.body.id}`),
        (r) => r.body.status !== 'PENDING',
        20_000,
      );
      expect(done.body.status).toBe('COMPLETED');
      return csvRows(await (await fetch(done.body.url)).text());
    }

    it(
      'UPCOMING_TRANSACTIONS rows carry their expected time; ' + 'the TRANSACTIONS CSV shows the merchant external_id',
      async () => {
        const business = await provisionBusiness(gateway.app);
        const as = (method: string, path: string, body?: unknown) =>
          call(gateway.baseUrl, business.test.secret_key, method, path, { body });
        // Saturday 17:00 in Jakarta on the business's clock: a T+1 payout (above 100,000,000) waits for Monday 08:00.
        const now = new Date();
        const saturday = new Date(
          Date.UTC(
            now.getUTCFullYear(),
            now.getUTCMonth(),
            now.getUTCDate() + ((6 - now.getUTCDay() + 7) % 7 || 7),
            10,
          ),
        );
        await gateway.app.get(CommandBus).execute(
          new AdvanceTestClockCommand(business.business_id, saturday.getTime() - Date.now(), {
            requestId: 'req_conformance',
            actor: 'system:test',
          }),
        );
        expect((await as('POST', '/balance/top_up', { amount: 200_000_000 })).status).toBe(200);
        const invoiceId = `inv-${randomUUID()}`;
        const paid = await as('POST', '/v2/invoices', {
          external_id: invoiceId,
          payer_email: 'payer@example.com',
          description: 'Order',
          amount: 3_000_000,
          payment_methods: ['BNI'],
        });
        expect(paid.body.status).toBe('PAID');
        const payoutId = `payout-${randomUUID()}`;
        const payout = await as('POST', '/disbursements', {
          external_id: payoutId,
          bank_code: 'BNI',
          account_holder_name: 'Budi',
          account_number: '1234567890',
          description: 'Supplier',
          amount: 150_000_000,
        });
        expect(payout.status).toBe(200);

        const upcoming = await report('UPCOMING_TRANSACTIONS', business);
        const column = (name: string) => upcoming[0].indexOf(name);
        const byDirection = Object.fromEntries(upcoming.slice(1).map((row) => [row[column('direction')], row]));
        expect(Object.keys(byDirection).sort()).toEqual(['INCOMING', 'OUTGOING']);
        expect(byDirection.INCOMING[column('external_id')]).toBe(invoiceId);
        expect(byDirection.OUTGOING[column('external_id')]).toBe(payoutId);
        // Money in: settlement after the bank's delay (1 h); money out: the next T+1 window, Monday 08:00 in Jakarta
        // (01:00 UTC).
        expect(Date.parse(byDirection.INCOMING[column('expected_at')])).toBeGreaterThan(saturday.getTime());
        const monday = new Date(saturday.getTime() + 2 * 86_400_000);
        expect(byDirection.OUTGOING[column('expected_at')]).toBe(
          new Date(Date.UTC(monday.getUTCFullYear(), monday.getUTCMonth(), monday.getUTCDate(), 1)).toISOString(),
        );

        const transactions = await report('TRANSACTIONS', business);
        const externalIdColumn = transactions[0].indexOf('external_id');
        expect(externalIdColumn).toBeGreaterThanOrEqual(0);
        const references = transactions.slice(1).map((row) => row[externalIdColumn]);
        expect(references).toEqual(expect.arrayContaining([invoiceId, payoutId]));
        for (const reference of references)
          expect(reference).not.toMatch(/^(invoice|disbursement|balance|topup|ledger)-/);
      },
    );

    it('GET /reports/{malformed id} → 404 REPORT_NOT_FOUND_ERROR, like any unknown id', async () => {
      for (const id of ['not-a-report', 'report_123', `report_${randomUUID()}`]) {
        const answer = await api('GET', `/reports/${id}`);
        expect({ id, status: answer.status, code: answer.body.error_code }).toEqual({
          id,
          status: 404,
          code: 'REPORT_NOT_FOUND_ERROR',
        });
      }
    });
  });

  describe('item 22: customers 2020-10-31', () => {
    const V2 = { 'api-version': '2020-10-31' };
    const createPerson = async () => {
      const created = await api(
        'POST',
        '/customers',
        {
          reference_id: `ref-${randomUUID()}`,
          type: 'INDIVIDUAL',
          individual_detail: { given_names: 'Budi', surname: 'Santoso', gender: 'MALE' },
          identity_accounts: [
            {
              type: 'BANK_ACCOUNT',
              company: 'BCA',
              country: 'ID',
              properties: { account_number: '1234567890', account_holder_name: 'Budi Santoso' },
            },
          ],
        },
        V2,
      );
      expect(created.status).toBe(200);
      return created.body.id as string;
    };

    it(
      'a PATCH that changes individual_detail.given_names changes it, ' +
        'also sent flat as xendit-node 1.22.0 sends it',
      async () => {
        const id = await createPerson();
        const patched = await api(
          'PATCH',
          `/customers/${id}`,
          { individual_detail: { given_names: 'Andi', surname: 'Santoso', gender: 'MALE' } },
          V2,
        );
        expect(patched.body.individual_detail).toMatchObject({
          given_names: 'Andi',
          surname: 'Santoso',
          gender: 'MALE',
        });

        // The public client, unchanged: `updateCustomer({ apiVersion: '2020-10-31', givenNames })` sends `given_names`
        // flat.
        const x = new Xendit({ secretKey: merchant.test.secret_key, xenditURL: gateway.baseUrl });
        const customers = new x.Customer({});
        const updated: any = await customers.updateCustomer({ id, givenNames: 'Citra', apiVersion: '2020-10-31' });
        expect(updated.individual_detail).toMatchObject({ given_names: 'Citra', surname: 'Santoso', gender: 'MALE' });
        expect((await api('GET', `/customers/${id}`, undefined, V2)).body.individual_detail).toMatchObject({
          given_names: 'Citra',
          surname: 'Santoso',
          gender: 'MALE',
        });
      },
    );

    it('flat name fields on a BUSINESS customer are refused, as individual_detail would be', async () => {
      const company = await api(
        'POST',
        '/customers',
        {
          reference_id: `biz-${randomUUID()}`,
          type: 'BUSINESS',
          business_detail: { business_name: 'Warung Kopi', business_type: 'SOLE_PROPRIETOR' },
          identity_accounts: [],
        },
        V2,
      );
      const refused = await api('PATCH', `/customers/${company.body.id}`, { given_names: 'Kopi' }, V2);
      expect([refused.status, refused.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
    });
  });

  describe('item 23: one public base URL for every absolute link', () => {
    async function links(app: TestApp, business: ProvisionedBusiness) {
      const as = (method: string, path: string, body?: unknown, key = business.test.secret_key) =>
        call(app.baseUrl, key, method, path, { body });
      const invoice = await as('POST', '/v2/invoices', {
        external_id: `inv-${randomUUID()}`,
        payer_email: 'payer@example.com',
        description: 'Order',
        amount: 150_000,
      });
      const plan = await as('POST', '/recurring_payments', {
        external_id: `rec-${randomUUID()}`,
        payer_email: 'payer@example.com',
        description: 'Plan',
        amount: 50_000,
        interval: 'MONTH',
        interval_count: 1,
      });
      const planRead = await eventually(
        () => as('GET', `/recurring_payments/${plan.body.id}`),
        (r) => r.body.last_created_invoice_url !== undefined,
      );
      const checkout = await as('POST', '/ewallets', {
        ewallet_type: 'DANA',
        external_id: `dana-${randomUUID()}`,
        amount: 20_000,
        callback_url: 'https://shop.example/cb',
        redirect_url: 'https://shop.example/done',
      });
      const token = await tokenize(app.baseUrl, business.test.public_key, TEST_CARDS.enrolledVisa, { amount: 25_000 });
      const created = await as('POST', '/reports', { type: 'BALANCE_HISTORY' });
      const done = await eventually(
        () => as('GET', `/reports/${created.body.id}`),
        (r) => r.body.status === 'COMPLETED',
        20_000,
      );
      return {
        invoice_url: invoice.body.invoice_url as string,
        last_created_invoice_url: planRead.body.last_created_invoice_url as string,
        checkout_url: checkout.body.checkout_url as string,
        payer_authentication_url: token.body.payer_authentication_url as string,
        report_url: done.body.url as string,
      };
    }

    it('without PUBLIC_BASE_URL: the scheme and host the request came to', async () => {
      const found = await links(gateway, merchant);
      for (const [name, url] of Object.entries(found))
        expect({ name, url }).toEqual({
          name,
          url: expect.stringMatching(new RegExp(`^${gateway.baseUrl.replace(/\./g, '\\.')}/`)),
        });
    });

    it('with PUBLIC_BASE_URL: that address, whatever host the request came to', async () => {
      const configured = await startTestApp({ env: { PUBLIC_BASE_URL: 'https://pay.example.com/' } });
      try {
        const found = await links(configured, await provisionBusiness(configured.app));
        for (const [name, url] of Object.entries(found))
          expect({ name, url }).toEqual({ name, url: expect.stringMatching(/^https:\/\/pay\.example\.com\/[a-z0-9]/) });
      } finally {
        await configured.close();
      }
    });
  });
});

/** Sends a request Node's HTTP client builds (big headers included) and returns status, headers and body text. */
function rawRequest(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const url = new URL(path, baseUrl);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>(
    (resolve, reject) => {
      const outgoing = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end(options.body);
    },
  );
}

describe('conformance, item 17: rate-limit headers and Request-ID on every response', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;

  beforeAll(async () => {
    gateway = await startTestApp({ env: { BODY_LIMIT: '2kb', RATE_LIMIT_IP_PER_MINUTE: '1000' } });
    merchant = await provisionBusiness(gateway.app);
  });
  afterAll(async () => gateway?.close());

  const expectEdgeHeaders = (what: string, headers: Record<string, string | string[] | undefined>) => {
    expect({ what, requestId: headers['request-id'] }).toEqual({ what, requestId: expect.stringMatching(/^req_/) });
    for (const name of ['rate-limit-limit', 'rate-limit-remaining', 'rate-limit-reset'])
      expect({ what, name, value: headers[name] }).toEqual({ what, name, value: expect.stringMatching(/^\d+$/) });
  };
  const auth = () => ({ authorization: `Basic ${Buffer.from(`${merchant.test.secret_key}:`).toString('base64')}` });

  it('on body-parse errors: 400 INVALID_JSON_FORMAT, 413, 415', async () => {
    const cases = [
      {
        what: 'bad JSON',
        headers: { 'content-type': 'application/json' },
        body: '{"amount": ',
        status: 400,
        code: 'INVALID_JSON_FORMAT',
      },
      {
        what: 'too large',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ description: 'x'.repeat(4096) }),
        status: 413,
        code: 'REQUEST_ENTITY_TOO_LARGE',
      },
      {
        what: 'unsupported charset',
        headers: { 'content-type': 'application/json; charset=no-such-charset' },
        body: '{}',
        status: 415,
        code: 'UNSUPPORTED_CONTENT_TYPE_ERROR',
      },
    ];
    for (const { what, headers, body, status, code } of cases) {
      const answer = await rawRequest(gateway.baseUrl, '/v2/invoices', {
        method: 'POST',
        headers: { ...auth(), ...headers },
        body,
      });
      expect({ what, status: answer.status, code: JSON.parse(answer.text).error_code }).toEqual({ what, status, code });
      expectEdgeHeaders(what, answer.headers);
    }
  });

  it('on oversized headers: 431 with a JSON error_code and message', async () => {
    const answer = await rawRequest(gateway.baseUrl, '/v2/invoices', {
      headers: { ...auth(), 'x-padding': 'p'.repeat(20_000) },
    });
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.text)).toEqual({
      error_code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
      message: expect.any(String),
    });
    expectEdgeHeaders('431', answer.headers);
  });

  it('malformed requests count against the IP limit; /health and /ready are never rate limited', async () => {
    const limited = await startTestApp({ env: { RATE_LIMIT_IP_PER_MINUTE: '4' } });
    try {
      // The limit's windows are epoch-aligned minutes: five requests that straddle a minute's end
      // meet a new window (CI saw the fifth answered 401, twice; on a loaded machine five requests
      // can take seconds). Start in a minute's first half.
      const msLeftInMinute = 60_000 - (Date.now() % 60_000);
      if (msLeftInMinute < 30_000) await new Promise((resolve) => setTimeout(resolve, msLeftInMinute + 100));
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push(
          (
            await rawRequest(limited.baseUrl, '/v2/invoices', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: '{"broken',
            })
          ).status,
        );
      }
      expect(statuses).toEqual([400, 400, 400, 400]);
      const next = await rawRequest(limited.baseUrl, '/v2/invoices');
      expect([next.status, JSON.parse(next.text).error_code]).toEqual([429, 'RATE_LIMIT_EXCEEDED']);
      for (const probe of ['/health', '/ready', '/health', '/ready']) {
        const answer = await rawRequest(limited.baseUrl, probe);
        expect({ probe, status: answer.status }).toEqual({ probe, status: 200 });
        expectEdgeHeaders(probe, answer.headers);
      }
    } finally {
      await limited.close();
    }
  });
});
