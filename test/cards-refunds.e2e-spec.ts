import { AdvanceTestClockCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { TEST_CARDS, tokenize, updateTestSettings } from './support/cards';
import { eventually } from './support/eventually';
import { gatewayWithReceiver } from './support/gateway-with-receiver';
import { call, provisionBusiness } from './support/test-business';

describe('card refunds', () => {
  const running = gatewayWithReceiver();

  const api = (
    business: ProvisionedBusiness,
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => call(running.gateway.baseUrl, business.test.secret_key, method, path, { body, headers });
  const SYNC = { 'api-version': '2019-05-01' };
  const DAY = 24 * 60 * 60 * 1000;

  /** A business with optional authentication, `funds` of settled CASH and one captured charge of `amount`. */
  async function capturedCharge(amount: number, funds = 0) {
    const business = await provisionBusiness(running.gateway.app);
    await updateTestSettings(running.gateway.app, business.business_id, { optionalAuthentication: true });
    if (funds > 0) expect((await api(business, 'POST', '/balance/top_up', { amount: funds })).status).toBe(200);
    const token = (
      await tokenize(running.gateway.baseUrl, business.test.public_key, TEST_CARDS.enrolledVisa, { multiple: true })
    ).body.id;
    const charge = await api(business, 'POST', '/credit_card_charges', {
      token_id: token,
      external_id: `order-${randomUUID()}`,
      amount,
    });
    expect(charge.body.status).toBe('CAPTURED');
    return { business, token, charge: charge.body as { id: string } };
  }
  const refund = (
    business: ProvisionedBusiness,
    chargeId: string,
    body: Record<string, unknown>,
    headers?: Record<string, string>,
  ) =>
    api(
      business,
      'POST',
      `/credit_card_charges/${chargeId}/refunds`,
      { external_id: `refund-${randomUUID()}`, ...body },
      headers,
    );
  const advanceClock = (business: ProvisionedBusiness, byMs: number) =>
    running.gateway.app.get(CommandBus).execute(
      new AdvanceTestClockCommand(business.business_id, byMs, {
        requestId: `req_${randomUUID()}`,
        actor: 'system:test',
      }),
    );
  /**
   * Settles the business's charges (test clock past the 2-day card delay) and disburses CASH from `cash` down to
   * `left`.
   */
  async function spendCashDownTo(business: ProvisionedBusiness, cash: number, left: number) {
    await advanceClock(business, 3 * DAY);
    await eventually(
      () => api(business, 'GET', '/balance'),
      (r) => r.body.balance === cash,
      20_000,
    );
    const payout = await api(business, 'POST', '/disbursements', {
      external_id: `payout-${randomUUID()}`,
      bank_code: 'BNI',
      account_holder_name: 'Budi',
      account_number: '1234567890',
      description: 'spend',
      amount: cash - left,
    });
    expect(payout.status).toBe(200);
    expect((await api(business, 'GET', '/balance')).body).toEqual({ balance: left });
  }

  it(
    '(new) → PENDING, then the worker: PENDING → SUCCEEDED and PENDING → FAILED, ' +
      'each notified with the refund object',
    async () => {
      const { business, charge } = await capturedCharge(100_000, 1_000_000);
      expect(
        (await api(business, 'POST', '/callback_urls/credit_card_refund', { url: `${running.receiver.url}/refunds` }))
          .status,
      ).toBe(200);
      const ok = await refund(business, charge.id, { amount: '10000', external_id: 'refund-ok' });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        created: expect.any(String),
        updated: expect.any(String),
        credit_card_charge_id: charge.id,
        user_id: business.business_id,
        amount: 10_000,
        external_id: 'refund-ok',
        currency: 'IDR',
        status: 'PENDING',
        // 10 % of what the capture cost (2,900 fee + 319 VAT), rounded down.
        fee_refund_amount: 321,
      });
      const rejected = await refund(business, charge.id, { amount: 5000, external_id: 'fail_refund-1' });
      expect(rejected.body.status).toBe('PENDING');

      const callbacks = await running.receiver.waitForCount(2, 20_000);
      const byId = new Map(callbacks.map((c) => [c.json.id, c]));
      expect(byId.get(ok.body.id)!.path).toBe('/refunds');
      expect(byId.get(ok.body.id)!.headers['x-callback-token']).toBe(business.test.callback_token);
      expect(byId.get(ok.body.id)!.json).toEqual({ ...ok.body, status: 'SUCCEEDED', updated: expect.any(String) });
      expect(byId.get(rejected.body.id)!.json).toEqual({
        ...rejected.body,
        status: 'FAILED',
        failure_reason: 'REFUND_FAILED',
        updated: expect.any(String),
      });
      // The refund settled the charge early (its net 96,781 = 100,000 − 2,900 fee − 319 VAT moved
      // to CASH, docs/ledger.md), then the successful refund left CASH: 1,000,000 + 96,781 − 10,000.
      // The failed refund's 5,000 comes back to CASH when the job releases its reservation, a step
      // after the refund's end (whose callback can arrive first, docs/cards.md), so it is awaited.
      expect(
        (
          await eventually(
            () => api(business, 'GET', '/balance'),
            (r) => r.body.balance === 1_086_781,
            20_000,
          )
        ).body,
      ).toEqual({ balance: 1_086_781 });
      const log = await api(
        business,
        'GET',
        `/callback_deliveries?callback_type=credit_card_refund&resource_id=${ok.body.id}`,
      );
      expect(log.body.data).toEqual([
        expect.objectContaining({ status: 'succeeded', event_type: 'CardRefundSucceeded' }),
      ]);
    },
  );

  it('API version 2019-05-01 answers after processing; a failed refund frees its amount again', async () => {
    const { business, charge } = await capturedCharge(20_000, 100_000);
    const failed = await refund(business, charge.id, { amount: 20_000, external_id: 'FAIL_REFUND_all' }, SYNC);
    expect(failed.body).toMatchObject({ status: 'FAILED', failure_reason: 'REFUND_FAILED', amount: 20_000 });
    const succeeded = await refund(business, charge.id, { amount: 20_000 }, SYNC);
    expect(succeeded.body).toMatchObject({ status: 'SUCCEEDED', amount: 20_000, fee_refund_amount: 644 });
    expect(await refund(business, charge.id, { amount: 1 }, SYNC)).toMatchObject({
      status: 400,
      body: { error_code: 'REFUND_AMOUNT_EXCEEDED_ERROR' },
    });
  });

  it('a same-day refund of a charge still in HOLDING works: that charge (only) is settled early, once', async () => {
    const { business, charge } = await capturedCharge(50_000, 0);
    const other = await api(business, 'POST', '/credit_card_charges', {
      token_id: (
        await tokenize(running.gateway.baseUrl, business.test.public_key, TEST_CARDS.enrolledVisa, { multiple: true })
      ).body.id,
      external_id: `order-${randomUUID()}`,
      amount: 30_000,
    });
    expect(other.body.status).toBe('CAPTURED');
    expect((await refund(business, charge.id, { amount: 10_000 }, SYNC)).body).toMatchObject({ status: 'SUCCEEDED' });
    // 50,000 − 1,450 fee − 160 VAT = 48,390 settled early, 10,000 refunded; the other charge's
    // 29,034 (30,000 − 870 − 96) still waits for its settlement in HOLDING.
    expect((await api(business, 'GET', '/balance')).body).toEqual({ balance: 38_390 });
    expect((await api(business, 'GET', '/balance?account_type=HOLDING')).body).toEqual({ balance: 29_034 });
    // The settlement job, when its day comes, finds the charge settled and settles nothing twice.
    await advanceClock(business, 3 * DAY);
    await eventually(
      () => api(business, 'GET', '/balance?account_type=HOLDING'),
      (r) => r.body.balance === 0,
      20_000,
    );
    expect((await api(business, 'GET', '/balance')).body).toEqual({ balance: 38_390 + 29_034 });
    const settlements = await running.gateway.db.pool.query<{ movement_id: string; n: number }>(
      `SELECT movement_id, count(*)::int AS n FROM ledger_transactions WHERE business_id = $1 AND kind = ` +
        `'MoneyInSettled' AND movement_id = ANY($2) GROUP BY movement_id`,
      [business.business_id, [charge.id, other.body.id]],
    );
    expect(settlements.rows.sort((a, b) => a.movement_id.localeCompare(b.movement_id))).toEqual(
      [charge.id, other.body.id].sort().map((movement_id) => ({ movement_id, n: 1 })),
    );
  });

  it(
    'PENDING → FAILED with INSUFFICIENT_BALANCE when CASH, ' + 'the charge settled, does not cover the refund',
    async () => {
      const { business, charge } = await capturedCharge(50_000, 0);
      await spendCashDownTo(business, 48_390, 5_000);
      expect((await refund(business, charge.id, { amount: 10_000 }, SYNC)).body).toMatchObject({
        status: 'FAILED',
        failure_reason: 'INSUFFICIENT_BALANCE',
      });
      expect((await api(business, 'GET', '/balance')).body).toEqual({ balance: 5_000 });
      // The failed refund frees its amount on the charge; a smaller one that CASH covers succeeds.
      expect((await refund(business, charge.id, { amount: 5_000 }, SYNC)).body).toMatchObject({ status: 'SUCCEEDED' });
      expect((await api(business, 'GET', '/balance')).body).toEqual({ balance: 0 });
    },
  );

  it('refunds racing for the same CASH: no more succeed than the balance covers', async () => {
    const { business, charge } = await capturedCharge(100_000, 0);
    await spendCashDownTo(business, 96_781, 25_000);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => refund(business, charge.id, { amount: 10_000 }, SYNC)),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(results.filter((r) => r.body.status === 'SUCCEEDED')).toHaveLength(2);
    expect(results.filter((r) => r.body.failure_reason === 'INSUFFICIENT_BALANCE')).toHaveLength(2);
    expect((await api(business, 'GET', '/balance')).body).toEqual({ balance: 5_000 });
  });

  it('30 parallel refunds of 10 % each on one charge: exactly 10 accepted', async () => {
    const { business, charge } = await capturedCharge(100_000, 10_000_000);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => refund(business, charge.id, { amount: 10_000 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(r.body).toMatchObject({ error_code: 'REFUND_AMOUNT_EXCEEDED_ERROR' });
    // All ten are processed, once each.
    // CASH: 10,000,000 + the charge's net 96,781 (settled early by the first refund) − 100,000.
    const balance = await eventually(
      () => api(business, 'GET', '/balance'),
      (r) => r.body.balance === 9_996_781,
      30_000,
    );
    expect(balance.body).toEqual({ balance: 9_996_781 });
  });

  it('DUPLICATE_REFUND_ERROR: an external_id is used once per charge, also under parallel requests', async () => {
    const { business, charge } = await capturedCharge(100_000, 1_000_000);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => refund(business, charge.id, { amount: 1000, external_id: 'same-refund' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200))
      expect(r.body).toMatchObject({ error_code: 'DUPLICATE_REFUND_ERROR' });
  });

  it('X-IDEMPOTENCY-KEY replays the first answer instead of refunding twice', async () => {
    const { business, charge } = await capturedCharge(100_000, 1_000_000);
    const key = { 'x-idempotency-key': `idem-${randomUUID()}` };
    const first = await refund(business, charge.id, { amount: 1000, external_id: 'idem-refund' }, key);
    const second = await refund(business, charge.id, { amount: 1000, external_id: 'idem-refund' }, key);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
  });

  it('REFUND_AMOUNT_EXCEEDED_ERROR, a not-captured charge, unknown charges and bad input', async () => {
    const { business, charge, token } = await capturedCharge(10_000, 100_000);
    expect(await refund(business, charge.id, { amount: 10_001 })).toMatchObject({
      status: 400,
      body: { error_code: 'REFUND_AMOUNT_EXCEEDED_ERROR' },
    });
    const authorized = await api(business, 'POST', '/credit_card_charges', {
      token_id: token,
      external_id: 'auth-only',
      amount: 5000,
      capture: false,
    });
    expect(await refund(business, authorized.body.id, { amount: 100 })).toMatchObject({
      status: 400,
      body: { error_code: 'INVALID_CHARGE_STATUS_ERROR' },
    });
    expect(await refund(business, '0123456789abcdef01234567', { amount: 100 })).toMatchObject({
      status: 404,
      body: { error_code: 'CREDIT_CARD_CHARGE_NOT_FOUND_ERROR' },
    });
    const stranger = await provisionBusiness(running.gateway.app);
    expect(await refund(stranger, charge.id, { amount: 100 })).toMatchObject({
      status: 404,
      body: { error_code: 'CREDIT_CARD_CHARGE_NOT_FOUND_ERROR' },
    });
    for (const body of [
      { amount: 0 },
      { amount: 'x' },
      { amount: 10.5 },
      { external_id: 'x'.repeat(65), amount: 1 },
      { external_id: 12, amount: 1 },
      { external_id: undefined, amount: 1 },
    ]) {
      expect(await refund(business, charge.id, body)).toMatchObject({
        status: 400,
        body: { error_code: 'API_VALIDATION_ERROR' },
      });
    }
    expect(
      await call(
        running.gateway.baseUrl,
        business.test.secret_key,
        'POST',
        `/credit_card_charges/${charge.id}/refunds`,
        { body: '{"amount":' },
      ),
    ).toMatchObject({
      status: 400,
      body: { error_code: 'INVALID_JSON_FORMAT' },
    });
  });
});
