import { AdvanceTestClockCommand, CreateApiKeyCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { answerChallenge, TEST_CARDS, tokenize, updateTestSettings, verifiedToken } from './support/cards';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';

describe('card charges, captures, reversals', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  let relaxed: ProvisionedBusiness;

  const api = (business: ProvisionedBusiness, method: string, path: string, body?: unknown) =>
    call(gateway.baseUrl, business.test.secret_key, method, path, { body });
  const charge = (business: ProvisionedBusiness, body: Record<string, unknown>) =>
    api(business, 'POST', '/credit_card_charges', { external_id: `order-${randomUUID()}`, ...body });
  /** A multiple-use token on the business allowing optional authentication: chargeable without 3DS (eci 07). */
  const reusableToken = async (card: string = TEST_CARDS.enrolledVisa) =>
    (await tokenize(gateway.baseUrl, relaxed.test.public_key, card, { multiple: true })).body.id as string;
  const advance = (business: ProvisionedBusiness, ms: number) =>
    gateway.app.get(CommandBus).execute(
      new AdvanceTestClockCommand(business.business_id, ms, {
        requestId: `req_${randomUUID()}`,
        actor: 'system:test',
      }),
    );

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
    relaxed = await provisionBusiness(gateway.app);
    await updateTestSettings(gateway.app, relaxed.business_id, { optionalAuthentication: true });
  });
  afterAll(async () => gateway?.close());

  it(
    '(new) → CAPTURED: a 3DS-verified single-use token, capture omitted; GET shows the same; ' +
      'the capture credits HOLDING net of the fee',
    async () => {
      const token = await verifiedToken(gateway.baseUrl, merchant.test.public_key, 100_000);
      const created = await charge(merchant, { token_id: token.id, amount: 100_000, card_cvn: '123' });
      expect(created.status).toBe(200);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        created: expect.any(String),
        status: 'CAPTURED',
        business_id: merchant.business_id,
        authorized_amount: 100_000,
        capture_amount: 100_000,
        external_id: expect.stringMatching(/^order-/),
        merchant_id: merchant.business_id,
        merchant_reference_code: expect.any(String),
        card_type: 'CREDIT',
        masked_card_number: '400000XXXXXX0002',
        card_brand: 'VISA',
        bank_reconciliation_id: expect.stringMatching(/^\d{22}$/),
        eci: '5',
        charge_type: 'SINGLE_USE_TOKEN',
        currency: 'IDR',
        credit_card_token_id: token.id,
        authentication_id: token.authentication_id,
      });
      expect((await api(merchant, 'GET', `/credit_card_charges/${created.body.id}`)).body).toEqual(created.body);
      // 2.9 % fee (2,900) and 11 % VAT on it (319): 96,781 waits in HOLDING for settlement.
      // (The charge's answer does not wait for the journal: the HOLDING credit follows within moments.)
      const holding = await eventually(
        () => api(merchant, 'GET', '/balance?account_type=HOLDING'),
        (r) => r.body.balance === 96_781,
      );
      expect(holding.body).toEqual({ balance: 96_781 });
    },
  );

  it(
    '(new) → AUTHORIZED with capture false; AUTHORIZED → CAPTURED by a partial capture; ' +
      'a second capture is INVALID_CHARGE_STATUS_ERROR',
    async () => {
      const token = await verifiedToken(
        gateway.baseUrl,
        merchant.test.public_key,
        50_000,
        TEST_CARDS.enrolledMastercard,
      );
      const authorized = await charge(merchant, {
        token_id: token.id,
        authentication_id: token.authentication_id,
        amount: 50_000,
        capture: false,
      });
      expect(authorized.body).toMatchObject({
        status: 'AUTHORIZED',
        authorized_amount: 50_000,
        eci: '2',
        card_brand: 'MASTERCARD',
      });
      expect(authorized.body.capture_amount).toBeUndefined();
      const above = await api(merchant, 'POST', `/credit_card_charges/${authorized.body.id}/capture`, {
        amount: 50_001,
      });
      expect(above).toMatchObject({ status: 400, body: { error_code: 'AMOUNT_GREATER_THAN_AUTHORIZED_ERROR' } });
      const captured = await api(merchant, 'POST', `/credit_card_charges/${authorized.body.id}/capture`, {
        amount: '30000',
      });
      expect(captured.body).toMatchObject({
        id: authorized.body.id,
        status: 'CAPTURED',
        authorized_amount: 50_000,
        capture_amount: 30_000,
      });
      expect((await api(merchant, 'GET', `/credit_card_charges/${authorized.body.id}`)).body).toMatchObject({
        status: 'CAPTURED',
        capture_amount: 30_000,
      });
      const again = await api(merchant, 'POST', `/credit_card_charges/${authorized.body.id}/capture`, { amount: 1000 });
      expect(again).toMatchObject({ status: 400, body: { error_code: 'INVALID_CHARGE_STATUS_ERROR' } });
    },
  );

  it('captures of one authorization racing: exactly one wins', async () => {
    const authorized = await charge(relaxed, { token_id: await reusableToken(), amount: 20_000, capture: false });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        api(relaxed, 'POST', `/credit_card_charges/${authorized.body.id}/capture`, { amount: 20_000 }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.error_code === 'INVALID_CHARGE_STATUS_ERROR')).toHaveLength(7);
  });

  it.each([
    [5001, 'EXPIRED_CARD'],
    [5002, 'CARD_DECLINED'],
    [5003, 'PROCESSOR_ERROR'],
    [5004, 'INSUFFICIENT_BALANCE'],
    [5005, 'STOLEN_CARD'],
    [5006, 'INACTIVE_CARD'],
  ])('(new) → FAILED: magic amount %i fails with %s', async (amount, reason) => {
    const failed = await charge(relaxed, { token_id: await reusableToken(), amount });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({
      status: 'FAILED',
      failure_reason: reason,
      authorized_amount: amount,
      eci: '7',
      charge_type: 'MULTIPLE_USE_TOKEN',
    });
    expect((await api(relaxed, 'GET', `/credit_card_charges/${failed.body.id}`)).body).toMatchObject({
      status: 'FAILED',
      failure_reason: reason,
    });
  });

  it('fraud amounts apply only when fraud detection is on: 10099 blocked, 10077 allowed', async () => {
    const business = await provisionBusiness(gateway.app);
    await updateTestSettings(gateway.app, business.business_id, { optionalAuthentication: true });
    const token = (
      await tokenize(gateway.baseUrl, business.test.public_key, TEST_CARDS.enrolledVisa, { multiple: true })
    ).body.id;
    expect((await charge(business, { token_id: token, amount: 10099 })).body.status).toBe('CAPTURED');
    await updateTestSettings(gateway.app, business.business_id, { fraudDetection: true });
    expect((await charge(business, { token_id: token, amount: 10099 })).body).toMatchObject({
      status: 'FAILED',
      failure_reason: 'CARD_DECLINED',
    });
    expect((await charge(business, { token_id: token, amount: 10077 })).body.status).toBe('CAPTURED');
  });

  it('charge_type RECURRING when is_recurring; a not-enrolled card gets eci 06/01', async () => {
    expect(
      (await charge(relaxed, { token_id: await reusableToken(), amount: 1000, is_recurring: true })).body.charge_type,
    ).toBe('RECURRING');
    const token = await verifiedToken(
      gateway.baseUrl,
      merchant.test.public_key,
      1000,
      TEST_CARDS.notEnrolledMastercard,
    );
    expect((await charge(merchant, { token_id: token.id, amount: 1000 })).body).toMatchObject({
      status: 'CAPTURED',
      eci: '1',
    });
  });

  it('an expired card fails with EXPIRED_CARD (the test clock moved past its expiry)', async () => {
    const business = await provisionBusiness(gateway.app);
    await updateTestSettings(gateway.app, business.business_id, { optionalAuthentication: true });
    const token = (
      await tokenize(gateway.baseUrl, business.test.public_key, TEST_CARDS.enrolledVisa, { multiple: true })
    ).body.id;
    await advance(business, 5 * 366 * 86_400_000);
    expect((await charge(business, { token_id: token, amount: 1000 })).body).toMatchObject({
      status: 'FAILED',
      failure_reason: 'EXPIRED_CARD',
    });
  });

  describe('auth reversal and expiry', () => {
    it('AUTHORIZED → REVERSED by auth_reversal; then neither capture nor a second reversal', async () => {
      const authorized = await charge(relaxed, { token_id: await reusableToken(), amount: 15_000, capture: false });
      const reversal = await api(relaxed, 'POST', `/credit_card_charges/${authorized.body.id}/auth_reversal`, {
        external_id: 'reverse-1',
      });
      expect(reversal.status).toBe(200);
      expect(reversal.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        status: 'SUCCEEDED',
        credit_card_charge_id: authorized.body.id,
        business_id: relaxed.business_id,
        external_id: 'reverse-1',
        amount: 15_000,
        currency: 'IDR',
        created: expect.any(String),
      });
      expect((await api(relaxed, 'GET', `/credit_card_charges/${authorized.body.id}`)).body.status).toBe('REVERSED');
      expect(
        await api(relaxed, 'POST', `/credit_card_charges/${authorized.body.id}/capture`, { amount: 1 }),
      ).toMatchObject({ status: 400, body: { error_code: 'INVALID_CHARGE_STATUS_ERROR' } });
      expect(
        await api(relaxed, 'POST', `/credit_card_charges/${authorized.body.id}/auth_reversal`, { external_id: 'x' }),
      ).toMatchObject({ status: 400, body: { error_code: 'INVALID_CHARGE_STATUS_ERROR' } });
    });

    it('a captured charge cannot be reversed; unknown charges are 404; bad bodies are 400', async () => {
      const captured = await charge(relaxed, { token_id: await reusableToken(), amount: 1000 });
      expect(
        await api(relaxed, 'POST', `/credit_card_charges/${captured.body.id}/auth_reversal`, { external_id: 'x' }),
      ).toMatchObject({ status: 400, body: { error_code: 'INVALID_CHARGE_STATUS_ERROR' } });
      expect(
        await api(relaxed, 'POST', '/credit_card_charges/0123456789abcdef01234567/auth_reversal', { external_id: 'x' }),
      ).toMatchObject({ status: 404, body: { error_code: 'CREDIT_CARD_CHARGE_NOT_FOUND_ERROR' } });
      expect(await api(relaxed, 'POST', `/credit_card_charges/${captured.body.id}/auth_reversal`, {})).toMatchObject({
        status: 400,
        body: { error_code: 'API_VALIDATION_ERROR' },
      });
    });

    it('AUTHORIZED → EXPIRED after 7 days on the business clock; a capture is then refused', async () => {
      const business = await provisionBusiness(gateway.app);
      await updateTestSettings(gateway.app, business.business_id, { optionalAuthentication: true });
      const token = (
        await tokenize(gateway.baseUrl, business.test.public_key, TEST_CARDS.enrolledVisa, { multiple: true })
      ).body.id;
      const authorized = await charge(business, { token_id: token, amount: 9000, capture: false });
      const captured = await charge(business, { token_id: token, amount: 9000, capture: false });
      await api(business, 'POST', `/credit_card_charges/${captured.body.id}/capture`, { amount: 9000 });
      await advance(business, 6 * 86_400_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await api(business, 'GET', `/credit_card_charges/${authorized.body.id}`)).body.status).toBe('AUTHORIZED');
      await advance(business, 86_400_000 + 60_000);
      const expired = await eventually(
        () => api(business, 'GET', `/credit_card_charges/${authorized.body.id}`),
        (r) => r.body.status === 'EXPIRED',
      );
      expect(expired.body.status).toBe('EXPIRED');
      expect((await api(business, 'GET', `/credit_card_charges/${captured.body.id}`)).body.status).toBe('CAPTURED');
      expect(
        await api(business, 'POST', `/credit_card_charges/${authorized.body.id}/capture`, { amount: 100 }),
      ).toMatchObject({ status: 400, body: { error_code: 'INVALID_CHARGE_STATUS_ERROR' } });
    });
  });

  describe('token and authentication rules', () => {
    it('TOKEN_ALREADY_USED_ERROR: a single-use token charges once, also when charges race', async () => {
      const token = await verifiedToken(gateway.baseUrl, merchant.test.public_key, 5000);
      const results = await Promise.all(
        Array.from({ length: 6 }, () => charge(merchant, { token_id: token.id, amount: 5000 })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const refused of results.filter((r) => r.status !== 200))
        expect(refused.body.error_code).toMatch(/^(TOKEN_ALREADY_USED_ERROR|AUTHENTICATION_ALREADY_USED_ERROR)$/);
      expect(await charge(merchant, { token_id: token.id, amount: 5000 })).toMatchObject({
        status: 400,
        body: { error_code: 'TOKEN_ALREADY_USED_ERROR' },
      });
    });

    it(
      'AUTHENTICATION_ALREADY_USED_ERROR and ' + 'AMOUNT_GREATER_THAN_AUTHENTICATED_ERROR on a multiple-use token',
      async () => {
        const token = (
          await tokenize(gateway.baseUrl, merchant.test.public_key, TEST_CARDS.enrolledVisa, { multiple: true })
        ).body.id;
        const authentication = await call(
          gateway.baseUrl,
          merchant.test.public_key,
          'POST',
          `/credit_card_tokens/${token}/authentications`,
          { body: { amount: '8000' } },
        );
        await answerChallenge(gateway.baseUrl, authentication.body.id, 'complete');
        expect(
          await charge(merchant, { token_id: token, authentication_id: authentication.body.id, amount: 8001 }),
        ).toMatchObject({
          status: 400,
          body: { error_code: 'AMOUNT_GREATER_THAN_AUTHENTICATED_ERROR' },
        });
        expect(
          (await charge(merchant, { token_id: token, authentication_id: authentication.body.id, amount: 8000 })).body,
        ).toMatchObject({ status: 'CAPTURED', charge_type: 'MULTIPLE_USE_TOKEN' });
        expect(
          await charge(merchant, { token_id: token, authentication_id: authentication.body.id, amount: 8000 }),
        ).toMatchObject({
          status: 400,
          body: { error_code: 'AUTHENTICATION_ALREADY_USED_ERROR' },
        });
      },
    );

    it(
      'AUTHENTICATION_ID_MISSING_ERROR for a multiple-use token without one; ' +
        'AUTHENTICATION_REQUIRED_ERROR while 3DS is pending or failed',
      async () => {
        const reusable = (
          await tokenize(gateway.baseUrl, merchant.test.public_key, TEST_CARDS.enrolledVisa, { multiple: true })
        ).body.id;
        expect(await charge(merchant, { token_id: reusable, amount: 1000 })).toMatchObject({
          status: 400,
          body: { error_code: 'AUTHENTICATION_ID_MISSING_ERROR' },
        });
        const pending = await tokenize(gateway.baseUrl, merchant.test.public_key, TEST_CARDS.enrolledVisa, {
          amount: 1000,
        });
        expect(await charge(merchant, { token_id: pending.body.id, amount: 1000 })).toMatchObject({
          status: 400,
          body: { error_code: 'AUTHENTICATION_REQUIRED_ERROR' },
        });
        expect(
          await charge(merchant, {
            token_id: pending.body.id,
            authentication_id: pending.body.authentication_id,
            amount: 1000,
          }),
        ).toMatchObject({
          status: 400,
          body: { error_code: 'AUTHENTICATION_REQUIRED_ERROR' },
        });
        const failed = await tokenize(gateway.baseUrl, merchant.test.public_key, TEST_CARDS.failingVisa, {
          amount: 1000,
        });
        await answerChallenge(gateway.baseUrl, failed.body.authentication_id, 'complete');
        expect(await charge(merchant, { token_id: failed.body.id, amount: 1000 })).toMatchObject({
          status: 400,
          body: { error_code: 'AUTHENTICATION_REQUIRED_ERROR' },
        });
      },
    );

    it('not-found and malformed ids', async () => {
      const token = await verifiedToken(gateway.baseUrl, merchant.test.public_key, 1000);
      expect(await charge(merchant, { token_id: 'nope', amount: 1000 })).toMatchObject({
        status: 400,
        body: { error_code: 'INVALID_TOKEN_ID_ERROR' },
      });
      expect(await charge(merchant, { token_id: '0123456789abcdef01234567', amount: 1000 })).toMatchObject({
        status: 404,
        body: { error_code: 'TOKEN_NOT_FOUND_ERROR' },
      });
      expect(await charge(merchant, { token_id: token.id, authentication_id: 'bad id', amount: 1000 })).toMatchObject({
        status: 400,
        body: { error_code: 'INVALID_AUTHENTICATION_ID_ERROR' },
      });
      expect(
        await charge(merchant, { token_id: token.id, authentication_id: '0123456789abcdef01234567', amount: 1000 }),
      ).toMatchObject({
        status: 404,
        body: { error_code: 'AUTHENTICATION_NOT_FOUND_ERROR' },
      });
      // Another business's token does not exist for this one.
      expect(await charge(relaxed, { token_id: token.id, amount: 1000 })).toMatchObject({
        status: 404,
        body: { error_code: 'TOKEN_NOT_FOUND_ERROR' },
      });
    });

    it('INVALID_CVN_LENGTH_ERROR: 3 digits for VISA and MASTERCARD', async () => {
      const token = await reusableToken();
      expect(await charge(relaxed, { token_id: token, amount: 1000, card_cvn: '1234' })).toMatchObject({
        status: 400,
        body: { error_code: 'INVALID_CVN_LENGTH_ERROR' },
      });
      expect(await charge(relaxed, { token_id: token, amount: 1000, card_cvn: '12' })).toMatchObject({
        status: 400,
        body: { error_code: 'INVALID_CVN_LENGTH_ERROR' },
      });
      expect((await charge(relaxed, { token_id: token, amount: 1000, card_cvn: '123' })).status).toBe(200);
    });
  });

  describe('bad input, permissions, isolation', () => {
    it.each([
      ['no token_id', { amount: 1000 }],
      ['no external_id', { token_id: '0123456789abcdef01234567', amount: 1000, external_id: undefined }],
      [
        'a 65-character external_id',
        { token_id: '0123456789abcdef01234567', amount: 1000, external_id: 'x'.repeat(65) },
      ],
      ['no amount', { token_id: '0123456789abcdef01234567' }],
      ['amount zero', { token_id: '0123456789abcdef01234567', amount: 0 }],
      ['amount as text', { token_id: '0123456789abcdef01234567', amount: 'lots' }],
      ['amount huge', { token_id: '0123456789abcdef01234567', amount: 1e300 }],
      ['capture not a boolean', { token_id: '0123456789abcdef01234567', amount: 10, capture: 'no' }],
      ['token_id a number', { token_id: 5, amount: 10 }],
    ])('API_VALIDATION_ERROR for %s', async (_what, body) => {
      const response = await api(merchant, 'POST', '/credit_card_charges', { external_id: 'e-1', ...body });
      expect(response).toMatchObject({ status: 400, body: { error_code: 'API_VALIDATION_ERROR' } });
    });

    it('INVALID_JSON_FORMAT and oversized bodies', async () => {
      expect(
        await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/credit_card_charges', {
          body: '{"token_id": ',
        }),
      ).toMatchObject({ status: 400, body: { error_code: 'INVALID_JSON_FORMAT' } });
      const huge = await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/credit_card_charges', {
        body: JSON.stringify({ token_id: 'x'.repeat(2_000_000) }),
      });
      expect(huge.status).toBe(413);
    });

    it('capture: bad amounts and unknown charges', async () => {
      expect(
        await api(merchant, 'POST', '/credit_card_charges/0123456789abcdef01234567/capture', { amount: 10 }),
      ).toMatchObject({ status: 404, body: { error_code: 'CREDIT_CARD_CHARGE_NOT_FOUND_ERROR' } });
      // A malformed id is 400 API_VALIDATION_ERROR on every charge route (spec get-charge row; issue 19, item 5).
      expect(await api(merchant, 'POST', '/credit_card_charges/undefined/capture', { amount: 10 })).toMatchObject({
        status: 400,
        body: { error_code: 'API_VALIDATION_ERROR' },
      });
      expect(
        await api(merchant, 'POST', '/credit_card_charges/0123456789abcdef01234567/capture', { amount: -1 }),
      ).toMatchObject({ status: 400, body: { error_code: 'API_VALIDATION_ERROR' } });
      expect(await api(merchant, 'POST', '/credit_card_charges/0123456789abcdef01234567/capture', {})).toMatchObject({
        status: 400,
        body: { error_code: 'API_VALIDATION_ERROR' },
      });
    });

    it('GET: unknown, another business or mode → 404; malformed → 400 (spec get-charge row)', async () => {
      const created = await charge(relaxed, { token_id: await reusableToken(), amount: 1000 });
      expect(await api(merchant, 'GET', `/credit_card_charges/${created.body.id}`)).toMatchObject({
        status: 404,
        body: { error_code: 'CREDIT_CARD_CHARGE_NOT_FOUND_ERROR' },
      });
      expect(
        await call(gateway.baseUrl, relaxed.live.secret_key, 'GET', `/credit_card_charges/${created.body.id}`),
      ).toMatchObject({ status: 404 });
      expect(await api(relaxed, 'GET', '/credit_card_charges/%27%3B--')).toMatchObject({
        status: 400,
        body: { error_code: 'API_VALIDATION_ERROR' },
      });
    });

    it('REQUEST_FORBIDDEN_ERROR for keys without money-in permissions', async () => {
      const readOnly = await gateway.app.get(CommandBus).execute(
        new CreateApiKeyCommand(merchant.business_id, 'test', 'secret', 'read only', ['money_in:read'], {
          requestId: 'req_k',
          actor: 'system:test',
        }),
      );
      const noMoneyIn = await gateway.app.get(CommandBus).execute(
        new CreateApiKeyCommand(merchant.business_id, 'test', 'secret', 'payouts', ['money_out:write'], {
          requestId: 'req_k2',
          actor: 'system:test',
        }),
      );
      const id = '0123456789abcdef01234567';
      for (const [path, body] of [
        ['/credit_card_charges', { token_id: id, external_id: 'x', amount: 1 }],
        [`/credit_card_charges/${id}/capture`, { amount: 1 }],
        [`/credit_card_charges/${id}/refunds`, { amount: 1, external_id: 'x' }],
        [`/credit_card_charges/${id}/auth_reversal`, { external_id: 'x' }],
      ] as const) {
        expect(await call(gateway.baseUrl, readOnly.key, 'POST', path, { body })).toMatchObject({
          status: 403,
          body: { error_code: 'REQUEST_FORBIDDEN_ERROR' },
        });
      }
      expect(await call(gateway.baseUrl, noMoneyIn.key, 'GET', `/credit_card_charges/${id}`)).toMatchObject({
        status: 403,
        body: { error_code: 'REQUEST_FORBIDDEN_ERROR' },
      });
      expect((await call(gateway.baseUrl, readOnly.key, 'GET', `/credit_card_charges/${id}`)).status).toBe(404);
    });
  });
});
