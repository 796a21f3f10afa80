import { AdvanceTestClockCommand, CreateApiKeyCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { FUTURE_YEAR, TEST_CARDS, tokenize, tokenRequest } from './support/cards';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';
import { recurringRequest } from './support/recurring';

/**
 * Issue 19 (conformance), money in: each test is one row of ../shared/spec/money-in.md (or the
 * issue's item) that the gateway answered differently before, checked over HTTP against the real
 * app, as a merchant's integration suite would.
 */
const context = { requestId: 'req_conformance_money_in', actor: 'system:test' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('conformance, money in (issue 19)', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  const api = (method: string, path: string, body?: unknown, key = merchant.test.secret_key) =>
    call(gateway.baseUrl, key, method, path, { body });
  const invoice = (overrides: Record<string, unknown> = {}) =>
    api('POST', '/v2/invoices', {
      external_id: `inv-${randomUUID()}`,
      payer_email: 'payer@example.com',
      description: 'Order',
      amount: 150_000,
      ...overrides,
    });

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
  });
  afterAll(async () => gateway?.close());

  describe('item 1: invoice amount bounds answer the spec codes', () => {
    it(
      'below 11,000 → 400 MINIMAL_TRANSFER_AMOUNT_ERROR; ' +
        'above 1,000,000,000 → 400 MAXIMUM_TRANSFER_AMOUNT_ERROR; the bounds themselves are taken',
      async () => {
        for (const [amount, code] of [
          [10_999, 'MINIMAL_TRANSFER_AMOUNT_ERROR'],
          [0, 'MINIMAL_TRANSFER_AMOUNT_ERROR'],
          [-50_000, 'MINIMAL_TRANSFER_AMOUNT_ERROR'],
          [1_000_000_001, 'MAXIMUM_TRANSFER_AMOUNT_ERROR'],
        ] as const) {
          const refused = await invoice({ amount });
          expect({ amount, status: refused.status, body: refused.body }).toEqual({
            amount,
            status: 400,
            body: { error_code: code, message: expect.any(String) },
          });
        }
        for (const amount of [11_000, 1_000_000_000])
          expect((await invoice({ amount })).body).toMatchObject({ status: 'PENDING', amount });
        // A fractional amount is still the whole-amount rule's validation error.
        expect((await invoice({ amount: 20_000.5 })).body.error_code).toBe('API_VALIDATION_ERROR');
      },
    );
  });

  describe('item 2: a recurring payment takes 10,000 (the spec\'s "10,0000")', () => {
    it('the public client xendit-node 1.22.0 passes its own recurring integration test, unchanged', async () => {
      // Its integration test reads SECRET_KEY and XENDIT_URL through dotenv (a dev dependency of the
      // client, not installed with it): the environment is already set, so an empty stand-in.
      const saved = { SECRET_KEY: process.env.SECRET_KEY, XENDIT_URL: process.env.XENDIT_URL };
      Object.assign(process.env, {
        SECRET_KEY: (await provisionBusiness(gateway.app)).test.secret_key,
        XENDIT_URL: gateway.baseUrl,
      });
      try {
        let integrationTest!: () => Promise<void>;
        jest.isolateModules(() => {
          jest.doMock('dotenv', () => ({ config: () => ({}) }), { virtual: true });
          // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded inside jest.isolateModules
          integrationTest = require('xendit-node/integration_test/recurring.test.js');
        });
        await expect(integrationTest()).resolves.toBeUndefined();
      } finally {
        for (const [name, value] of Object.entries(saved)) {
          if (value === undefined) delete process.env[name];
          else process.env[name] = value;
        }
      }
    });

    it('10,000 is taken and its invoices are issued for 10,000; 9,999 is refused', async () => {
      const recurring = (amount: number) =>
        api('POST', '/recurring_payments', {
          external_id: `rp-${randomUUID()}`,
          payer_email: 'payer@example.com',
          description: 'Membership',
          amount,
          interval: 'MONTH',
          interval_count: 1,
        });
      const created = await recurring(10_000);
      expect(created.body).toMatchObject({ status: 'ACTIVE', amount: 10_000 });
      const issued = await eventually(
        () => api('GET', `/v2/invoices?recurring_payment_id=${created.body.id}`),
        (answer) => Array.isArray(answer.body) && answer.body.length > 0,
        20_000,
      );
      expect(issued.body).toEqual([expect.objectContaining({ amount: 10_000, status: 'PENDING' })]);
      expect((await api('PATCH', `/recurring_payments/${created.body.id}`, { amount: 10_500 })).body.amount).toBe(
        10_500,
      );
      expect((await recurring(9_999)).body.error_code).toBe('API_VALIDATION_ERROR');
      // A direct invoice keeps the invoice minimum.
      expect((await invoice({ amount: 10_000 })).body.error_code).toBe('MINIMAL_TRANSFER_AMOUNT_ERROR');
    });
  });

  describe('item 7: every validation error carries errors[]', () => {
    it('an unknown payment_methods value names its index', async () => {
      const refused = await invoice({ payment_methods: ['BCA', 'NOPE'] });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        error_code: 'API_VALIDATION_ERROR',
        message: expect.stringContaining('NOPE'),
        errors: [
          {
            field: ['payment_methods', '1'],
            location: 'body',
            messages: [expect.stringContaining('NOPE')],
            types: ['isPaymentChannel'],
          },
        ],
      });
    });

    it(
      'so do refusals made after the edge validation (a report filter, ' +
        'an audit cursor, a rule about the whole query)',
      async () => {
        const filter = await api('POST', '/reports', {
          type: 'TRANSACTIONS',
          filter: { from: '2030-01-02T00:00:00Z', to: '2030-01-01T00:00:00Z' },
        });
        expect(filter.body).toMatchObject({
          error_code: 'API_VALIDATION_ERROR',
          errors: [expect.objectContaining({ field: ['filter'], location: 'body' })],
        });
        const cursor = await api('GET', '/events?cursor=bogus');
        expect(cursor.body).toMatchObject({
          error_code: 'API_VALIDATION_ERROR',
          errors: [expect.objectContaining({ field: ['cursor'], location: 'query' })],
        });
        // A rule about the request as a whole: one entry for the whole input, with the message.
        const whole = await api('GET', '/events?resource=customer');
        expect(whole.body).toEqual({
          error_code: 'API_VALIDATION_ERROR',
          message: 'resource and id go together',
          errors: [{ field: [], location: 'query', messages: ['resource and id go together'], types: ['invalid'] }],
        });
      },
    );
  });

  describe('item 3: PATCH of interval / interval_count moves the next pending cycle to the new cadence', () => {
    it(
      'a WEEK plan patched to DAY bills its next invoice a day after the last one; ' +
        'a DAY plan patched to WEEK waits a week',
      async () => {
        // Its own business: the test clock is per business.
        const business = await provisionBusiness(gateway.app);
        const as = (method: string, path: string, body?: unknown) =>
          call(gateway.baseUrl, business.test.secret_key, method, path, { body });
        const advance = (ms: number) =>
          gateway.app.get(CommandBus).execute(new AdvanceTestClockCommand(business.business_id, ms, context));
        const invoicesOf = async (id: string) =>
          (await as('GET', `/v2/invoices?limit=100&recurring_payment_id=${id}`)).body as unknown[];
        const plan = async (interval: string) => {
          const created = await as('POST', '/recurring_payments', {
            external_id: `rec-${randomUUID()}`,
            payer_email: 'payer@example.com',
            description: 'Plan',
            amount: 50_000,
            interval,
            interval_count: 1,
          });
          expect(created.status).toBe(200);
          await eventually(
            () => invoicesOf(created.body.id),
            (list) => list.length === 1,
          );
          return created.body.id as string;
        };
        const weekly = await plan('WEEK');
        const daily = await plan('DAY');
        expect((await as('PATCH', `/recurring_payments/${weekly}`, { interval: 'DAY' })).body).toMatchObject({
          interval: 'DAY',
          interval_count: 1,
        });
        expect((await as('PATCH', `/recurring_payments/${daily}`, { interval: 'WEEK' })).body).toMatchObject({
          interval: 'WEEK',
          interval_count: 1,
        });

        await advance(DAY + HOUR);
        await eventually(
          () => invoicesOf(weekly),
          (list) => list.length >= 2,
        );
        await settle(1_500);
        expect(await invoicesOf(weekly)).toHaveLength(2);
        expect(await invoicesOf(daily)).toHaveLength(1);

        await advance(6 * DAY);
        await eventually(
          () => invoicesOf(daily),
          (list) => list.length >= 2,
        );
        expect(await invoicesOf(daily)).toHaveLength(2);
      },
    );
  });

  describe('item 4: expire!', () => {
    it('sets expiry_date to the moment of expiry', async () => {
      const created = (await invoice()).body;
      expect(new Date(created.expiry_date).getTime() - new Date(created.created).getTime()).toBe(DAY);
      const expired = await api('POST', `/invoices/${created.id}/expire!`);
      expect(expired.status).toBe(200);
      expect(expired.body.status).toBe('EXPIRED');
      expect(expired.body.expiry_date).toBe(expired.body.updated);
      expect(new Date(expired.body.expiry_date).getTime()).toBeLessThan(new Date(created.expiry_date).getTime());
      expect((await api('GET', `/v2/invoices/${created.id}`)).body.expiry_date).toBe(expired.body.expiry_date);
    });
  });

  describe('item 5: get charge', () => {
    it(
      'with a malformed id → 400 API_VALIDATION_ERROR naming the path parameter; ' +
        'an unknown well-formed id ' +
        '→ 404',
      async () => {
        for (const malformed of [
          'not-a-charge-id',
          'undefined',
          '0123456789ABCDEF01234567',
          '0123456789abcdef0123456',
        ]) {
          const answer = await api('GET', `/credit_card_charges/${malformed}`);
          expect({ malformed, status: answer.status, code: answer.body.error_code }).toEqual({
            malformed,
            status: 400,
            code: 'API_VALIDATION_ERROR',
          });
          expect(answer.body.errors).toEqual([
            expect.objectContaining({ field: ['credit_card_charge_id'], location: 'path' }),
          ]);
        }
        const unknown = await api('GET', '/credit_card_charges/0123456789abcdef01234567');
        expect([unknown.status, unknown.body.error_code]).toEqual([404, 'CREDIT_CARD_CHARGE_NOT_FOUND_ERROR']);
      },
    );
  });

  describe('item 6: tokenization errors', () => {
    it(
      'VERIFICATION_TIMEOUT_ERROR (408) for the cards whose 3DS times out, ' +
        'when tokenization or createAuthentication asks for 3DS',
      async () => {
        for (const card of [TEST_CARDS.timingOutVisa, TEST_CARDS.timingOutMastercard]) {
          const bundled = await tokenize(gateway.baseUrl, merchant.test.public_key, card, { amount: 25_000 });
          expect({ card, status: bundled.status, code: bundled.body.error_code }).toEqual({
            card,
            status: 408,
            code: 'VERIFICATION_TIMEOUT_ERROR',
          });
        }
        // A multiple-use token asks no 3DS at tokenization: it is created; its authentication times out.
        const saved = await tokenize(gateway.baseUrl, merchant.test.public_key, TEST_CARDS.timingOutVisa, {
          multiple: true,
        });
        expect([saved.status, saved.body.status]).toEqual([200, 'VERIFIED']);
        const authentication = await api(
          'POST',
          `/credit_card_tokens/${saved.body.id}/authentications`,
          { amount: '25000' },
          merchant.test.public_key,
        );
        expect([authentication.status, authentication.body.error_code]).toEqual([408, 'VERIFICATION_TIMEOUT_ERROR']);
      },
    );

    it('CREDIT_CARD_DATA_ERROR for well-formed card data the card network refuses: an expiry in the past', async () => {
      const expired = await api(
        'POST',
        '/v2/credit_card_tokens',
        {
          ...tokenRequest(TEST_CARDS.enrolledVisa, { amount: 25_000 }),
          card_data: { account_number: TEST_CARDS.enrolledVisa, exp_month: '01', exp_year: '2020' },
        },
        merchant.test.public_key,
      );
      expect([expired.status, expired.body.error_code]).toEqual([400, 'CREDIT_CARD_DATA_ERROR']);
      // A wrongly formatted expiry is still VALIDATION_ERROR ("data in a wrong format").
      const malformed = await api(
        'POST',
        '/v2/credit_card_tokens',
        {
          ...tokenRequest(TEST_CARDS.enrolledVisa, { amount: 25_000 }),
          card_data: { account_number: TEST_CARDS.enrolledVisa, exp_month: '13', exp_year: FUTURE_YEAR },
        },
        merchant.test.public_key,
      );
      expect([malformed.status, malformed.body.error_code]).toEqual([400, 'VALIDATION_ERROR']);
    });

    it(
      'REQUEST_FORBIDDEN_ERROR for a secret key without money-in write; ' +
        'the public key and a money-in write key tokenize',
      async () => {
        const key = (permissions: string[]) =>
          gateway.app
            .get(CommandBus)
            .execute(
              new CreateApiKeyCommand(
                merchant.business_id,
                'test',
                'secret',
                `key ${permissions.join(' ')}`,
                permissions as never,
                context,
              ),
            );
        const readOnly = await key(['money_in:read', 'money_out:write']);
        const writer = await key(['money_in:write']);
        const body = tokenRequest(TEST_CARDS.notEnrolledMastercard, { multiple: true });
        const refused = await api('POST', '/v2/credit_card_tokens', body, readOnly.key);
        expect([refused.status, refused.body.error_code]).toEqual([403, 'REQUEST_FORBIDDEN_ERROR']);
        const saved = await api('POST', '/v2/credit_card_tokens', body, writer.key);
        expect(saved.status).toBe(200);
        const authentication = await api(
          'POST',
          `/credit_card_tokens/${saved.body.id}/authentications`,
          { amount: '25000' },
          readOnly.key,
        );
        expect([authentication.status, authentication.body.error_code]).toEqual([403, 'REQUEST_FORBIDDEN_ERROR']);
        expect((await api('POST', '/v2/credit_card_tokens', body, merchant.test.public_key)).status).toBe(200);
      },
    );
  });

  describe('item 8: `!` routes also accept the percent-encoded %21', () => {
    it('expire%21, stop%21, pause%21, resume%21', async () => {
      const created = (await invoice()).body;
      const expired = await api('POST', `/invoices/${created.id}/expire%21`);
      expect([expired.status, expired.body.status, expired.body.id]).toEqual([200, 'EXPIRED', created.id]);

      const plan = await api('POST', '/recurring_payments', recurringRequest({ description: 'Plan' }));
      const id = plan.body.id as string;
      expect((await api('POST', `/recurring_payments/${id}/pause%21`)).body).toMatchObject({ id, status: 'PAUSED' });
      expect((await api('POST', `/recurring_payments/${id}/resume%21`)).body).toMatchObject({ id, status: 'ACTIVE' });
      expect((await api('POST', `/recurring_payments/${id}/stop%21`)).body).toMatchObject({ id, status: 'STOPPED' });
      // The literal form is unchanged.
      const other = (await invoice()).body;
      expect((await api('POST', `/invoices/${other.id}/expire!`)).body.status).toBe('EXPIRED');
    });
  });

  describe('item 11: the magic amount 3000000 is a successful non-fixed virtual account payment', () => {
    const MAGIC = 3_000_000;

    it('pays at once through a POOL virtual account when the invoice offers one', async () => {
      const paid = await invoice({ amount: MAGIC, payment_methods: ['ALFAMART', 'BRI'] });
      expect(paid.body).toMatchObject({
        status: 'PAID',
        payment_method: 'BANK_TRANSFER',
        bank_code: 'BRI',
        paid_amount: MAGIC,
      });
      const pool = paid.body.available_banks.find((bank: { bank_code: string }) => bank.bank_code === 'BRI');
      expect(pool.collection_type).toBe('POOL');
      expect(paid.body.payment_destination).toBe(pool.bank_account_number);
    });

    it(
      'leaves the invoice PENDING when it offers no POOL virtual account (retail only, card only, ' +
        'or only fixed accounts)',
      async () => {
        for (const methods of [
          { payment_methods: ['ALFAMART'] },
          { payment_methods: ['CREDIT_CARD'] },
          { payment_methods: ['BCA'], fixed_va: true },
        ]) {
          const created = await invoice({ amount: MAGIC, ...methods });
          expect({ methods, status: created.status, invoice: created.body.status }).toEqual({
            methods,
            status: 200,
            invoice: 'PENDING',
          });
        }
      },
    );
  });
});
