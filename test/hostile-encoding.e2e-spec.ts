import type { ProvisionedBusiness } from '@gateway/accounts';
import { randomUUID } from 'node:crypto';
import { PNG_BYTES, uploadFile } from './support/files';
import { rawRequest } from './support/raw-request';
import { recurringRequest } from './support/recurring';
import { startTestApp, type TestApp } from './support/test-app';
import { basicAuth, call, provisionBusiness } from './support/test-business';

/**
 * The audit of 2026-11-29 (docs/decisions.md, "Encodings, content types and times refused at the
 * edge"): percent-escapes that are not UTF-8, in the query and in the path; bodies of a content
 * type no parser reads; times the lenient `new Date()` would have guessed; an http callback URL
 * in live mode. Each is refused with the spec's error body naming the input; beside each, what a
 * real client sends keeps working. Requests go over node:http with the path as written: fetch
 * re-encodes or refuses some of these bytes.
 */

/** Escapes that decode to no UTF-8 text: a lone surrogate, a truncated sequence, an overlong `/`. */
const UNDECODABLE = ['%ED%A0%80', '%E0%A4%A', '%C0%AF'];

describe('encodings, content types and times refused at the edge', () => {
  let gateway: TestApp;
  let business: ProvisionedBusiness;

  beforeAll(async () => {
    gateway = await startTestApp();
    business = await provisionBusiness(gateway.app);
  });
  afterAll(() => gateway?.close());

  const auth = (key = business.test.secret_key) => ({ authorization: basicAuth(key) });
  const raw = (method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}) =>
    rawRequest(gateway.baseUrl, method, path, { ...options, headers: { ...auth(), ...options.headers } });
  const api = (method: string, path: string, body?: unknown) =>
    call(gateway.baseUrl, business.test.secret_key, method, path, { body });
  const created = async (path: string, body: Record<string, unknown>) => {
    const answer = await api('POST', path, body);
    if (answer.status >= 300) throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const invoice = (extra: Record<string, unknown> = {}) =>
    created('/v2/invoices', {
      external_id: `enc-${randomUUID()}`,
      payer_email: 'payer@example.com',
      description: 'Order',
      amount: 50_000,
      ...extra,
    });

  const idsOf = (list: unknown) => (list as { id: string }[]).map((item) => item.id);

  /** A 400 API_VALIDATION_ERROR whose first issue names `field` at `location`. */
  const expectRefused = (
    answer: { status: number; body: any },
    field: string[],
    location: 'body' | 'query' | 'path' | 'header',
  ) => {
    expect({ status: answer.status, code: answer.body?.error_code }).toEqual({
      status: 400,
      code: 'API_VALIDATION_ERROR',
    });
    expect(answer.body.errors[0]).toMatchObject({ field, location });
    expect(answer.body.errors[0].messages.length).toBeGreaterThan(0);
  };

  describe('query strings whose escapes are not UTF-8', () => {
    it.each(UNDECODABLE)('refuses external_id=%s on GET /v2/invoices and GET /disbursements', async (escape) => {
      expectRefused(await raw('GET', `/v2/invoices?external_id=${escape}`), ['external_id'], 'query');
      expectRefused(await raw('GET', `/disbursements?limit=5&external_id=${escape}`), ['external_id'], 'query');
    });

    it('names no parameter when the name itself does not decode, and refuses NUL', async () => {
      expectRefused(await raw('GET', '/v2/invoices?%ED%A0%80=1'), [], 'query');
      const nul = await raw('GET', '/v2/invoices?external_id=a%00b');
      expectRefused(nul, ['external_id'], 'query');
      expect(nul.body.errors[0].types).toEqual(['noNulCharacter']);
    });

    it('still reads what xendit-node sends: values it did not encode, `+` as a space, UTF-8 escapes', async () => {
      const spaced = await invoice({ external_id: `order ${randomUUID()}` });
      // xendit-node puts the value in the URL as it is: the URL parser escapes the space, `&` still splits.
      const found = await fetch(`${gateway.baseUrl}/v2/invoices?external_id=${spaced.external_id}&limit=5`, {
        headers: auth(),
      });
      expect(found.status).toBe(200);
      expect(idsOf(await found.json())).toEqual([spaced.id]);
      const plus = await raw('GET', `/v2/invoices?external_id=${spaced.external_id.replace(' ', '+')}`);
      expect(plus.status).toBe(200);
      expect(idsOf(plus.body)).toEqual([spaced.id]);
      const accented = await invoice({ external_id: `pesanan-é-${randomUUID()}` });
      const byEscape = await fetch(`${gateway.baseUrl}/v2/invoices?external_id=${accented.external_id}`, {
        headers: auth(),
      });
      expect(idsOf(await byEscape.json())).toEqual([accented.id]);
      const ampersand = await fetch(`${gateway.baseUrl}/v2/invoices?external_id=a&b&limit=5`, { headers: auth() });
      expect(ampersand.status).toBe(200);
      // A % that starts no escape is the character % (the value as the merchant wrote it).
      const percent = await invoice({ external_id: `promo-50%-${randomUUID()}` });
      const byPercent = await raw('GET', `/v2/invoices?external_id=${percent.external_id}`);
      expect(byPercent.status).toBe(200);
      expect(idsOf(byPercent.body)).toEqual([percent.id]);
    });
  });

  describe('path segments whose escapes are not UTF-8', () => {
    it.each([...UNDECODABLE, '%'])(
      'refuses %s as an invoice id on GET and a customer id on PATCH, naming the id',
      async (escape) => {
        expectRefused(await raw('GET', `/v2/invoices/${escape}`), ['id'], 'path');
        const patch = await raw('PATCH', `/customers/${escape}`, {
          headers: { 'content-type': 'application/json' },
          body: '{"description":"x"}',
        });
        expectRefused(patch, ['id'], 'path');
      },
    );
  });

  describe('bodies no parser reads', () => {
    const patchAs = (path: string, contentType: string, body: string) =>
      raw('PATCH', path, { headers: { 'content-type': contentType }, body });
    const expectUnsupported = (answer: { status: number; body: any }, type: string) => {
      expect({ status: answer.status, code: answer.body?.error_code }).toEqual({
        status: 415,
        code: 'UNSUPPORTED_CONTENT_TYPE_ERROR',
      });
      expect(answer.body.message).toContain(type);
    };

    it('refuses a text/plain or XML PATCH with 415 and changes nothing', async () => {
      const code = await created('/fixed_payment_code', {
        external_id: `fpc-${randomUUID()}`,
        retail_outlet_name: 'ALFAMART',
        name: 'Budi',
        expected_amount: 20_000,
      });
      const va = await created('/callback_virtual_accounts', {
        external_id: `va-${randomUUID()}`,
        bank_code: 'BCA',
        name: 'Budi',
      });
      const customer = await created('/customers', {
        reference_id: `ref-${randomUUID()}`,
        given_names: 'Budi',
        email: 'budi@example.com',
      });
      const recurring = await created('/recurring_payments', recurringRequest());
      const patches: [string, string][] = [
        [`/fixed_payment_code/${code.id}`, '{"name":"Changed"}'],
        [`/callback_virtual_accounts/${va.id}`, '{"name":"Changed"}'],
        [`/customers/${customer.id}`, '{"description":"Changed"}'],
        [`/recurring_payments/${recurring.id}`, '{"description":"Changed"}'],
      ];
      for (const [path, body] of patches) {
        expectUnsupported(await patchAs(path, 'text/plain', body), 'text/plain');
        expectUnsupported(await patchAs(path, 'application/xml', '<name>Changed</name>'), 'application/xml');
      }
      expect((await api('GET', `/fixed_payment_code/${code.id}`)).body.name).toBe('Budi');
      expect((await api('GET', `/callback_virtual_accounts/${va.id}`)).body.name).toBe('Budi');
    });

    it('answers a body without a content type with 415 too, and the charset refusal alike', async () => {
      const none = await raw('POST', '/v2/invoices', { body: '{"external_id":"x"}' });
      expectUnsupported(none, 'no content type');
      const latin1 = await raw('POST', '/v2/invoices', {
        headers: { 'content-type': 'application/json; charset=latin1' },
        body: '{}',
      });
      expect({ status: latin1.status, code: latin1.body.error_code }).toEqual({
        status: 415,
        code: 'UNSUPPORTED_CONTENT_TYPE_ERROR',
      });
    });

    it('still takes a bodiless POST (xendit-node expire!), a multipart upload and a hosted page form', async () => {
      // xendit-node's expireInvoice: POST with no body and no content type (node-fetch sends Content-Length: 0).
      const expiring = await invoice();
      const expired = await raw('POST', `/invoices/${expiring.id}/expire!`, { headers: { 'content-length': '0' } });
      expect({ status: expired.status, state: expired.body.status }).toEqual({ status: 200, state: 'EXPIRED' });

      const upload = await uploadFile(gateway.baseUrl, business.test.secret_key, {
        bytes: PNG_BYTES,
        type: 'image/png',
      });
      expect(upload.status).toBe(200);

      const paying = await invoice({ payment_methods: ['BCA'] });
      const page = await fetch(`${gateway.baseUrl}/web/invoices/${paying.id}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'channel=BCA',
        redirect: 'manual',
      });
      expect(page.status).toBeGreaterThanOrEqual(300);
      expect(page.status).toBeLessThan(400);
    });
  });

  describe('times only ISO 8601 describes', () => {
    const LENIENT = ['-1', '1.5', 'Tue%20Mar%2005', '2026-W48', '2026-11', '2026-11-01', '2026-11-01T10:00:00'];

    it.each(LENIENT)('refuses from=%s on the delivery summary and created_after on the logs', async (value) => {
      expectRefused(await raw('GET', `/callback_deliveries/summary?from=${value}`), ['from'], 'query');
      expectRefused(await raw('GET', `/callback_deliveries?created_after=${value}`), ['created_after'], 'query');
      expectRefused(await raw('GET', `/request_logs?created_after=${value}`), ['created_after'], 'query');
      expectRefused(await raw('GET', `/v2/invoices?created_after=${value}`), ['created_after'], 'query');
    });

    it('refuses a number as `since` of resend_failed and `filter.from` of a report', async () => {
      expectRefused(await api('POST', '/callback_deliveries/resend_failed', { since: 123 }), ['since'], 'body');
      const report = (from: unknown) =>
        api('POST', '/reports', {
          type: 'TRANSACTIONS',
          currency: 'IDR',
          filter: { from, to: '2026-11-20T00:00:00Z' },
        });
      expectRefused(await report('Sun Nov 01 2026'), ['filter', 'from'], 'body');
      expectRefused(await report(1_793_491_200_000), ['filter', 'from'], 'body');
    });

    it('takes a date-time with Z or an offset, with or without a fraction', async () => {
      for (const from of ['2026-11-01T00:00:00Z', '2026-11-01T07:00:00.123%2B07:00']) {
        expect((await raw('GET', `/callback_deliveries/summary?from=${from}`)).status).toBe(200);
        expect((await raw('GET', `/v2/invoices?created_after=${from}`)).status).toBe(200);
      }
      const report = await api('POST', '/reports', {
        type: 'TRANSACTIONS',
        currency: 'IDR',
        filter: { from: '2026-11-01T07:00:00+07:00', to: '2026-11-20T00:00:00Z' },
      });
      expect(report.status).toBe(200);
    });
  });

  describe('dates in bodies JavaScript cannot read', () => {
    const later = new Date(Date.now() + 86_400_000 * 400);
    const day = later.toISOString().slice(0, 10);
    const year = day.slice(0, 4);
    const bodies: [string, (date: string) => Record<string, unknown>][] = [
      [
        '/callback_virtual_accounts',
        (date) => ({ external_id: `va-${randomUUID()}`, bank_code: 'BNI', name: 'Ani', expiration_date: date }),
      ],
      [
        '/fixed_payment_code',
        (date) => ({
          external_id: `fpc-${randomUUID()}`,
          retail_outlet_name: 'ALFAMART',
          name: 'Ani',
          expected_amount: 20_000,
          expiration_date: date,
        }),
      ],
      ['/recurring_payments', (date) => recurringRequest({ start_date: date })],
      [
        '/ewallets',
        (date) => ({
          external_id: `dana-${randomUUID()}`,
          amount: 20_000,
          ewallet_type: 'DANA',
          callback_url: 'https://shop.example/cb',
          redirect_url: 'https://shop.example/back',
          expiration_date: date,
        }),
      ],
    ];

    // Week, ordinal and basic-format dates: ISO 8601, but an Invalid Date in JavaScript (they were 500s).
    it.each([`${year}-W10`, `${year}-W10-1`, `${year}-100`, `${year}0301`])('refuses %s with a 400', async (date) => {
      for (const [path, body] of bodies) {
        const answer = await api('POST', path, body(date));
        const field = path === '/recurring_payments' ? 'start_date' : 'expiration_date';
        // eWallet validation answers 422, as its spec table says.
        expect({ path, status: answer.status, code: answer.body.error_code }).toEqual({
          path,
          status: path === '/ewallets' ? 422 : 400,
          code: 'API_VALIDATION_ERROR',
        });
        expect(answer.body.errors.map((issue: { field: string[] }) => issue.field.join('.'))).toContain(field);
      }
    });

    it('takes a calendar date and a date-time', async () => {
      for (const [path, body] of bodies) {
        for (const date of [day, later.toISOString()]) {
          const answer = await api('POST', path, body(date));
          expect({ path, date, status: answer.status }).toEqual({ path, date, status: 200 });
        }
      }
    });
  });

  describe('callback URLs in live mode', () => {
    it('names `url` when an http URL is set with a live key', async () => {
      const answer = await call(gateway.baseUrl, business.live.secret_key, 'POST', '/callback_urls/invoice', {
        body: { url: 'http://shop.example.com/callbacks' },
      });
      expectRefused(answer, ['url'], 'body');
      const https = await call(gateway.baseUrl, business.live.secret_key, 'POST', '/callback_urls/invoice', {
        body: { url: 'https://shop.example.com/callbacks' },
      });
      expect(https.status).toBe(200);
    });
  });
});
