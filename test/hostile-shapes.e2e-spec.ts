import type { ProvisionedBusiness } from '@gateway/accounts';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';

/**
 * Values of the wrong shape inside lists and objects (docs/decisions.md, "Shapes inside lists and
 * objects"), over HTTP on the real app: an array where a list's element or a nested object
 * belongs, `-0` as an item price, an object, a list or null as a customer metadata value, a
 * cursor that names nothing. Each answers 400 `API_VALIDATION_ERROR` naming the field; what was
 * there before is unchanged; each route's well-shaped body is accepted (so the refusal is the
 * hostile value's doing).
 */

const V2 = { 'api-version': '2020-10-31' };
const LEGACY = { 'api-version': '2020-05-19' };
const EWALLETS = { 'x-api-version': '2020-02-01' };

describe('shapes inside lists and objects', () => {
  let gateway: TestApp;
  let business: ProvisionedBusiness;

  const uid = (prefix: string) => `${prefix}-${randomUUID()}`;
  const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    call(gateway.baseUrl, business.test.secret_key, method, path, { body, headers });
  const ok = <T extends { status: number; body: any }>(response: T, what: string): T => {
    if (response.status >= 300) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
    return response;
  };
  /** The refusal: 400 API_VALIDATION_ERROR whose `errors[]` names `field` (and only problems of that field). */
  const expectRefused = (
    response: { status: number; body: any },
    field: string[],
    location: 'body' | 'query' = 'body',
  ) => {
    expect({ status: response.status, error_code: response.body?.error_code }).toEqual({
      status: 400,
      error_code: 'API_VALIDATION_ERROR',
    });
    expect(response.body.errors).toContainEqual(
      expect.objectContaining({ field, location, messages: expect.any(Array), types: expect.any(Array) }),
    );
  };

  const invoiceBody = (overrides: Record<string, unknown> = {}) => ({
    external_id: uid('inv'),
    payer_email: 'payer@example.com',
    description: 'Order',
    amount: 50_000,
    items: [{ name: 'Coffee', quantity: 2, price: 25_000 }],
    ...overrides,
  });
  const customerV2 = (overrides: Record<string, unknown> = {}) => ({
    reference_id: uid('ref'),
    type: 'INDIVIDUAL',
    individual_detail: { given_names: 'Budi' },
    addresses: [{ country: 'ID', city: 'Jakarta' }],
    identity_accounts: [
      {
        type: 'BANK_ACCOUNT',
        company: 'BCA',
        country: 'ID',
        properties: { account_number: '1234567890', account_holder_name: 'Budi Santoso' },
      },
    ],
    kyc_documents: [{ country: 'ID', type: 'IDENTITY_CARD', sub_type: 'NATIONAL_ID', document_number: '3171' }],
    metadata: { segment: 'gold' },
    ...overrides,
  });
  const customerLegacy = (overrides: Record<string, unknown> = {}) => ({
    reference_id: uid('ref'),
    given_names: 'Budi',
    email: 'budi@example.com',
    addresses: [{ country: 'ID', city: 'Jakarta' }],
    metadata: { segment: 'gold' },
    ...overrides,
  });
  const linkaja = (items: unknown) => ({
    external_id: uid('linkaja'),
    amount: 40_000,
    phone: '081234567890',
    items,
    callback_url: 'https://shop.example/callbacks/linkaja',
    redirect_url: 'https://shop.example/done',
    ewallet_type: 'LINKAJA',
  });

  beforeAll(async () => {
    gateway = await startTestApp();
    business = await provisionBusiness(gateway.app);
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
  });

  describe('an array where a list element belongs', () => {
    it('POST /v2/invoices "items": [[]] is refused; well-shaped items are stored and the page shows them', async () => {
      expectRefused(await api('POST', '/v2/invoices', invoiceBody({ items: [[]] })), ['items', '0']);
      expectRefused(
        await api('POST', '/v2/invoices', invoiceBody({ items: [{ name: 'Tea', quantity: 1, price: 1 }, []] })),
        ['items', '1'],
      );
      const created = ok(await api('POST', '/v2/invoices', invoiceBody()), 'invoice');
      const read = ok(await api('GET', `/v2/invoices/${created.body.id}`), 'GET invoice');
      expect(read.body.items).toEqual([{ name: 'Coffee', quantity: 2, price: 25_000 }]);
      const page = await fetch(`${gateway.baseUrl}/web/invoices/${created.body.id}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('IDR 25,000');
    });

    it.each([
      ['2020-10-31', V2],
      ['2020-05-19', LEGACY],
      ['no header', {}],
    ])(
      'POST and PATCH /customers (%s): [[]] in each nested list is refused, the stored lists unchanged',
      async (_version, headers) => {
        const legacy = headers !== V2;
        const lists = legacy ? ['addresses'] : ['addresses', 'identity_accounts', 'kyc_documents'];
        const body = legacy ? customerLegacy : customerV2;
        for (const list of lists)
          expectRefused(await api('POST', '/customers', body({ [list]: [[]] }), headers), [list, '0']);
        const created = ok(await api('POST', '/customers', body(), headers), 'customer');
        for (const list of lists) {
          expectRefused(await api('PATCH', `/customers/${created.body.id}`, { [list]: [[]] }, headers), [list, '0']);
        }
        const read = ok(await api('GET', `/customers/${created.body.id}`, undefined, headers), 'GET customer');
        expect(read.body.addresses).toEqual([expect.objectContaining({ country: 'ID', city: 'Jakarta' })]);
        if (!legacy) expect(read.body.identity_accounts).toEqual([expect.objectContaining({ type: 'BANK_ACCOUNT' })]);
      },
    );

    it('POST /ewallets LINKAJA "items": [[]] is refused', async () => {
      expectRefused(await api('POST', '/ewallets', linkaja([[]]), EWALLETS), ['items', '0']);
      ok(
        await api(
          'POST',
          '/ewallets',
          linkaja([{ id: 'sku-1', name: 'Coffee', price: 40_000, quantity: 1 }]),
          EWALLETS,
        ),
        'LINKAJA',
      );
    });

    it('POST /batch_disbursements "disbursements": [[]] is a validation error, not an unknown bank code', async () => {
      const response = await api('POST', '/batch_disbursements', { reference: uid('batch'), disbursements: [[]] });
      expectRefused(response, ['disbursements', '0']);
    });
  });

  describe('an array where an object belongs', () => {
    it('POST /reports "filter": [] is refused', async () => {
      expectRefused(await api('POST', '/reports', { type: 'BALANCE_HISTORY', filter: [] }), ['filter']);
      ok(await api('POST', '/reports', { type: 'BALANCE_HISTORY', filter: {} }), 'report');
    });

    it('PATCH /settings "callback_urls": [] and a fee rule [] are refused, the settings unchanged', async () => {
      const callbackUrls = { invoice: 'https://shop.example/callbacks/invoice' };
      ok(await api('PATCH', '/settings', { callback_urls: callbackUrls }), 'settings');
      expectRefused(await api('PATCH', '/settings', { callback_urls: [] }), ['callback_urls']);
      expectRefused(await api('PATCH', '/settings', { fee_schedule: { OVO: [] } }), ['fee_schedule', 'OVO']);
      const read = ok(await api('GET', '/settings'), 'GET settings');
      expect(read.body.callback_urls).toEqual(expect.objectContaining(callbackUrls));
    });

    it('a nested object inside a nested object: individual_detail.employment [] is refused', async () => {
      const body = customerV2({ individual_detail: { given_names: 'Budi', employment: [] } });
      expectRefused(await api('POST', '/customers', body, V2), ['individual_detail', 'employment']);
    });
  });

  describe('-0 as an item price', () => {
    const raw = (body: Record<string, unknown>, price: string) =>
      JSON.stringify(body).replace('"price":1', `"price":${price}`);

    it.each(['-0', '-0.0'])('POST /v2/invoices items[].price %s is refused', async (price) => {
      const body = raw(invoiceBody({ items: [{ name: 'Coffee', quantity: 1, price: 1 }] }), price);
      expectRefused(await api('POST', '/v2/invoices', body), ['items', '0', 'price']);
    });

    it('POST /ewallets LINKAJA items[].price -0 is refused; 0 is a price', async () => {
      const body = raw(linkaja([{ id: 'sku-1', name: 'Gift', price: 1, quantity: 1 }]), '-0');
      expectRefused(await api('POST', '/ewallets', body, EWALLETS), ['items', '0', 'price']);
      const free = await api('POST', '/v2/invoices', invoiceBody({ items: [{ name: 'Gift', quantity: 1, price: 0 }] }));
      ok(free, 'invoice with a free item');
    });
  });

  describe('customer metadata values', () => {
    it.each([
      ['2020-10-31', V2],
      ['2020-05-19', LEGACY],
    ])(
      '(%s) objects, lists and null are refused on create and update; text, numbers and booleans kept',
      async (_version, headers) => {
        const body = headers === V2 ? customerV2 : customerLegacy;
        for (const value of [{}, [], null, { nested: 'x' }]) {
          expectRefused(await api('POST', '/customers', body({ metadata: { segment: value } }), headers), ['metadata']);
        }
        const metadata = { segment: 'gold', visits: 12, vip: true };
        const created = ok(await api('POST', '/customers', body({ metadata }), headers), 'customer');
        expect(created.body.metadata).toEqual(metadata);
        for (const value of [{}, [], null]) {
          const patch = await api('PATCH', `/customers/${created.body.id}`, { metadata: { segment: value } }, headers);
          expectRefused(patch, ['metadata']);
        }
        const read = ok(await api('GET', `/customers/${created.body.id}`, undefined, headers), 'GET customer');
        expect(read.body.metadata).toEqual(metadata);
      },
    );
  });

  describe('cursors', () => {
    it('GET /v2/invoices last_invoice_id: garbage and an unknown id are refused', async () => {
      const [older, newer] = [
        ok(await api('POST', '/v2/invoices', invoiceBody()), 'invoice').body,
        ok(await api('POST', '/v2/invoices', invoiceBody()), 'invoice').body,
      ];
      expectRefused(await api('GET', '/v2/invoices?last_invoice_id=!!garbage=='), ['last_invoice_id'], 'query');
      const unknown = await api('GET', `/v2/invoices?last_invoice_id=${'0'.repeat(24)}`);
      expectRefused(unknown, ['last_invoice_id'], 'query');
      expect(unknown.body.message).toContain('names no invoice');
      const other = await provisionBusiness(gateway.app);
      const theirs = await call(
        gateway.baseUrl,
        other.test.secret_key,
        'GET',
        `/v2/invoices?last_invoice_id=${newer.id}`,
      );
      expectRefused(theirs, ['last_invoice_id'], 'query');
      const next = ok(await api('GET', `/v2/invoices?limit=1&last_invoice_id=${newer.id}`), 'next page');
      expect(next.body.map((invoice: { id: string }) => invoice.id)).toEqual([older.id]);
      const oldest = ok(
        await api('GET', `/v2/invoices?external_id=${older.external_id}&last_invoice_id=${older.id}`),
        'end',
      );
      expect(oldest.body).toEqual([]);
    });

    it('GET /customers after_id (2020-10-31): garbage and an unknown id are refused', async () => {
      const created = ok(await api('POST', '/customers', customerV2(), V2), 'customer').body;
      const reference = created.reference_id as string;
      const find = (query: string) => api('GET', `/customers?reference_id=${reference}&${query}`, undefined, V2);
      expectRefused(await find('after_id=garbage'), ['after_id'], 'query');
      const unknown = await find(`after_id=cust-${randomUUID()}`);
      expectRefused(unknown, ['after_id'], 'query');
      expect(unknown.body.message).toContain('names no customer');
      const end = ok(await find(`after_id=${created.id}`), 'last page');
      expect(end.body).toEqual({ data: [], has_more: false });
    });
  });
});
