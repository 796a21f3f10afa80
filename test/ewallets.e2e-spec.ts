import { AdvanceTestClockCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';
import { WebhookReceiver } from './support/webhook-receiver';

/** POST /ewallets and GET /ewallets for the three wallet types, against the real app. */
describe('eWallet payments', () => {
  let gateway: TestApp;
  let receiver: WebhookReceiver;
  let merchant: ProvisionedBusiness;
  beforeAll(async () => {
    // EWALLET_SYNC_WAIT_MS: short enough to test the bound of the synchronous OVO answer, long enough for instant
    // decisions.
    gateway = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', EWALLET_SYNC_WAIT_MS: '4000' } });
    receiver = await WebhookReceiver.start();
    merchant = await provisionBusiness(gateway.app);
    expect((await api('POST', '/callback_urls/ewallet', { url: `${receiver.url}/ewallet` })).status).toBe(200);
  });
  afterAll(async () => {
    await receiver?.close();
    await gateway?.close();
  });

  function api(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    key = merchant.test.secret_key,
  ) {
    return call(gateway.baseUrl, key, method, path, { body, headers });
  }
  const advance = (business: ProvisionedBusiness, ms: number) =>
    gateway.app.get(CommandBus).execute(
      new AdvanceTestClockCommand(business.business_id, ms, {
        requestId: `req_${randomUUID()}`,
        actor: 'system:test',
      }),
    );
  const find = (externalId: string, type: string, key = merchant.test.secret_key) =>
    api('GET', `/ewallets?external_id=${encodeURIComponent(externalId)}&ewallet_type=${type}`, undefined, {}, key);
  const callbacksFor = (externalId: string) => receiver.received.filter((c) => c.json?.external_id === externalId);
  const waitForCallback = async (externalId: string) => {
    const found = await eventually(
      async () => callbacksFor(externalId),
      (list) => list.length > 0,
      20_000,
    );
    expect(found).toHaveLength(1);
    return found[0];
  };

  // it.each tables are built before beforeAll: requests built there never reach a receiver.
  const receiverUrl = () => receiver?.url ?? 'http://127.0.0.1:9';
  const ovo = (overrides: Record<string, unknown> = {}) => ({
    external_id: `ovo-${randomUUID()}`,
    amount: 100_000,
    phone: '081234567890',
    ewallet_type: 'OVO',
    ...overrides,
  });
  const dana = (overrides: Record<string, unknown> = {}) => ({
    external_id: `dana ${randomUUID()}`,
    amount: 50_000,
    callback_url: `${receiverUrl()}/dana`,
    redirect_url: 'https://shop.example/thanks',
    ewallet_type: 'DANA',
    ...overrides,
  });
  const linkaja = (overrides: Record<string, unknown> = {}) => ({
    external_id: `linkaja_${randomUUID()}`,
    amount: 30_000,
    phone: '081298765432',
    items: [
      { id: 'tea', name: 'Teh botol', price: 10_000, quantity: 2 },
      { id: 'rice', name: 'Nasi', price: 10_000, quantity: 1 },
    ],
    callback_url: `${receiverUrl()}/linkaja`,
    redirect_url: 'https://shop.example/thanks',
    ewallet_type: 'LINKAJA',
    ...overrides,
  });

  describe('OVO, version 2020-02-01 (the default of a new account)', () => {
    it('answers PENDING at once, then the payer pays: callback, GET and balance follow', async () => {
      const request = ovo();
      const created = await api('POST', '/ewallets', request);
      expect(created.status).toBe(200);
      expect(created.body).toEqual({
        business_id: merchant.business_id,
        external_id: request.external_id,
        amount: 100_000,
        phone: '081234567890',
        ewallet_type: 'OVO',
        ewallet_transaction_id: expect.stringMatching(/^ewallet_/),
        transaction_date: created.body.created,
        status: 'PENDING',
        created: expect.any(String),
      });

      const callback = await waitForCallback(request.external_id);
      expect(callback.path).toBe('/ewallet');
      expect(callback.headers['x-callback-token']).toBe(merchant.test.callback_token);
      expect(callback.json).toEqual({
        event: 'ewallet.payment',
        id: created.body.ewallet_transaction_id,
        external_id: request.external_id,
        business_id: merchant.business_id,
        phone: '081234567890',
        ewallet_type: 'OVO',
        amount: 100_000,
        status: 'COMPLETED',
        created: created.body.created,
      });

      const found = await find(request.external_id, 'OVO');
      expect(found.status).toBe(200);
      expect(found.body).toEqual({
        business_id: merchant.business_id,
        external_id: request.external_id,
        amount: 100_000,
        ewallet_type: 'OVO',
        status: 'COMPLETED',
        transaction_date: expect.any(String),
        phone: '081234567890',
        ewallet_transaction_id: created.body.ewallet_transaction_id,
      });
    });

    it.each([
      ['081200000002', 'USER_DECLINED_THE_TRANSACTION'],
      ['081200000003', 'PHONE_NUMBER_NOT_REGISTERED'],
      ['081200000004', 'EWALLET_APP_UNREACHABLE'],
      ['081200000006', 'CREDENTIALS_ERROR'],
      ['081200000007', 'ACCOUNT_AUTHENTICATION_ERROR'],
      ['081200000008', 'ACCOUNT_BLOCKED_ERROR'],
    ])('phone %s fails with %s in the callback', async (phone, failureCode) => {
      const request = ovo({ phone });
      const created = await api('POST', '/ewallets', request);
      expect([created.status, created.body.status]).toEqual([200, 'PENDING']);
      const callback = await waitForCallback(request.external_id);
      expect(callback.json).toEqual(
        expect.objectContaining({
          id: created.body.ewallet_transaction_id,
          status: 'FAILED',
          failure_code: failureCode,
        }),
      );
      expect((await find(request.external_id, 'OVO')).body).toMatchObject({
        status: 'FAILED',
        failure_code: failureCode,
      });
    });

    it.each([
      ['081200000001', 'USER_DID_NOT_AUTHORIZE_THE_PAYMENT'],
      ['081200000005', 'WALLETA_TIMEOUT_ERROR'],
    ])('phone %s fails with %s once the 30 s window passed on the test clock', async (phone, failureCode) => {
      const business = await provisionBusiness(gateway.app);
      const request = ovo({ phone });
      const created = await call(gateway.baseUrl, business.test.secret_key, 'POST', '/ewallets', { body: request });
      expect(created.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const before = await call(
        gateway.baseUrl,
        business.test.secret_key,
        'GET',
        `/ewallets?external_id=${request.external_id}&ewallet_type=OVO`,
      );
      expect(before.body.status).toBe('PENDING');
      await advance(business, 30_000);
      const after = await eventually(
        () =>
          call(
            gateway.baseUrl,
            business.test.secret_key,
            'GET',
            `/ewallets?external_id=${request.external_id}&ewallet_type=OVO`,
          ),
        (r) => r.body.status !== 'PENDING',
      );
      expect(after.body).toMatchObject({ status: 'FAILED', failure_code: failureCode });
    });
  });

  describe('OVO, version 2020-02-21 (the date another page gives 2020-02-01)', () => {
    it('is 2020-02-01: PENDING at once, then the callback', async () => {
      const request = ovo();
      const created = await api('POST', '/ewallets', request, { 'X-API-VERSION': '2020-02-21' });
      expect([created.status, created.body.status]).toEqual([200, 'PENDING']);
      const callback = await waitForCallback(request.external_id);
      expect(callback.json).toMatchObject({ event: 'ewallet.payment', status: 'COMPLETED' });
    });
  });

  describe('OVO, version 2019-02-04 (synchronous)', () => {
    const v2019 = { 'X-API-VERSION': '2019-02-04' };

    it('answers once the payer paid, with the spec fields, and sends no callback', async () => {
      const request = ovo();
      const created = await api('POST', '/ewallets', request, v2019);
      expect(created.status).toBe(200);
      expect(created.body).toEqual({
        business_id: merchant.business_id,
        external_id: request.external_id,
        amount: 100_000,
        phone: '081234567890',
        ewallet_type: 'OVO',
        ewallet_transaction_id: expect.stringMatching(/^ewallet_/),
        transaction_date: expect.any(String),
        status: 'COMPLETED',
        created: expect.any(String),
      });
      // Read-your-writes: the GET agrees with the answer at once.
      expect((await find(request.external_id, 'OVO')).body.status).toBe('COMPLETED');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(callbacksFor(request.external_id)).toEqual([]);
    });

    it.each([
      ['081200000002', 'USER_DECLINED_THE_TRANSACTION'],
      ['081200000003', 'PHONE_NUMBER_NOT_REGISTERED'],
      ['081200000004', 'EWALLET_APP_UNREACHABLE'],
      ['081200000006', 'CREDENTIALS_ERROR'],
      ['081200000007', 'ACCOUNT_AUTHENTICATION_ERROR'],
      ['081200000008', 'ACCOUNT_BLOCKED_ERROR'],
    ])('phone %s answers 400 %s', async (phone, code) => {
      const request = ovo({ phone });
      const answered = await api('POST', '/ewallets', request, v2019);
      expect(answered.status).toBe(400);
      expect(answered.body).toEqual({ error_code: code, message: expect.any(String) });
      expect((await find(request.external_id, 'OVO')).body).toMatchObject({ status: 'FAILED', failure_code: code });
    });

    it(
      'waits while the payer lets the window run out (test clock), ' +
        'then answers USER_DID_NOT_AUTHORIZE_THE_PAYMENT',
      async () => {
        const business = await provisionBusiness(gateway.app);
        const request = ovo({ phone: '081200000001' });
        const pending = call(gateway.baseUrl, business.test.secret_key, 'POST', '/ewallets', {
          body: request,
          headers: v2019,
        });
        // Only once the request is recorded may the clock move, or the window would start after the jump.
        await eventually(
          () =>
            call(
              gateway.baseUrl,
              business.test.secret_key,
              'GET',
              `/ewallets?external_id=${request.external_id}&ewallet_type=OVO`,
            ),
          (r) => r.status === 200,
        );
        await advance(business, 31_000);
        const answered = await pending;
        expect(answered.status).toBe(400);
        expect(answered.body.error_code).toBe('USER_DID_NOT_AUTHORIZE_THE_PAYMENT');
      },
    );

    it('applies the account default version for the mode when no header is sent', async () => {
      const business = await provisionBusiness(gateway.app);
      const patched = await call(gateway.baseUrl, business.test.secret_key, 'PATCH', '/settings', {
        body: { api_versions: { ewallets: '2019-02-04' } },
      });
      expect(patched.status).toBe(200);
      const answered = await call(gateway.baseUrl, business.test.secret_key, 'POST', '/ewallets', {
        body: ovo({ phone: '081200000002' }),
      });
      expect([answered.status, answered.body.error_code]).toEqual([400, 'USER_DECLINED_THE_TRANSACTION']);
      // The header still wins over the account default.
      const async = await call(gateway.baseUrl, business.test.secret_key, 'POST', '/ewallets', {
        body: ovo(),
        headers: { 'X-API-VERSION': '2020-02-01' },
      });
      expect([async.status, async.body.status]).toEqual([200, 'PENDING']);
    });

    it(
      'answers 504 EWALLET_DECISION_TIMEOUT_ERROR when the payer ' +
        'takes longer than the wait bound; the payment goes on',
      async () => {
        const business = await provisionBusiness(gateway.app);
        const request = ovo({ phone: '081200000009' }); // decides after 20 s of business time
        const answered = await call(gateway.baseUrl, business.test.secret_key, 'POST', '/ewallets', {
          body: request,
          headers: v2019,
        });
        expect([answered.status, answered.body.error_code]).toEqual([504, 'EWALLET_DECISION_TIMEOUT_ERROR']);
        await advance(business, 20_000);
        const after = await eventually(
          () =>
            call(
              gateway.baseUrl,
              business.test.secret_key,
              'GET',
              `/ewallets?external_id=${request.external_id}&ewallet_type=OVO`,
            ),
          (r) => r.body.status === 'COMPLETED',
        );
        expect(after.body.status).toBe('COMPLETED');
      },
    );

    it('refuses an unknown version', async () => {
      const answered = await api('POST', '/ewallets', ovo(), { 'X-API-VERSION': '2018-01-01' });
      expect([answered.status, answered.body.error_code]).toEqual([400, 'API_VERSION_NOT_SUPPORTED_ERROR']);
    });
  });

  describe('DANA and LINKAJA requests', () => {
    it('DANA answers the spec fields with a checkout_url; GET shows the default 24 h expiry', async () => {
      const request = dana();
      const created = await api('POST', '/ewallets', request);
      expect(created.status).toBe(200);
      expect(created.body).toEqual({
        external_id: request.external_id,
        checkout_url: expect.stringMatching(new RegExp(`^${gateway.baseUrl}/ewallets/checkout/[0-9a-f]{64}$`)),
        amount: 50_000,
        ewallet_type: 'DANA',
      });
      const found = await find(request.external_id, 'DANA');
      expect(found.body).toEqual({
        business_id: merchant.business_id,
        external_id: request.external_id,
        amount: 50_000,
        ewallet_type: 'DANA',
        status: 'PENDING',
        transaction_date: expect.any(String),
        checkout_url: created.body.checkout_url,
        expiration_date: expect.any(String),
      });
      expect(Date.parse(found.body.expiration_date) - Date.parse(found.body.transaction_date)).toBe(24 * 3_600_000);
    });

    it('DANA keeps an explicit expiration_date', async () => {
      const expiration = new Date(Date.now() + 2 * 3_600_000).toISOString();
      const request = dana({ expiration_date: expiration });
      expect((await api('POST', '/ewallets', request)).status).toBe(200);
      expect((await find(request.external_id, 'DANA')).body.expiration_date).toBe(expiration);
    });

    it('LINKAJA answers the spec fields; GET shows the items', async () => {
      const request = linkaja();
      const created = await api('POST', '/ewallets', request);
      expect(created.status).toBe(200);
      expect(created.body).toEqual({
        checkout_url: expect.stringMatching(/\/ewallets\/checkout\/[0-9a-f]{64}$/),
        transaction_date: expect.any(String),
        amount: 30_000,
        external_id: request.external_id,
        ewallet_type: 'LINKAJA',
      });
      expect((await find(request.external_id, 'LINKAJA')).body).toMatchObject({
        status: 'PENDING',
        items: request.items,
        phone: '081298765432',
      });
    });

    it('LINKAJA test phone 081299999999 answers 422 GENERATE_CHECKOUT_TOKEN_ERROR and reserves nothing', async () => {
      const request = linkaja({ phone: '081299999999' });
      const refused = await api('POST', '/ewallets', request);
      expect([refused.status, refused.body.error_code]).toEqual([422, 'GENERATE_CHECKOUT_TOKEN_ERROR']);
      expect((await api('POST', '/ewallets', { ...request, phone: '081298765432' })).status).toBe(200);
    });
  });

  describe('validation, per type status', () => {
    it.each([
      ['missing phone', ovo({ phone: undefined }), 'phone'],
      ['+62 phone', ovo({ phone: '+6281234567890' }), 'phone'],
      ['letters in phone', ovo({ phone: '08123abc' }), 'phone'],
      ['external_id with _', ovo({ external_id: 'order_1' }), 'external_id'],
      ['external_id too long', ovo({ external_id: 'a'.repeat(1001) }), 'external_id'],
      ['amount 0', ovo({ amount: 0 }), 'amount'],
      ['amount above 10,000,000', ovo({ amount: 10_000_001 }), 'amount'],
      ['fractional amount', ovo({ amount: 100.5 }), 'amount'],
      ['amount as a string', ovo({ amount: '100' }), 'amount'],
    ])('OVO %s → 422 API_VALIDATION_ERROR', async (_case, body, field) => {
      const refused = await api('POST', '/ewallets', body);
      expect(refused.status).toBe(422);
      expect(refused.body.error_code).toBe('API_VALIDATION_ERROR');
      expect(refused.body.errors.map((e: { field: string[] }) => e.field[0])).toContain(field);
    });

    it.each([
      ['missing callback_url', dana({ callback_url: undefined }), 'callback_url'],
      ['missing redirect_url', dana({ redirect_url: undefined }), 'redirect_url'],
      ['javascript: redirect_url', dana({ redirect_url: 'javascript:alert(1)' }), 'redirect_url'],
      ['expiration_date not a date', dana({ expiration_date: 'tomorrow' }), 'expiration_date'],
      ['expiration_date in the past', dana({ expiration_date: '2020-01-01T00:00:00Z' }), 'expiration_date'],
      ['amount above 10,000,000', dana({ amount: 10_000_001 }), 'amount'],
      ['missing external_id', dana({ external_id: undefined }), 'external_id'],
    ])('DANA %s → 422 API_VALIDATION_ERROR', async (_case, body, field) => {
      const refused = await api('POST', '/ewallets', body);
      expect(refused.status).toBe(422);
      expect(refused.body.error_code).toBe('API_VALIDATION_ERROR');
      expect(refused.body.errors.map((e: { field: string[] }) => e.field[0])).toContain(field);
    });

    it.each([
      ['amount 99', linkaja({ amount: 99 }), 'amount'],
      ['missing items', linkaja({ items: undefined }), 'items'],
      ['empty items', linkaja({ items: [] }), 'items'],
      ['item without name', linkaja({ items: [{ id: 'x', price: 100, quantity: 1 }] }), 'items'],
      ['item with a string price', linkaja({ items: [{ id: 'x', name: 'y', price: '100', quantity: 1 }] }), 'items'],
      ['missing phone', linkaja({ phone: undefined }), 'phone'],
      ['missing callback_url', linkaja({ callback_url: undefined }), 'callback_url'],
    ])('LINKAJA %s → 400 API_VALIDATION_ERROR', async (_case, body, field) => {
      const refused = await api('POST', '/ewallets', body);
      expect(refused.status).toBe(400);
      expect(refused.body.error_code).toBe('API_VALIDATION_ERROR');
      expect(refused.body.errors.map((e: { field: string[] }) => e.field[0])).toContain(field);
    });

    it(
      'an unknown ewallet_type is 422 EWALLET_TYPE_NOT_SUPPORTED; ' + 'a missing one, an array or a string body 400',
      async () => {
        for (const type of ['GOPAY', 'ovo', 'SHOPEEPAY']) {
          const refused = await api('POST', '/ewallets', { ...ovo(), ewallet_type: type });
          expect([type, refused.status, refused.body.error_code]).toEqual([type, 422, 'EWALLET_TYPE_NOT_SUPPORTED']);
        }
        for (const body of [{ ...ovo(), ewallet_type: undefined }, { ...ovo(), ewallet_type: 7 }, [ovo()]]) {
          const refused = await api('POST', '/ewallets', body);
          expect(refused.status).toBe(400);
          expect(refused.body.error_code).toBe('API_VALIDATION_ERROR');
        }
        // A bare JSON value is not a body the strict parser takes.
        for (const body of ['"OVO"', 'null']) {
          const refused = await api('POST', '/ewallets', body);
          expect([refused.status, refused.body.error_code]).toEqual([400, 'INVALID_JSON_FORMAT']);
        }
      },
    );

    it('bad JSON is 400 INVALID_JSON_FORMAT and a huge body 413', async () => {
      const bad = await api('POST', '/ewallets', '{"ewallet_type": "OVO",');
      expect([bad.status, bad.body.error_code]).toEqual([400, 'INVALID_JSON_FORMAT']);
      const huge = await api('POST', '/ewallets', { ...ovo(), external_id: 'x'.repeat(2_000_000) });
      expect(huge.status).toBe(413);
    });

    it('needs money_in:write to create and money_in:read to read (403 REQUEST_FORBIDDEN_ERROR)', async () => {
      const readOnly = await api('POST', '/api_keys', { name: 'reader', permissions: ['money_in:read'] });
      const writeOnly = await api('POST', '/api_keys', { name: 'writer', permissions: ['money_out:read'] });
      expect([readOnly.status, writeOnly.status]).toEqual([201, 201]);
      const create = await api('POST', '/ewallets', ovo(), {}, readOnly.body.key);
      expect([create.status, create.body.error_code]).toEqual([403, 'REQUEST_FORBIDDEN_ERROR']);
      const read = await find('x', 'OVO', writeOnly.body.key);
      expect([read.status, read.body.error_code]).toEqual([403, 'REQUEST_FORBIDDEN_ERROR']);
      expect((await call(gateway.baseUrl, undefined, 'POST', '/ewallets', { body: ovo() })).status).toBe(401);
    });
  });

  describe('duplicate external_id', () => {
    it.each([
      ['OVO', 'DUPLICATE_PAYMENT'],
      ['DANA', 'DUPLICATE_ERROR'],
      ['LINKAJA', 'DUPLICATE_PAYMENT_ERROR'],
    ] as const)('%s answers 400 %s', async (type, code) => {
      const request = { OVO: ovo, DANA: dana, LINKAJA: linkaja }[type]();
      expect((await api('POST', '/ewallets', request)).status).toBe(200);
      const again = await api('POST', '/ewallets', { ...request, amount: 12_345 });
      expect([again.status, again.body.error_code]).toEqual([400, code]);
    });

    it('is per type, business and mode', async () => {
      const externalId = `shared-${randomUUID()}`;
      expect((await api('POST', '/ewallets', ovo({ external_id: externalId }))).status).toBe(200);
      expect((await api('POST', '/ewallets', dana({ external_id: externalId }))).status).toBe(200);
      const other = await provisionBusiness(gateway.app);
      expect(
        (
          await call(gateway.baseUrl, other.test.secret_key, 'POST', '/ewallets', {
            body: ovo({ external_id: externalId }),
          })
        ).status,
      ).toBe(200);
    });

    it('20 parallel requests with one external_id: exactly one succeeds, whatever the type', async () => {
      for (const make of [dana, ovo]) {
        const request = make();
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => api('POST', '/ewallets', { ...request, amount: 1_000 + i })),
        );
        const statuses = answers.map((a) => a.status).sort();
        expect(statuses).toEqual([200, ...Array(19).fill(400)]);
        expect(new Set(answers.filter((a) => a.status === 400).map((a) => a.body.error_code)).size).toBe(1);
        const winner = answers.find((a) => a.status === 200)!;
        expect((await find(request.external_id, request.ewallet_type)).body.amount).toBe(winner.body.amount);
      }
    });
  });

  describe('GET /ewallets', () => {
    it('404 PAYMENT_NOT_FOUND_ERROR for an unknown external id, another business or the other mode', async () => {
      const request = dana();
      expect((await api('POST', '/ewallets', request)).status).toBe(200);
      const unknown = await find(`nope-${randomUUID()}`, 'DANA');
      expect([unknown.status, unknown.body.error_code]).toEqual([404, 'PAYMENT_NOT_FOUND_ERROR']);
      expect((await find(request.external_id, 'OVO')).status).toBe(404);
      expect((await find(request.external_id, 'DANA', merchant.live.secret_key)).status).toBe(404);
      const other = await provisionBusiness(gateway.app);
      expect((await find(request.external_id, 'DANA', other.test.secret_key)).status).toBe(404);
    });

    it('400 for missing parameters, 422 for an unknown type', async () => {
      for (const query of [
        '',
        '?external_id=a',
        '?ewallet_type=OVO',
        '?external_id=&ewallet_type=OVO',
        '?external_id=a&ewallet_type=',
      ]) {
        const refused = await api('GET', `/ewallets${query}`);
        expect([query, refused.status, refused.body.error_code]).toEqual([query, 400, 'API_VALIDATION_ERROR']);
      }
      const unknown = await api('GET', '/ewallets?external_id=a&ewallet_type=GOPAY');
      expect([unknown.status, unknown.body.error_code]).toEqual([422, 'EWALLET_TYPE_NOT_SUPPORTED']);
    });
  });

  describe('money in', () => {
    it('a completed payment reaches HOLDING net of the fee, then CASH after the 1-day settlement', async () => {
      const business = await provisionBusiness(gateway.app);
      const balance = async (type: string) =>
        (await call(gateway.baseUrl, business.test.secret_key, 'GET', `/balance?account_type=${type}`)).body.balance;
      const paid = await call(gateway.baseUrl, business.test.secret_key, 'POST', '/ewallets', {
        body: ovo({ amount: 100_000 }),
        headers: { 'X-API-VERSION': '2019-02-04' },
      });
      expect(paid.status).toBe(200);
      // 2.9 % fee (2,900) and 11 % VAT on it (319).
      expect(
        await eventually(
          () => balance('HOLDING'),
          (b) => b === 96_781,
        ),
      ).toBe(96_781);
      expect(await balance('CASH')).toBe(0);
      await advance(business, 86_400_000 + 1000);
      expect(
        await eventually(
          () => balance('CASH'),
          (b) => b === 96_781,
        ),
      ).toBe(96_781);
      expect(await balance('HOLDING')).toBe(0);
    });

    it('a failed payment moves no money', async () => {
      const business = await provisionBusiness(gateway.app);
      const failed = await call(gateway.baseUrl, business.test.secret_key, 'POST', '/ewallets', {
        body: ovo({ phone: '081200000002' }),
        headers: { 'X-API-VERSION': '2019-02-04' },
      });
      expect(failed.status).toBe(400);
      expect(
        (await call(gateway.baseUrl, business.test.secret_key, 'GET', '/balance?account_type=HOLDING')).body.balance,
      ).toBe(0);
    });
  });

  it('live mode is refused clearly: no eWallet provider is connected (503)', async () => {
    const refused = await api('POST', '/ewallets', ovo(), {}, merchant.live.secret_key);
    expect([refused.status, refused.body.error_code]).toEqual([503, 'EWALLET_NETWORK_UNAVAILABLE_ERROR']);
  });
});
