import { AdvanceTestClockCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { eventually } from './support/eventually';
import { gatewayWithReceiver } from './support/gateway-with-receiver';
import { call, provisionBusiness } from './support/test-business';
import { WebhookReceiver } from './support/webhook-receiver';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('fixed payment codes', () => {
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
    external_id: `fpc-${randomUUID()}`,
    retail_outlet_name: 'ALFAMART',
    name: 'Ervan Adetya',
    expected_amount: 50_000,
    ...overrides,
  });

  describe('create, get, update', () => {
    it('creates a code with the default prefix (also on the trailing-slash path) and reads it back', async () => {
      const business = await provisionBusiness(running.gateway.app);
      const api = apiOf(business);
      const created = await api('POST', '/fixed_payment_code/', request({ external_id: 'order-9' }));
      expect(created.status).toBe(200);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        owner_id: business.business_id,
        external_id: 'order-9',
        retail_outlet_name: 'ALFAMART',
        prefix: 'TEST',
        name: 'Ervan Adetya',
        payment_code: expect.stringMatching(/^TEST\d{6}$/),
        type: 'USER',
        expected_amount: 50_000,
        is_single_use: false,
        expiration_date: expect.any(String),
        status: 'ACTIVE',
        created: expect.any(String),
        updated: expect.any(String),
      });
      expect((await api('GET', `/fixed_payment_code/${created.body.id}`)).body).toEqual(created.body);
      expect(
        (await api('POST', '/fixed_payment_code', request({ retail_outlet_name: 'INDOMARET' }))).body
          .retail_outlet_name,
      ).toBe('INDOMARET');
    });

    it('uses the business prefix setting and honours a requested code', async () => {
      const api = apiOf(await provisionBusiness(running.gateway.app));
      expect((await api('PATCH', '/settings', { retail_payment_code_prefix: 'SHOP7' })).status).toBe(200);
      const random = await api('POST', '/fixed_payment_code', request());
      expect(random.body).toMatchObject({ prefix: 'SHOP7', payment_code: expect.stringMatching(/^SHOP7\d{6}$/) });
      const chosen = await api('POST', '/fixed_payment_code', request({ payment_code: 'SHOP7ABC123' }));
      expect(chosen.body.payment_code).toBe('SHOP7ABC123');
      expect((await api('POST', '/fixed_payment_code', request({ payment_code: 'SHOP7ABC123' }))).body.error_code).toBe(
        'DUPLICATE_PAYMENT_CODE_ERROR',
      );
      // The same code at the other chain is another code.
      expect(
        (
          await api(
            'POST',
            '/fixed_payment_code',
            request({ payment_code: 'SHOP7ABC123', retail_outlet_name: 'INDOMARET' }),
          )
        ).status,
      ).toBe(200);
      for (const outside of ['TEST123', 'SHOP7', 'SHOP7abc', 'SHOP7-12', 'SHOP7123456789012345']) {
        expect((await api('POST', '/fixed_payment_code', request({ payment_code: outside }))).body.error_code).toBe(
          'PAYMENT_CODE_OUTSIDE_RANGE',
        );
      }
    });

    it.each([
      [{ retail_outlet_name: 'SEVEN_ELEVEN' }, 'RETAIL_OUTLET_NOT_SUPPORTED_ERROR'],
      [{ expected_amount: 9_999 }, 'MINIMUM_EXPECTED_AMOUNT_ERROR'],
      [{ expected_amount: 5_000_001 }, 'MAXIMUM_EXPECTED_AMOUNT_ERROR'],
      [{ expiration_date: '2001-01-01T00:00:00.000Z' }, 'EXPIRATION_DATE_INVALID_ERROR'],
    ])('refuses %j with %s (400)', async (overrides, code) => {
      const refused = await apiOf(await provisionBusiness(running.gateway.app))(
        'POST',
        '/fixed_payment_code',
        request(overrides),
      );
      expect(refused).toMatchObject({ status: 400, body: { error_code: code, message: expect.any(String) } });
    });

    it('accepts the bounds themselves', async () => {
      const api = apiOf(await provisionBusiness(running.gateway.app));
      expect((await api('POST', '/fixed_payment_code', request({ expected_amount: 10_000 }))).status).toBe(200);
      expect((await api('POST', '/fixed_payment_code', request({ expected_amount: 5_000_000 }))).status).toBe(200);
    });

    it.each([
      [{ external_id: undefined }],
      [{ retail_outlet_name: undefined }],
      [{ name: undefined }],
      [{ external_id: 'x'.repeat(1001) }],
      [{ expected_amount: '50000' }],
      [{ expected_amount: 50_000.5 }],
      [{ payment_code: 123 }],
      [{ is_single_use: 'true' }],
      [{ expiration_date: '31-12-2030' }],
    ])('answers bad input %j with API_VALIDATION_ERROR', async (overrides) => {
      const refused = await apiOf(await provisionBusiness(running.gateway.app))(
        'POST',
        '/fixed_payment_code',
        request(overrides),
      );
      expect(refused).toMatchObject({
        status: 400,
        body: { error_code: 'API_VALIDATION_ERROR', errors: expect.any(Array) },
      });
    });

    it('refuses an outlet the business has not enabled', async () => {
      const api = apiOf(await provisionBusiness(running.gateway.app));
      await api('PATCH', '/settings', { enabled_payment_channels: ['INDOMARET'] });
      expect((await api('POST', '/fixed_payment_code', request())).body.error_code).toBe(
        'RETAIL_OUTLET_NOT_SUPPORTED_ERROR',
      );
      expect((await api('POST', '/fixed_payment_code', request({ retail_outlet_name: 'INDOMARET' }))).status).toBe(200);
    });

    it('updates name, amount and expiry; a past date expires the code at once', async () => {
      const api = apiOf(await provisionBusiness(running.gateway.app));
      const created = await api('POST', '/fixed_payment_code', request());
      const path = `/fixed_payment_code/${created.body.id}`;
      const later = new Date(Date.now() + 5 * DAY).toISOString();
      const updated = await api('PATCH', path, { name: 'Ervan A.', expected_amount: 12_000, expiration_date: later });
      expect(updated).toMatchObject({
        status: 200,
        body: {
          name: 'Ervan A.',
          expected_amount: 12_000,
          expiration_date: later,
          payment_code: created.body.payment_code,
        },
      });
      expect((await api('PATCH', path, { expected_amount: 1 })).body.error_code).toBe('MINIMUM_EXPECTED_AMOUNT_ERROR');
      expect((await api('PATCH', path, { expected_amount: 9_000_000 })).body.error_code).toBe(
        'MAXIMUM_EXPECTED_AMOUNT_ERROR',
      );
      expect((await api('PATCH', path, { name: 7 })).body.error_code).toBe('API_VALIDATION_ERROR');
      const expired = await api('PATCH', path, { expiration_date: '2020-01-01T00:00:00.000Z' });
      expect(expired.body.status).toBe('INACTIVE');
      expect((await api('PATCH', path, { name: 'again' })).body.error_code).toBe('INACTIVE_FIXED_PAYMENT_CODE_ERROR');
      const pay = await api('POST', '/fixed_payment_code/simulate_payment', {
        retail_outlet_name: 'ALFAMART',
        payment_code: created.body.payment_code,
        transfer_amount: 12_000,
      });
      expect(pay.body.error_code).toBe('INACTIVE_FIXED_PAYMENT_CODE_ERROR');
    });

    it('expires at expiration_date by the scheduled job on the business clock', async () => {
      const business = await provisionBusiness(running.gateway.app);
      const api = apiOf(business);
      const created = await api(
        'POST',
        '/fixed_payment_code',
        request({ expiration_date: new Date(Date.now() + HOUR).toISOString() }),
      );
      await advance(business, 2 * HOUR);
      const after = await eventually(
        () => api('GET', `/fixed_payment_code/${created.body.id}`),
        (r) => r.body.status === 'INACTIVE',
      );
      expect(after.body.status).toBe('INACTIVE');
    });

    it('answers 404 for unknown ids, other businesses and the other mode', async () => {
      const owner = await provisionBusiness(running.gateway.app);
      const created = await apiOf(owner)('POST', '/fixed_payment_code', request());
      for (const [api, path] of [
        [apiOf(await provisionBusiness(running.gateway.app)), `/fixed_payment_code/${created.body.id}`],
        [apiOf(owner, 'live'), `/fixed_payment_code/${created.body.id}`],
        [apiOf(owner), '/fixed_payment_code/undefined'],
        [apiOf(owner), '/fixed_payment_code/undefined/payments'],
      ] as const) {
        expect(await api('GET', path)).toMatchObject({
          status: 404,
          body: { error_code: 'FIXED_PAYMENT_CODE_NOT_FOUND_ERROR' },
        });
      }
      // NUL is refused at the edge in any path parameter (issue 18), before any look-up.
      expect(await apiOf(owner)('GET', '/fixed_payment_code/%00')).toMatchObject({
        status: 400,
        body: { error_code: 'API_VALIDATION_ERROR', errors: [{ field: ['id'], location: 'path' }] },
      });
      expect(
        (await apiOf(owner, 'live')('PATCH', `/fixed_payment_code/${created.body.id}`, { name: 'x' })).status,
      ).toBe(404);
    });
  });

  describe('codes under concurrency', () => {
    it('gives 50 parallel random creations 50 distinct codes', async () => {
      const api = apiOf(await provisionBusiness(running.gateway.app));
      const results = await Promise.all(
        Array.from({ length: 50 }, () => api('POST', '/fixed_payment_code', request())),
      );
      expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
      expect(new Set(results.map((r) => r.body.payment_code)).size).toBe(50);
    });

    it('lets exactly one of 20 parallel creations asking for one code succeed', async () => {
      const api = apiOf(await provisionBusiness(running.gateway.app));
      const results = await Promise.all(
        Array.from({ length: 20 }, () => api('POST', '/fixed_payment_code', request({ payment_code: 'TEST777' }))),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200))
        expect(r).toMatchObject({ status: 400, body: { error_code: 'DUPLICATE_PAYMENT_CODE_ERROR' } });
    });

    it('allows one external_id on several codes, also in parallel (the public client reuses one)', async () => {
      const api = apiOf(await provisionBusiness(running.gateway.app));
      const results = await Promise.all(
        Array.from({ length: 10 }, () => api('POST', '/fixed_payment_code', request({ external_id: '123' }))),
      );
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(new Set(results.map((r) => r.body.id)).size).toBe(10);
    });
  });

  describe('payments', () => {
    it(
      'pays the exact amount: payment list, ro_fpc_paid callback, ' + 'HOLDING then CASH; single use then refuses',
      async () => {
        const business = await provisionBusiness(running.gateway.app);
        const api = apiOf(business);
        expect(
          (
            await api('POST', '/callback_urls/ro_fpc_paid', {
              url: `${running.receiver.url}/fpc/${business.business_id}`,
            })
          ).status,
        ).toBe(200);
        const created = await api(
          'POST',
          '/fixed_payment_code',
          request({ expected_amount: 100_000, is_single_use: true }),
        );
        const simulate = (body: Record<string, unknown>) =>
          api('POST', '/fixed_payment_code/simulate_payment', {
            retail_outlet_name: 'ALFAMART',
            payment_code: created.body.payment_code,
            transfer_amount: 100_000,
            ...body,
          });

        expect((await simulate({ transfer_amount: 99_999 })).body.error_code).toBe('EXPECTED_AMOUNT_MISMATCH_ERROR');
        expect((await simulate({ transfer_amount: 100_001 })).body.error_code).toBe('EXPECTED_AMOUNT_MISMATCH_ERROR');
        expect((await simulate({ retail_outlet_name: 'INDOMARET' })).body.error_code).toBe(
          'FIXED_PAYMENT_CODE_NOT_FOUND_ERROR',
        );
        const paid = await simulate({});
        expect(paid).toMatchObject({
          status: 200,
          body: {
            status: 'COMPLETED',
            message: expect.any(String),
            amount: 100_000,
            fixed_payment_code_id: created.body.id,
          },
        });
        expect((await simulate({})).body.error_code).toBe('INACTIVE_FIXED_PAYMENT_CODE_ERROR');
        expect((await api('GET', `/fixed_payment_code/${created.body.id}`)).body.status).toBe('INACTIVE');

        const expectedBody = {
          fixed_payment_code_payment_id: expect.stringMatching(/^[0-9a-f]{24}$/),
          owner_id: business.business_id,
          fixed_payment_code_id: created.body.id,
          payment_id: paid.body.payment_id,
          external_id: created.body.external_id,
          payment_code: created.body.payment_code,
          prefix: 'TEST',
          retail_outlet_name: 'ALFAMART',
          amount: 100_000,
          name: 'Ervan Adetya',
          transaction_timestamp: expect.any(String),
        };
        const payments = await api('GET', `/fixed_payment_code/${created.body.id}/payments`);
        expect(payments.body).toEqual({ data: [{ ...expectedBody, status: 'COMPLETED' }], has_more: false });

        const [callback] = await eventually(
          async () => running.receiver.received.filter((c) => c.path === `/fpc/${business.business_id}`),
          (list) => list.length >= 1,
        );
        expect(callback.headers['x-callback-token']).toBe(business.test.callback_token);
        expect(callback.json).toEqual({
          ...expectedBody,
          fixed_payment_code_payment_id: payments.body.data[0].fixed_payment_code_payment_id,
          transaction_timestamp: payments.body.data[0].transaction_timestamp,
        });

        const net = 100_000 - 2_900 - 319;
        expect((await api('GET', '/balance?account_type=HOLDING')).body).toEqual({ balance: net });
        await advance(business, 2 * DAY);
        expect(
          (
            await eventually(
              () => api('GET', '/balance'),
              (r) => r.body.balance === net,
            )
          ).body,
        ).toEqual({ balance: net });
      },
    );

    it('retries a failed ro_fpc_paid callback twice, 30 s apart on the business clock, and no more', async () => {
      const failing = await WebhookReceiver.start();
      failing.respondStatus(503);
      try {
        const business = await provisionBusiness(running.gateway.app);
        const api = apiOf(business);
        await api('POST', '/callback_urls/ro_fpc_paid', { url: `${failing.url}/fpc` });
        const created = await api('POST', '/fixed_payment_code', request());
        await api('POST', '/fixed_payment_code/simulate_payment', {
          retail_outlet_name: 'ALFAMART',
          payment_code: created.body.payment_code,
          transfer_amount: 50_000,
        });
        await failing.waitForCount(1);
        await advance(business, 30_000);
        await failing.waitForCount(2);
        await advance(business, 30_000);
        const attempts = await failing.waitForCount(3);
        expect(new Set(attempts.map((a) => a.headers['webhook-id'])).size).toBe(1);
        expect(attempts.every((a) => a.body === attempts[0].body)).toBe(true);
        await advance(business, HOUR);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(failing.received).toHaveLength(3);
      } finally {
        await failing.close();
      }
    });

    it('without expected_amount accepts 10,000 to 5,000,000, several times', async () => {
      const api = apiOf(await provisionBusiness(running.gateway.app));
      const created = await api('POST', '/fixed_payment_code', request({ expected_amount: undefined }));
      expect(created.body.expected_amount).toBeUndefined();
      const pay = (amount: number) =>
        api('POST', '/fixed_payment_code/simulate_payment', {
          retail_outlet_name: 'ALFAMART',
          payment_code: created.body.payment_code,
          transfer_amount: amount,
        });
      expect((await pay(9_999)).body.error_code).toBe('EXPECTED_AMOUNT_MISMATCH_ERROR');
      expect((await pay(5_000_001)).body.error_code).toBe('EXPECTED_AMOUNT_MISMATCH_ERROR');
      expect((await pay(10_000)).status).toBe(200);
      expect((await pay(5_000_000)).status).toBe(200);
      expect(
        (await api('GET', `/fixed_payment_code/${created.body.id}/payments`)).body.data.map(
          (p: { amount: number }) => p.amount,
        ),
      ).toEqual([10_000, 5_000_000]);
    });

    it('refuses bad input, unknown codes and live mode', async () => {
      const business = await provisionBusiness(running.gateway.app);
      const created = await apiOf(business)('POST', '/fixed_payment_code', request());
      const simulate = (body: unknown, mode: 'test' | 'live' = 'test') =>
        apiOf(business, mode)('POST', '/fixed_payment_code/simulate_payment', body);
      for (const bad of [
        {},
        { retail_outlet_name: 'ALFAMART', payment_code: created.body.payment_code },
        { retail_outlet_name: 'ALFAMART', payment_code: created.body.payment_code, transfer_amount: '50000' },
      ]) {
        expect((await simulate(bad)).body.error_code).toBe('API_VALIDATION_ERROR');
      }
      expect(
        (await simulate({ retail_outlet_name: 'ALFAMART', payment_code: 'TEST000000x', transfer_amount: 50_000 }))
          .status,
      ).toBe(404);
      expect(
        await simulate(
          { retail_outlet_name: 'ALFAMART', payment_code: created.body.payment_code, transfer_amount: 50_000 },
          'live',
        ),
      ).toMatchObject({
        status: 403,
        body: { error_code: 'TEST_MODE_ONLY_ERROR' },
      });
    });
  });
});
