import type { ProvisionedBusiness } from '@gateway/accounts';
import { AdvanceTestClockCommand } from '@gateway/accounts';
import { CommandBus } from '@nestjs/cqrs';
import { answerChallenge, FUTURE_YEAR, TEST_CARDS, tokenize, tokenRequest, updateTestSettings } from './support/cards';
import { eventually } from './support/eventually';
import { holdLogReaders } from './support/log-readers-held';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';

describe('card tokenization and 3DS (public-key endpoints)', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  const publicKey = () => merchant.test.public_key;

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
  });
  afterAll(async () => gateway?.close());

  it(
    'enrolled card, single use: IN_REVIEW with a payer_authentication_url; ' +
      'completing the challenge makes it VERIFIED',
    async () => {
      const token = await tokenize(gateway.baseUrl, publicKey(), TEST_CARDS.enrolledVisa, { amount: '10000' });
      expect(token.status).toBe(200);
      expect(token.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        authentication_id: expect.stringMatching(/^[0-9a-f]{24}$/),
        masked_card_number: '400000XXXXXX0002',
        status: 'IN_REVIEW',
        payer_authentication_url: `${gateway.baseUrl}/3ds/${token.body.authentication_id}`,
        card_info: { brand: 'VISA' },
      });
      const page = await fetch(token.body.payer_authentication_url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await page.text();
      expect(html).toContain('400000XXXXXX0002');
      expect(html).toContain('IDR 10,000');
      expect(await answerChallenge(gateway.baseUrl, token.body.authentication_id, 'complete')).toBe(303);
      const after = await (await fetch(token.body.payer_authentication_url)).text();
      expect(after).toContain('data-status="VERIFIED"');
    },
  );

  it.each([TEST_CARDS.enrolledMastercard, TEST_CARDS.enrolledVisa])(
    'the payer failing the challenge of %s makes it FAILED (AUTHENTICATION_FAILED)',
    async (card) => {
      const token = await tokenize(gateway.baseUrl, publicKey(), card, { amount: 5000 });
      expect(await answerChallenge(gateway.baseUrl, token.body.authentication_id, 'fail')).toBe(303);
      expect(await (await fetch(`${gateway.baseUrl}/3ds/${token.body.authentication_id}`)).text()).toContain(
        'data-status="FAILED"',
      );
    },
  );

  it.each([TEST_CARDS.failingVisa, TEST_CARDS.failingMastercard])(
    '3DS-failing card %s fails even when the payer completes',
    async (card) => {
      const token = await tokenize(gateway.baseUrl, publicKey(), card, { amount: 5000 });
      expect(token.body.status).toBe('IN_REVIEW');
      await answerChallenge(gateway.baseUrl, token.body.authentication_id, 'complete');
      expect(await (await fetch(`${gateway.baseUrl}/3ds/${token.body.authentication_id}`)).text()).toContain(
        'data-status="FAILED"',
      );
    },
  );

  it(
    'a second answer to the challenge (double submit) lands on the page showing the outcome, ' +
      'even while the read model lags',
    async () => {
      const token = await tokenize(gateway.baseUrl, publicKey(), TEST_CARDS.enrolledVisa, { amount: 5000 });
      const authenticationId = token.body.authentication_id as string;
      // Keep the read model behind the log: the answer is in the log (the decider sees it), no
      // projection has it yet.
      const held = await holdLogReaders(gateway.db.pool);
      try {
        const first = answerChallenge(gateway.baseUrl, authenticationId, 'complete');
        const answered = () =>
          gateway.db.pool.query(
            `SELECT 1 FROM es_events WHERE type = 'CardAuthenticationVerified' AND data->>'authenticationId' = $1`,
            [authenticationId],
          );
        await eventually(answered, (result) => result.rowCount === 1);
        const cancel = held.releaseAfter(1000);
        try {
          expect(await answerChallenge(gateway.baseUrl, authenticationId, 'complete')).toBe(303);
          expect(await (await fetch(`${gateway.baseUrl}/3ds/${authenticationId}`)).text()).toContain(
            'data-status="VERIFIED"',
          );
        } finally {
          cancel();
        }
        expect(await first).toBe(303);
      } finally {
        await held.release();
      }
    },
  );

  it('not-enrolled card: VERIFIED at once, no page', async () => {
    const token = await tokenize(gateway.baseUrl, publicKey(), TEST_CARDS.notEnrolledMastercard, { amount: 5000 });
    expect(token.body).toMatchObject({ status: 'VERIFIED', masked_card_number: '520000XXXXXX0056' });
    expect(token.body.payer_authentication_url).toBeUndefined();
    expect(token.body.authentication_id).toMatch(/^[0-9a-f]{24}$/);
  });

  it(
    'timing-out card: VERIFICATION_TIMEOUT_ERROR (408) and no token (issue 19, item 6); ' +
      'an abandoned challenge is FAILED after 10 minutes on the test clock',
    async () => {
      const business = await provisionBusiness(gateway.app);
      const timedOut = await tokenize(gateway.baseUrl, business.test.public_key, TEST_CARDS.timingOutVisa, {
        amount: 5000,
      });
      expect(timedOut).toMatchObject({ status: 408, body: { error_code: 'VERIFICATION_TIMEOUT_ERROR' } });
      const token = await tokenize(gateway.baseUrl, business.test.public_key, TEST_CARDS.enrolledVisa, {
        amount: 5000,
      });
      expect(token.body.status).toBe('IN_REVIEW');
      await gateway.app
        .get(CommandBus)
        .execute(
          new AdvanceTestClockCommand(business.business_id, 11 * 60_000, { requestId: 'req_t', actor: 'system:test' }),
        );
      const final = await eventually(
        () => fetch(token.body.payer_authentication_url).then((r) => r.text()),
        (html) => html.includes('data-status="FAILED"'),
      );
      expect(final).toContain('data-status="FAILED"');
    },
  );

  it(
    'multiple-use token: VERIFIED without authentication; ' +
      'createAuthentication authenticates it (IN_REVIEW → VERIFIED), retry after failure allowed',
    async () => {
      const token = await tokenize(gateway.baseUrl, publicKey(), TEST_CARDS.enrolledMastercard, { multiple: true });
      expect(token.body).toMatchObject({ status: 'VERIFIED', masked_card_number: '520000XXXXXX0007' });
      expect(token.body.authentication_id).toBeUndefined();
      const first = await call(
        gateway.baseUrl,
        publicKey(),
        'POST',
        `/credit_card_tokens/${token.body.id}/authentications`,
        { body: { amount: '7000' } },
      );
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        status: 'IN_REVIEW',
        amount: 7000,
        payer_authentication_url: expect.stringContaining('/3ds/'),
      });
      await answerChallenge(gateway.baseUrl, first.body.id, 'fail');
      const retry = await call(
        gateway.baseUrl,
        publicKey(),
        'POST',
        `/credit_card_tokens/${token.body.id}/authentications`,
        { body: { amount: 7000 } },
      );
      expect(retry.body.status).toBe('IN_REVIEW');
      await answerChallenge(gateway.baseUrl, retry.body.id, 'complete');
      expect(await (await fetch(retry.body.payer_authentication_url)).text()).toContain('data-status="VERIFIED"');
    },
  );

  it('should_authenticate false: refused without the optional-authentication setting, VERIFIED with it', async () => {
    const business = await provisionBusiness(gateway.app);
    const refused = await tokenize(gateway.baseUrl, business.test.public_key, TEST_CARDS.enrolledVisa, {
      shouldAuthenticate: false,
    });
    expect(refused).toMatchObject({ status: 400, body: { error_code: 'AUTHENTICATION_REQUIRED_ERROR' } });
    await updateTestSettings(gateway.app, business.business_id, { optionalAuthentication: true });
    const allowed = await tokenize(gateway.baseUrl, business.test.public_key, TEST_CARDS.enrolledVisa, {
      shouldAuthenticate: false,
    });
    expect(allowed.body).toMatchObject({ status: 'VERIFIED' });
    expect(allowed.body.authentication_id).toBeUndefined();
  });

  describe('errors', () => {
    const post = (body: unknown, key = publicKey()) =>
      call(gateway.baseUrl, key, 'POST', '/v2/credit_card_tokens', { body });

    it.each([
      ['a number failing the Luhn check', '4000000000000001'],
      ['letters', '4000abcd00000002'],
      ['too short', '40000002'],
      ['too long', '40000000000000000002'],
    ])('ACCOUNT_NUMBER_INVALID_ERROR for %s', async (_what, number) => {
      expect(await post(tokenRequest(number, { amount: 1000 }))).toMatchObject({
        status: 400,
        body: { error_code: 'ACCOUNT_NUMBER_INVALID_ERROR' },
      });
    });

    it('BRAND_NOT_SUPPORTED_ERROR for AMEX (not enabled) and other networks', async () => {
      expect(await post(tokenRequest(TEST_CARDS.amex, { amount: 1000 }))).toMatchObject({
        status: 400,
        body: { error_code: 'BRAND_NOT_SUPPORTED_ERROR' },
      });
      expect(await post(tokenRequest('6011111111111117', { amount: 1000 }))).toMatchObject({
        status: 400,
        body: { error_code: 'BRAND_NOT_SUPPORTED_ERROR' },
      });
    });

    it.each([
      ['month 13', { exp_month: '13' }],
      ['a malformed year', { exp_year: '20x0' }],
      ['a 4-digit CVN on VISA', { cvn: '1234' }],
    ])('VALIDATION_ERROR for %s', async (_what, change) => {
      const body = tokenRequest(TEST_CARDS.enrolledVisa, { amount: 1000 });
      const { cvn, ...card } = { ...body.card_data, ...change } as Record<string, string>;
      const sent = cvn ? { ...body, card_cvn: cvn, card_data: card } : { ...body, card_data: card };
      expect(await post(sent)).toMatchObject({ status: 400, body: { error_code: 'VALIDATION_ERROR' } });
    });

    it(
      'CREDIT_CARD_DATA_ERROR for a past expiry: ' + 'well-formed data the network refuses (issue 19, item 6)',
      async () => {
        const body = tokenRequest(TEST_CARDS.enrolledVisa, { amount: 1000 });
        expect(
          await post({ ...body, card_data: { ...body.card_data, exp_month: '01', exp_year: '2020' } }),
        ).toMatchObject({ status: 400, body: { error_code: 'CREDIT_CARD_DATA_ERROR' } });
      },
    );

    it('VALIDATION_ERROR when a bundled authentication has no amount', async () => {
      expect(await post(tokenRequest(TEST_CARDS.enrolledVisa))).toMatchObject({
        status: 400,
        body: { error_code: 'VALIDATION_ERROR' },
      });
    });

    it.each([
      ['no card_data', { is_single_use: true }],
      ['card_data not an object', { card_data: 'x' }],
      ['a boolean card number', { card_data: { account_number: true, exp_month: '12', exp_year: FUTURE_YEAR } }],
      ['amount negative', { ...tokenRequest(TEST_CARDS.enrolledVisa), amount: -5 }],
      ['amount fractional', { ...tokenRequest(TEST_CARDS.enrolledVisa), amount: 10.5 }],
      ['is_single_use a string', { ...tokenRequest(TEST_CARDS.enrolledVisa, { amount: 1 }), is_single_use: 'yes' }],
      ['an array', []],
    ])('API_VALIDATION_ERROR for %s', async (_what, body) => {
      expect(await post(body)).toMatchObject({ status: 400, body: { error_code: 'API_VALIDATION_ERROR' } });
    });

    it('INVALID_JSON_FORMAT for a broken body', async () => {
      expect(await post('{"card_data":')).toMatchObject({ status: 400, body: { error_code: 'INVALID_JSON_FORMAT' } });
    });

    it('no key → 401; a secret key of another business cannot create authentications on this token', async () => {
      expect(
        (
          await call(gateway.baseUrl, undefined, 'POST', '/v2/credit_card_tokens', {
            body: tokenRequest(TEST_CARDS.enrolledVisa, { amount: 1 }),
          })
        ).status,
      ).toBe(401);
      const token = await tokenize(gateway.baseUrl, publicKey(), TEST_CARDS.enrolledVisa, { multiple: true });
      const stranger = await provisionBusiness(gateway.app);
      const response = await call(
        gateway.baseUrl,
        stranger.test.public_key,
        'POST',
        `/credit_card_tokens/${token.body.id}/authentications`,
        { body: { amount: 1000 } },
      );
      expect(response).toMatchObject({ status: 404, body: { error_code: 'TOKEN_NOT_FOUND_ERROR' } });
    });

    it('a public key reaches nothing else', async () => {
      expect(
        await call(gateway.baseUrl, publicKey(), 'GET', '/credit_card_charges/0123456789abcdef01234567'),
      ).toMatchObject({ status: 403, body: { error_code: 'REQUEST_FORBIDDEN_ERROR' } });
    });

    it('live mode: no card network ships (TEMPORARY_SERVICE_ERROR)', async () => {
      expect(
        await post(tokenRequest(TEST_CARDS.enrolledVisa, { amount: 1000 }), merchant.live.public_key),
      ).toMatchObject({ status: 503, body: { error_code: 'TEMPORARY_SERVICE_ERROR' } });
    });

    it('createAuthentication: invalid token id, unknown token, bad amount', async () => {
      const auth = (tokenId: string, body: unknown) =>
        call(gateway.baseUrl, publicKey(), 'POST', `/credit_card_tokens/${tokenId}/authentications`, { body });
      expect(await auth('not-an-id', { amount: 100 })).toMatchObject({
        status: 400,
        body: { error_code: 'INVALID_TOKEN_ID_ERROR' },
      });
      expect(await auth('0123456789abcdef01234567', { amount: 100 })).toMatchObject({
        status: 404,
        body: { error_code: 'TOKEN_NOT_FOUND_ERROR' },
      });
      expect(await auth('0123456789abcdef01234567', { amount: 'ten' })).toMatchObject({
        status: 400,
        body: { error_code: 'API_VALIDATION_ERROR' },
      });
    });

    it(
      'the 3DS page: unknown ids are 404, ' + 'a second answer changes nothing, and the page escapes what it shows',
      async () => {
        expect((await fetch(`${gateway.baseUrl}/3ds/0123456789abcdef01234567`)).status).toBe(404);
        expect((await fetch(`${gateway.baseUrl}/3ds/%3Cscript%3E`)).status).toBe(404);
        const token = await tokenize(gateway.baseUrl, publicKey(), TEST_CARDS.enrolledVisa, { amount: 1000 });
        await answerChallenge(gateway.baseUrl, token.body.authentication_id, 'complete');
        expect(await answerChallenge(gateway.baseUrl, token.body.authentication_id, 'fail')).toBe(303);
        expect(await (await fetch(token.body.payer_authentication_url)).text()).toContain('data-status="VERIFIED"');
      },
    );

    it(
      'the 3DS page: only action=complete verifies and only action=fail fails; any other post shows the page ' +
        'again (400, HTML) and changes nothing',
      async () => {
        const token = await tokenize(gateway.baseUrl, publicKey(), TEST_CARDS.enrolledVisa, { amount: 1000 });
        const url = `${gateway.baseUrl}/3ds/${token.body.authentication_id}`;
        const attempts: [string, string][] = [
          ['', 'application/x-www-form-urlencoded'],
          ['action=bogus&code=123456', 'application/x-www-form-urlencoded'],
          ['action=&code=123456', 'application/x-www-form-urlencoded'],
          ['code=123456', 'application/x-www-form-urlencoded'],
          ['{"action":["complete"]}', 'application/json'],
        ];
        for (const [body, contentType] of attempts) {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': contentType },
            body,
            redirect: 'manual',
          });
          const html = await response.text();
          expect([body, response.status, response.headers.get('content-type')]).toEqual([
            body,
            400,
            'text/html; charset=utf-8',
          ]);
          expect(html).toContain('id="notice"');
          expect(html).toContain('id="challenge"');
        }
        // A body no parser reads is refused by the edge before any route, as on every route (415).
        const unread = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: 'action=complete',
          redirect: 'manual',
        });
        expect(unread.status).toBe(415);
        expect(await (await fetch(url)).text()).toContain('id="challenge"');
        expect(await answerChallenge(gateway.baseUrl, token.body.authentication_id, 'complete')).toBe(303);
        expect(await (await fetch(url)).text()).toContain('data-status="VERIFIED"');
      },
    );

    it("the 3DS page may be framed by the gateway's own pages and by the origin its URL names, no other", async () => {
      const token = await tokenize(gateway.baseUrl, publicKey(), TEST_CARDS.enrolledVisa, { amount: 1000 });
      const frameAncestors = async (query: string) => {
        const response = await fetch(`${gateway.baseUrl}/3ds/${token.body.authentication_id}${query}`);
        await response.arrayBuffer();
        return /frame-ancestors ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
      };
      expect(await frameAncestors('')).toBe("'self'");
      expect(await frameAncestors('?origin=https%3A%2F%2Fshop.example')).toBe("'self' https://shop.example");
      expect(await frameAncestors('?origin=http%3A%2F%2Flocalhost%3A8080')).toBe("'self' http://localhost:8080");
      for (const origin of ['https://shop.example/checkout', 'javascript:alert(1)', "https://a.example 'none'", '*'])
        expect(await frameAncestors(`?origin=${encodeURIComponent(origin)}`)).toBe("'self'");
      expect(
        (await fetch(`${gateway.baseUrl}/3ds/0123456789abcdef01234567`)).headers.get('content-security-policy'),
      ).toContain("frame-ancestors 'self'");
    });
  });

  it('cards.js is served to any page, and the tokenization endpoints answer CORS preflights', async () => {
    const script = await fetch(`${gateway.baseUrl}/js/v1/cards.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('application/javascript');
    const text = await script.text();
    expect(text).toContain('createToken');
    expect(text).toContain('createAuthentication');
    const preflight = await fetch(`${gateway.baseUrl}/v2/credit_card_tokens`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const refused = await call(gateway.baseUrl, publicKey(), 'POST', '/v2/credit_card_tokens', {
      body: tokenRequest('4000000000000001', { amount: 1 }),
    });
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });
});
