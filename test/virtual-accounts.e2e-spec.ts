import { AdvanceTestClockCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { eventually } from './support/eventually';
import { gatewayWithReceiver } from './support/gateway-with-receiver';
import { call, provisionBusiness } from './support/test-business';

const HOUR = 3_600_000;

describe('fixed virtual accounts', () => {
  const running = gatewayWithReceiver();

  const apiOf =
    (business: ProvisionedBusiness, mode: 'test' | 'live' = 'test') =>
    (method: string, path: string, body?: unknown) =>
      call(running.gateway.baseUrl, business[mode].secret_key, method, path, { body });
  const advance = (business: ProvisionedBusiness, ms: number) =>
    running.gateway.app.get(CommandBus).execute(
      new AdvanceTestClockCommand(business.business_id, ms, {
        requestId: `req_${randomUUID()}`,
        actor: 'system:test',
      }),
    );
  const request = (overrides: Record<string, unknown> = {}) => ({
    external_id: `va-${randomUUID()}`,
    bank_code: 'BNI',
    name: 'Rika Sutanto',
    ...overrides,
  });

  describe('create and get', () => {
    it('creates an ACTIVE account on a number of the default range and reads it back', async () => {
      const business = await provisionBusiness(running.gateway.app);
      const api = apiOf(business);
      const created = await api(
        'POST',
        '/callback_virtual_accounts',
        request({ external_id: 'order-1', bank_code: 'BCA' }),
      );
      expect(created.status).toBe(200);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        owner_id: business.business_id,
        external_id: 'order-1',
        merchant_code: '10766',
        account_number: expect.stringMatching(/^107669999\d{6}$/),
        bank_code: 'BCA',
        name: 'Rika Sutanto',
        is_closed: false,
        is_single_use: false,
        status: 'ACTIVE',
        currency: 'IDR',
        expiration_date: expect.any(String),
        created: expect.any(String),
        updated: expect.any(String),
      });
      expect(created.body.account_number).not.toBe('107669999000000');
      // Default lifetime: 31 years.
      expect(
        new Date(created.body.expiration_date).getUTCFullYear() - new Date(created.body.created).getUTCFullYear(),
      ).toBe(31);
      const fetched = await api('GET', `/callback_virtual_accounts/${created.body.id}`);
      expect(fetched).toMatchObject({ status: 200, body: created.body });
    });

    it('takes closed, single-use, suggested amounts and expiry as sent', async () => {
      const api = apiOf(await provisionBusiness(running.gateway.app));
      const expiration = new Date(Date.now() + 48 * HOUR).toISOString();
      const closed = await api(
        'POST',
        '/callback_virtual_accounts',
        request({ is_closed: true, expected_amount: 150_000, is_single_use: true, expiration_date: expiration }),
      );
      expect(closed.body).toMatchObject({
        is_closed: true,
        expected_amount: 150_000,
        is_single_use: true,
        expiration_date: expiration,
      });
      const suggested = await api(
        'POST',
        '/callback_virtual_accounts',
        request({ bank_code: 'BRI', suggested_amount: 75_000 }),
      );
      expect(suggested.body).toMatchObject({ bank_code: 'BRI', suggested_amount: 75_000, is_closed: false });
    });

    it.each([
      [{ bank_code: 'NOPE' }, 'BANK_NOT_SUPPORTED_ERROR'],
      [{ bank_code: 'BCA', suggested_amount: 10_000 }, 'SUGGESTED_AMOUNT_NOT_SUPPORTED_ERROR'],
      [
        { bank_code: 'BRI', is_closed: true, expected_amount: 10_000, suggested_amount: 10_000 },
        'SUGGESTED_AMOUNT_NOT_SUPPORTED_ERROR',
      ],
      [{ is_closed: true }, 'EXPECTED_AMOUNT_REQUIRED_ERROR'],
      [{ bank_code: 'SAHABAT_SAMPOERNA', is_closed: true, expected_amount: 10_000 }, 'CLOSED_VA_NOT_SUPPORTED_ERROR'],
      [{ is_closed: true, expected_amount: 0 }, 'MINIMUM_EXPECTED_AMOUNT_ERROR'],
      [{ is_closed: true, expected_amount: -5 }, 'MINIMUM_EXPECTED_AMOUNT_ERROR'],
      [{ is_closed: true, expected_amount: 1_000_000_000 }, 'MAXIMUM_EXPECTED_AMOUNT_ERROR'],
      [{ expiration_date: '2001-01-01T00:00:00.000Z' }, 'EXPIRATION_DATE_INVALID_ERROR'],
      [{ virtual_account_number: '123' }, 'VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE'],
      [{ virtual_account_number: '880899998000000' }, 'VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE'],
      [{ virtual_account_number: 'abc' }, 'VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE'],
    ])('refuses %j with %s (400)', async (overrides, code) => {
      const api = apiOf(await provisionBusiness(running.gateway.app));
      const refused = await api('POST', '/callback_virtual_accounts', request(overrides));
      expect(refused).toMatchObject({ status: 400, body: { error_code: code, message: expect.any(String) } });
    });

    it.each([
      [{ external_id: undefined }],
      [{ bank_code: undefined }],
      [{ name: undefined }],
      [{ name: '   ' }],
      [{ external_id: 'x'.repeat(1001) }],
      [{ expected_amount: '10000', is_closed: true }],
      [{ expected_amount: 10.5, is_closed: true }],
      [{ is_closed: 'yes' }],
      [{ is_single_use: 1 }],
      [{ expiration_date: 'tomorrow' }],
      [{ virtual_account_number: 8808999900001 }],
      [{ bank_code: ['BCA'] }],
    ])('answers bad input %j with API_VALIDATION_ERROR', async (overrides) => {
      const api = apiOf(await provisionBusiness(running.gateway.app));
      const refused = await api('POST', '/callback_virtual_accounts', request(overrides));
      expect(refused).toMatchObject({
        status: 400,
        body: { error_code: 'API_VALIDATION_ERROR', errors: expect.any(Array) },
      });
    });

    it('answers bad JSON and non-object bodies with a 4xx', async () => {
      const business = await provisionBusiness(running.gateway.app);
      const raw = await call(running.gateway.baseUrl, business.test.secret_key, 'POST', '/callback_virtual_accounts', {
        body: '{"external_id":',
        headers: { 'content-type': 'application/json' },
      });
      expect(raw).toMatchObject({ status: 400, body: { error_code: 'INVALID_JSON_FORMAT' } });
      const array = await apiOf(business)('POST', '/callback_virtual_accounts', [1, 2]);
      expect(array.status).toBe(400);
    });

    it('hides accounts of another business and of the other mode (404)', async () => {
      const owner = await provisionBusiness(running.gateway.app);
      const created = await apiOf(owner)('POST', '/callback_virtual_accounts', request());
      const stranger = await apiOf(await provisionBusiness(running.gateway.app))(
        'GET',
        `/callback_virtual_accounts/${created.body.id}`,
      );
      expect(stranger).toMatchObject({ status: 404, body: { error_code: 'CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR' } });
      expect((await apiOf(owner, 'live')('GET', `/callback_virtual_accounts/${created.body.id}`)).status).toBe(404);
      expect(
        (await apiOf(owner, 'live')('PATCH', `/callback_virtual_accounts/${created.body.id}`, { expected_amount: 5 }))
          .status,
      ).toBe(404);
      expect((await apiOf(owner)('GET', '/callback_virtual_accounts/undefined')).status).toBe(404);
      // NUL is refused at the edge in any path parameter (issue 18), before any look-up.
      expect((await apiOf(owner)('GET', '/callback_virtual_accounts/%00')).status).toBe(400);
      expect((await apiOf(owner)('PATCH', '/callback_virtual_accounts/%00', { expected_amount: 5 })).status).toBe(400);
      expect((await apiOf(owner)('GET', '/callback_virtual_account_payments/payment_id=%00')).status).toBe(400);
    });

    it('leaves a live-mode account PENDING: no bank connector confirms it', async () => {
      const business = await provisionBusiness(running.gateway.app);
      const created = await apiOf(business, 'live')('POST', '/callback_virtual_accounts', request());
      expect(created).toMatchObject({ status: 200, body: { status: 'PENDING' } });
    });
  });

  describe('numbers from the business range', () => {
    it('draws numbers from virtual_account_ranges and honours a requested number (complete or suffix)', async () => {
      const business = await provisionBusiness(running.gateway.app);
      const api = apiOf(business);
      const settings = await api('PATCH', '/settings', {
        virtual_account_ranges: { BNI: { merchant_code: '12345', range_start: '000100', range_end: '000199' } },
      });
      expect(settings.status).toBe(200);
      // Requested first, so the drawn number cannot take them.
      const complete = await api(
        'POST',
        '/callback_virtual_accounts',
        request({ virtual_account_number: '12345000150' }),
      );
      const suffix = await api('POST', '/callback_virtual_accounts', request({ virtual_account_number: '000151' }));
      expect([complete.body.account_number, suffix.body.account_number]).toEqual(['12345000150', '12345000151']);
      const drawn = await api('POST', '/callback_virtual_accounts', request());
      expect(drawn.body.merchant_code).toBe('12345');
      expect(drawn.body.account_number).toMatch(/^123450001\d\d$/);
      expect(['12345000150', '12345000151']).not.toContain(drawn.body.account_number);
      const outside = await api('POST', '/callback_virtual_accounts', request({ virtual_account_number: '000200' }));
      expect(outside.body.error_code).toBe('VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE');
      const otherPrefix = await api(
        'POST',
        '/callback_virtual_accounts',
        request({ virtual_account_number: '99999000150' }),
      );
      expect(otherPrefix.body.error_code).toBe('VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE');
    });

    it('gives 100 parallel creations for one bank 100 distinct numbers inside the range', async () => {
      const business = await provisionBusiness(running.gateway.app);
      const api = apiOf(business);
      await api('PATCH', '/settings', {
        virtual_account_ranges: { MANDIRI: { merchant_code: '54321', range_start: '0500', range_end: '0619' } },
      });
      const results = await Promise.all(
        Array.from({ length: 100 }, () => api('POST', '/callback_virtual_accounts', request({ bank_code: 'MANDIRI' }))),
      );
      expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
      const numbers = results.map((r) => r.body.account_number as string);
      expect(new Set(numbers).size).toBe(100);
      for (const number of numbers) {
        expect(number).toMatch(/^54321\d{4}$/);
        expect(Number(number.slice(5))).toBeGreaterThanOrEqual(500);
        expect(Number(number.slice(5))).toBeLessThanOrEqual(619);
      }
    });

    it('lets exactly one of 20 parallel creations asking for one number succeed', async () => {
      const api = apiOf(await provisionBusiness(running.gateway.app));
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          api('POST', '/callback_virtual_accounts', request({ virtual_account_number: '9999123456' })),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      const refused = results.filter((r) => r.status !== 200);
      expect(refused).toHaveLength(19);
      for (const r of refused)
        expect(r).toMatchObject({ status: 400, body: { error_code: 'VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE' } });
    });

    it('allows one external_id on several accounts, also in parallel (the public service does)', async () => {
      const api = apiOf(await provisionBusiness(running.gateway.app));
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          api('POST', '/callback_virtual_accounts', request({ external_id: 'customer-42' })),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(new Set(results.map((r) => r.body.id)).size).toBe(10);
    });

    it('says when the range has no free number left', async () => {
      const api = apiOf(await provisionBusiness(running.gateway.app));
      await api('PATCH', '/settings', {
        virtual_account_ranges: { PERMATA: { merchant_code: '77777', range_start: '01', range_end: '03' } },
      });
      const three = await Promise.all(
        [1, 2, 3].map(() => api('POST', '/callback_virtual_accounts', request({ bank_code: 'PERMATA' }))),
      );
      expect(three.map((r) => r.status)).toEqual([200, 200, 200]);
      const fourth = await api('POST', '/callback_virtual_accounts', request({ bank_code: 'PERMATA' }));
      expect(fourth).toMatchObject({ status: 404, body: { error_code: 'UNIQUE_ACCOUNT_NUMBER_UNAVAILABLE_ERROR' } });
    });
  });

  describe('banks', () => {
    it('lists the available banks, narrowed by enabled_payment_channels, and refuses a disabled one', async () => {
      const business = await provisionBusiness(running.gateway.app);
      const api = apiOf(business);
      const all = await api('GET', '/available_virtual_account_banks');
      expect(all.status).toBe(200);
      expect(all.body.map((b: { code: string }) => b.code)).toEqual([
        'BCA',
        'BNI',
        'BRI',
        'MANDIRI',
        'PERMATA',
        'BSI',
        'BJB',
        'CIMB',
        'SAHABAT_SAMPOERNA',
      ]);
      expect(all.body[0]).toEqual({ name: 'Bank Central Asia', code: 'BCA' });
      await api('PATCH', '/settings', { enabled_payment_channels: ['BNI', 'OVO'] });
      expect((await api('GET', '/available_virtual_account_banks')).body).toEqual([
        { name: 'Bank Negara Indonesia', code: 'BNI' },
      ]);
      expect((await api('POST', '/callback_virtual_accounts', request({ bank_code: 'BCA' }))).body.error_code).toBe(
        'BANK_NOT_SUPPORTED_ERROR',
      );
      expect((await api('POST', '/callback_virtual_accounts', request({ bank_code: 'BNI' }))).status).toBe(200);
    });
  });

  describe('update', () => {
    it('changes amounts, single use and expiry; closing needs an expected amount', async () => {
      const api = apiOf(await provisionBusiness(running.gateway.app));
      const created = await api(
        'POST',
        '/callback_virtual_accounts',
        request({ bank_code: 'BRI', suggested_amount: 20_000 }),
      );
      const path = `/callback_virtual_accounts/${created.body.id}`;
      expect((await api('PATCH', path, { is_closed: true })).body.error_code).toBe('EXPECTED_AMOUNT_REQUIRED_ERROR');
      expect((await api('PATCH', path, { expected_amount: 0 })).body.error_code).toBe('MINIMUM_EXPECTED_AMOUNT_ERROR');
      expect((await api('PATCH', path, { expected_amount: 2_000_000_000 })).body.error_code).toBe(
        'MAXIMUM_EXPECTED_AMOUNT_ERROR',
      );
      expect((await api('PATCH', path, { suggested_amount: 'many' })).body.error_code).toBe('API_VALIDATION_ERROR');
      const later = new Date(Date.now() + 72 * HOUR).toISOString();
      const updated = await api('PATCH', path, {
        suggested_amount: 25_000,
        is_single_use: true,
        expiration_date: later,
        description: 'ignored',
      });
      expect(updated).toMatchObject({
        status: 200,
        body: { suggested_amount: 25_000, is_single_use: true, expiration_date: later, status: 'ACTIVE' },
      });
      const closed = await api('PATCH', path, { is_closed: true, expected_amount: 30_000 });
      expect(closed.body).toMatchObject({ is_closed: true, expected_amount: 30_000 });
      expect(closed.body.suggested_amount).toBeUndefined();
      expect((await api('GET', path)).body).toEqual(closed.body);
      const bca = await api('POST', '/callback_virtual_accounts', request({ bank_code: 'BCA' }));
      expect(
        (await api('PATCH', `/callback_virtual_accounts/${bca.body.id}`, { suggested_amount: 5_000 })).body.error_code,
      ).toBe('SUGGESTED_AMOUNT_NOT_SUPPORTED_ERROR');
    });

    it('expires at once on a past expiration_date, then refuses updates and payments', async () => {
      const api = apiOf(await provisionBusiness(running.gateway.app));
      const created = await api('POST', '/callback_virtual_accounts', request());
      const path = `/callback_virtual_accounts/${created.body.id}`;
      const expired = await api('PATCH', path, { expiration_date: '2020-01-01T00:00:00.000Z' });
      expect(expired).toMatchObject({
        status: 200,
        body: { status: 'INACTIVE', expiration_date: '2020-01-01T00:00:00.000Z' },
      });
      expect((await api('GET', path)).body.status).toBe('INACTIVE');
      expect((await api('PATCH', path, { expected_amount: 10_000 })).body.error_code).toBe(
        'INACTIVE_VIRTUAL_ACCOUNT_ERROR',
      );
      const paid = await api('POST', '/pool_virtual_accounts/simulate_payment', {
        bank_code: 'BNI',
        bank_account_number: created.body.account_number,
        transfer_amount: 10_000,
      });
      expect(paid).toMatchObject({ status: 400, body: { error_code: 'INACTIVE_VIRTUAL_ACCOUNT_ERROR' } });
    });

    it('calls back once a change: none for an update that changes nothing, one INACTIVE for a past date', async () => {
      const business = await provisionBusiness(running.gateway.app);
      const api = apiOf(business);
      const hook = `${running.receiver.url}/fva-status-once/${business.business_id}`;
      expect((await api('POST', '/callback_urls/fva_status', { url: hook })).status).toBe(200);
      const statusesOf = (id: string) =>
        running.receiver.received.filter((c) => c.path === new URL(hook).pathname && c.json.id === id);
      const created = await api(
        'POST',
        '/callback_virtual_accounts',
        request({ bank_code: 'BRI', suggested_amount: 30_000 }),
      );
      const path = `/callback_virtual_accounts/${created.body.id}`;
      expect((await api('PATCH', path, {})).body).toEqual(created.body);
      expect((await api('PATCH', path, { suggested_amount: 30_000 })).body).toEqual(created.body);
      const expired = await api('PATCH', path, { expiration_date: '2020-01-01T00:00:00.000Z' });
      expect(expired.body.status).toBe('INACTIVE');
      // A later account's callback is the fence: everything rendered before it has been sent by then.
      const fence = await api('POST', '/callback_virtual_accounts', request());
      await eventually(
        async () => statusesOf(fence.body.id),
        (list) => list.length === 1,
      );
      await eventually(
        async () => statusesOf(created.body.id),
        (list) => list.length >= 2,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(
        statusesOf(created.body.id)
          .map((c) => [c.json.status, c.json.expiration_date])
          .sort(),
      ).toEqual([
        ['ACTIVE', created.body.expiration_date],
        ['INACTIVE', '2020-01-01T00:00:00.000Z'],
      ]);
    });

    it('expires at expiration_date by the scheduled job on the business clock', async () => {
      const business = await provisionBusiness(running.gateway.app);
      const api = apiOf(business);
      const created = await api(
        'POST',
        '/callback_virtual_accounts',
        request({ expiration_date: new Date(Date.now() + HOUR).toISOString() }),
      );
      await advance(business, 2 * HOUR);
      const after = await eventually(
        () => api('GET', `/callback_virtual_accounts/${created.body.id}`),
        (r) => r.body.status === 'INACTIVE',
      );
      expect(after.body.status).toBe('INACTIVE');
    });
  });

  describe('payments', () => {
    it(
      'pays an account: payment resource, ' + 'fva_paid and fva_status callbacks, HOLDING then CASH after settlement',
      async () => {
        const business = await provisionBusiness(running.gateway.app);
        const api = apiOf(business);
        expect(
          (
            await api('POST', '/callback_urls/fva_paid', {
              url: `${running.receiver.url}/fva-paid/${business.business_id}`,
            })
          ).status,
        ).toBe(200);
        expect(
          (
            await api('POST', '/callback_urls/fva_status', {
              url: `${running.receiver.url}/fva-status/${business.business_id}`,
            })
          ).status,
        ).toBe(200);
        const mine = () => running.receiver.received.filter((c) => c.path.endsWith(business.business_id));
        const created = await api(
          'POST',
          '/callback_virtual_accounts',
          request({ bank_code: 'BNI', is_closed: true, expected_amount: 200_000, is_single_use: true }),
        );

        expect(
          (
            await api('POST', '/pool_virtual_accounts/simulate_payment', {
              bank_code: 'BNI',
              bank_account_number: created.body.account_number,
              transfer_amount: 199_999,
            })
          ).body.error_code,
        ).toBe('EXPECTED_AMOUNT_MISMATCH_ERROR');
        const paid = await api('POST', '/pool_virtual_accounts/simulate_payment', {
          bank_code: 'BNI',
          bank_account_number: created.body.account_number,
          transfer_amount: 200_000,
        });
        expect(paid.status).toBe(200);
        expect(paid.body).toMatchObject({
          status: 'COMPLETED',
          message: expect.any(String),
          payment_id: expect.any(String),
          callback_virtual_account_id: created.body.id,
          amount: 200_000,
        });

        const payment = await api('GET', `/callback_virtual_account_payments/payment_id=${paid.body.payment_id}`);
        expect(payment.body).toEqual({
          id: expect.stringMatching(/^[0-9a-f]{24}$/),
          payment_id: paid.body.payment_id,
          callback_virtual_account_id: created.body.id,
          external_id: created.body.external_id,
          merchant_code: '88089',
          account_number: created.body.account_number.slice(5),
          bank_code: 'BNI',
          amount: 200_000,
          transaction_timestamp: expect.any(String),
        });
        expect((await api('GET', '/callback_virtual_account_payments/payment_id=nope')).body.error_code).toBe(
          'CALLBACK_VIRTUAL_ACCOUNT_PAYMENT_NOT_FOUND_ERROR',
        );
        // Single use: inactive after its payment.
        expect((await api('GET', `/callback_virtual_accounts/${created.body.id}`)).body.status).toBe('INACTIVE');
        expect(
          (
            await api('POST', '/pool_virtual_accounts/simulate_payment', {
              bank_code: 'BNI',
              bank_account_number: created.body.account_number,
              transfer_amount: 200_000,
            })
          ).body.error_code,
        ).toBe('INACTIVE_VIRTUAL_ACCOUNT_ERROR');

        const callbacks = await eventually(
          async () => mine(),
          (list) => list.length >= 3,
        );
        const paidCallback = callbacks.find((c) => c.path.startsWith('/fva-paid'))!;
        expect(paidCallback.headers['x-callback-token']).toBe(business.test.callback_token);
        expect(paidCallback.json).toEqual({
          ...payment.body,
          owner_id: business.business_id,
          updated: payment.body.transaction_timestamp,
          created: payment.body.transaction_timestamp,
        });
        const statuses = callbacks.filter((c) => c.path.startsWith('/fva-status')).map((c) => c.json);
        expect(statuses.map((s) => s.status).sort()).toEqual(['ACTIVE', 'INACTIVE']);
        const { currency: _currency, ...createdBody } = created.body;
        expect(statuses.find((s) => s.status === 'ACTIVE')).toEqual(createdBody);

        // 2.9 % fee and 11 % VAT on it: 5,800 + 638; the net waits in HOLDING for the bank's settlement (1 h).
        const net = 200_000 - 5_800 - 638;
        expect((await api('GET', '/balance?account_type=HOLDING')).body).toEqual({ balance: net });
        expect((await api('GET', '/balance')).body).toEqual({ balance: 0 });
        await advance(business, 2 * HOUR);
        const cash = await eventually(
          () => api('GET', '/balance'),
          (r) => r.body.balance === net,
        );
        expect(cash.body).toEqual({ balance: net });
        expect((await api('GET', '/balance?account_type=HOLDING')).body).toEqual({ balance: 0 });
      },
    );

    it('accepts any amount on an open account, several times', async () => {
      const api = apiOf(await provisionBusiness(running.gateway.app));
      const created = await api('POST', '/callback_virtual_accounts', request({ bank_code: 'BCA' }));
      for (const amount of [1, 12_345, 999_999_999]) {
        const paid = await api('POST', '/pool_virtual_accounts/simulate_payment', {
          bank_code: 'BCA',
          bank_account_number: created.body.account_number,
          transfer_amount: amount,
        });
        expect(paid).toMatchObject({ status: 200, body: { amount } });
      }
      expect((await api('GET', `/callback_virtual_accounts/${created.body.id}`)).body.status).toBe('ACTIVE');
    });

    it('refuses unknown accounts, bad input and live mode', async () => {
      const business = await provisionBusiness(running.gateway.app);
      const api = apiOf(business);
      const created = await api('POST', '/callback_virtual_accounts', request());
      const simulate = (body: unknown, mode: 'test' | 'live' = 'test') =>
        apiOf(business, mode)('POST', '/pool_virtual_accounts/simulate_payment', body);
      expect(
        (
          await simulate({
            bank_code: 'BCA',
            bank_account_number: created.body.account_number,
            transfer_amount: 10_000,
          })
        ).body.error_code,
      ).toBe('CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR');
      expect((await simulate({ bank_code: 'BNI', bank_account_number: '1', transfer_amount: 10_000 })).status).toBe(
        404,
      );
      for (const bad of [
        {},
        { bank_code: 'BNI', bank_account_number: created.body.account_number },
        { bank_code: 'BNI', bank_account_number: 'x1', transfer_amount: 5 },
        { bank_code: 'BNI', bank_account_number: created.body.account_number, transfer_amount: 0 },
        { bank_code: 'BNI', bank_account_number: created.body.account_number, transfer_amount: 1.5 },
      ]) {
        expect((await simulate(bad)).body.error_code).toBe('API_VALIDATION_ERROR');
      }
      expect(
        await simulate(
          { bank_code: 'BNI', bank_account_number: created.body.account_number, transfer_amount: 10_000 },
          'live',
        ),
      ).toMatchObject({
        status: 403,
        body: { error_code: 'TEST_MODE_ONLY_ERROR' },
      });
      // Another business cannot pay into (or learn about) this account.
      const stranger = await apiOf(await provisionBusiness(running.gateway.app))(
        'POST',
        '/pool_virtual_accounts/simulate_payment',
        {
          bank_code: 'BNI',
          bank_account_number: created.body.account_number,
          transfer_amount: 10_000,
        },
      );
      expect(stranger.status).toBe(404);
    });
  });
});
