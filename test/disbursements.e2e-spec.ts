import {
  AdvanceTestClockCommand,
  CreateApiKeyCommand,
  type ProvisionedBusiness,
  UpdateSettingsCommand,
} from '@gateway/accounts';
import { balanceStream } from '@gateway/ledger';
import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Clock } from '@gateway/clock';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { eventually } from './support/eventually';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

const context = { requestId: 'req_disbursement_test', actor: 'system:test' };
const DAY = 86_400_000;

describe('disbursements', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  const post = (body: unknown, headers: Record<string, string> = {}, key = merchant.test.secret_key) =>
    call(gateway.baseUrl, key, 'POST', '/disbursements', { body, headers });
  const get = (path: string, key = merchant.test.secret_key) => call(gateway.baseUrl, key, 'GET', path);
  const balance = async (type = 'CASH', key = merchant.test.secret_key) =>
    (await get(`/balance?account_type=${type}`, key)).body.balance as number;
  const topUp = (amount: number, key = merchant.test.secret_key) =>
    call(gateway.baseUrl, key, 'POST', '/balance/top_up', { body: { amount } });
  const request = (overrides: Record<string, unknown> = {}) => ({
    external_id: `payout-${randomUUID()}`,
    bank_code: 'BNI',
    account_holder_name: 'Budi Santoso',
    account_number: '1234-567-890',
    description: 'Supplier payment',
    amount: 150_000,
    ...overrides,
  });
  /** Moves the business's clock past any operating window (instant or T+1) so due transfers run. */
  const passWindows = (business = merchant) =>
    gateway.app.get(CommandBus).execute(new AdvanceTestClockCommand(business.business_id, 4 * DAY, context));
  const finalState = (id: string, key = merchant.test.secret_key) =>
    eventually(
      () => get(`/disbursements/${id}`, key),
      (r) => r.body.status !== 'PENDING',
    );

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
    // 23:00 in Jakarta on the merchant's test clock: outside every window, so a new disbursement
    // stays PENDING (its money in HOLDING) until a test moves the clock past the next opening,
    // whatever the real hour of the run.
    const now = await gateway.app.get(Clock).now({ businessId: merchant.business_id, mode: 'test' });
    const jakarta = now.getTime() + 7 * 3_600_000;
    let target = Math.floor(jakarta / DAY) * DAY + 23 * 3_600_000;
    if (target <= jakarta) target += DAY;
    await gateway.app
      .get(CommandBus)
      .execute(new AdvanceTestClockCommand(merchant.business_id, target - jakarta, context));
    await topUp(100_000_000);
  });
  afterAll(async () => gateway?.close());

  it(
    'creates a PENDING disbursement, moves CASH to HOLDING, ' + 'and completes it on the rail, leaving HOLDING',
    async () => {
      const cash = await balance();
      const body = request({ amount: 250_000 });
      const created = await post(body);
      expect(created.status).toBe(200);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        user_id: merchant.business_id,
        external_id: body.external_id,
        amount: 250_000,
        bank_code: 'BNI',
        account_holder_name: 'Budi Santoso',
        disbursement_description: 'Supplier payment',
        status: 'PENDING',
        is_instant: true,
        created: expect.any(String),
        updated: expect.any(String),
      });
      expect((await get(`/disbursements/${created.body.id}`)).body).toEqual(created.body);
      expect((await get(`/disbursements?external_id=${body.external_id}`)).body).toEqual([created.body]);
      expect(
        await eventually(
          () => balance('HOLDING'),
          (h) => h === 250_000,
        ),
      ).toBe(250_000);
      expect((await get(`/disbursements/${created.body.id}`)).body.status).toBe('PENDING');
      expect(await balance()).toBe(cash - 250_000);

      await passWindows();
      const done = await finalState(created.body.id);
      expect(done.body).toMatchObject({ status: 'COMPLETED', id: created.body.id });
      expect(done.body.failure_code).toBeUndefined();
      expect(
        await eventually(
          () => balance('HOLDING'),
          (h) => h === 0,
        ),
      ).toBe(0);
      expect(await balance()).toBe(cash - 250_000);
    },
  );

  it.each([
    ['9999000001', 'INVALID_DESTINATION'],
    ['9999000002', 'REJECTED_BY_BANK'],
    ['9999000003', 'TRANSFER_ERROR'],
    ['9999000004', 'TEMPORARY_TRANSFER_ERROR'],
    ['9999000005', 'INSUFFICIENT_BALANCE'],
  ])('fails on the test account %s with %s and returns the money to CASH', async (accountNumber, failureCode) => {
    const cash = await balance();
    const created = await post(request({ account_number: accountNumber, bank_code: 'BCA', amount: 70_000 }));
    expect(created.status).toBe(200);
    await passWindows();
    const failed = await finalState(created.body.id);
    expect(failed.body).toMatchObject({ status: 'FAILED', failure_code: failureCode });
    expect(
      await eventually(
        () => balance(),
        (c) => c === cash,
      ),
    ).toBe(cash);
    expect(await balance('HOLDING')).toBe(0);
  });

  it('accepts the legacy client spellings bank_account_name / bank_account_number', async () => {
    const created = await post({
      external_id: 'legacy-1',
      bank_code: 'MANDIRI',
      bank_account_name: 'Siti',
      bank_account_number: '0011223344',
      description: 'x',
      amount: 20_000,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ account_holder_name: 'Siti', bank_code: 'MANDIRI' });
  });

  it('uses the default description when none is sent, and refuses when there is none', async () => {
    const missing = await post(request({ description: undefined }));
    expect(missing.status).toBe(400);
    expect(missing.body.error_code).toBe('DISBURSEMENT_DESCRIPTION_NOT_FOUND_ERROR');
    const other = await provisionBusiness(gateway.app);
    await topUp(1_000_000, other.test.secret_key);
    await gateway.app
      .get(CommandBus)
      .execute(
        new UpdateSettingsCommand(
          other.business_id,
          'test',
          { defaultDisbursementDescription: 'Payout from Toko' },
          context,
        ),
      );
    const created = await post(request({ description: undefined }), {}, other.test.secret_key);
    expect(created.status).toBe(200);
    expect(created.body.disbursement_description).toBe('Payout from Toko');
  });

  it.each([
    ['BANK_CODE_NOT_SUPPORTED_ERROR', { bank_code: 'NOPE_BANK' }],
    ['RECIPIENT_ACCOUNT_NUMBER_ERROR', { bank_code: 'BCA', account_number: '12345' }],
    ['RECIPIENT_ACCOUNT_NUMBER_ERROR', { bank_code: 'BCA', account_number: '12345678901' }],
    ['RECIPIENT_AMOUNT_ERROR', { bank_code: 'BJB', amount: 9_999 }],
    ['RECIPIENT_AMOUNT_ERROR', { bank_code: 'OVO', account_number: '081234567890', amount: 5_000 }],
    ['MAXIMUM_TRANSFER_LIMIT_ERROR', { bank_code: 'BTN', amount: 25_000_001 }],
    ['DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR', { amount: 10_000_000_000 }],
  ])('answers 400 %s', async (code, overrides) => {
    const cash = await balance();
    const response = await post(request(overrides));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error_code: code, message: expect.any(String) });
    expect(await balance()).toBe(cash);
  });

  it('has no bounds for the major banks (a transfer above 100,000,000 goes T+1)', async () => {
    const rich = await provisionBusiness(gateway.app);
    await topUp(300_000_000, rich.test.secret_key);
    const tiny = await post(request({ bank_code: 'BRI', amount: 1 }), {}, rich.test.secret_key);
    expect(tiny.status).toBe(200);
    const large = await post(request({ bank_code: 'MANDIRI', amount: 200_000_000 }), {}, rich.test.secret_key);
    expect(large.status).toBe(200);
    expect(large.body.is_instant).toBe(false);
  });

  it.each<[string, unknown]>([
    ['missing fields', {}],
    ['a decimal amount', { amount: 10_000.5 }],
    ['an amount as a string', { amount: '10000' }],
    ['a zero amount', { amount: 0 }],
    ['a negative amount', { amount: -10 }],
    ['an empty external id', { external_id: '' }],
    ['an external id of 1001 characters', { external_id: 'x'.repeat(1001) }],
    ['letters in the account number', { account_number: '12ab' }],
    ['an empty account holder name', { account_holder_name: '' }],
    ['an empty description', { description: '' }],
    ['a number as bank code', { bank_code: 14 }],
  ])('refuses %s with 400 API_VALIDATION_ERROR', async (_what, overrides) => {
    const body =
      typeof overrides === 'object' && overrides !== null && Object.keys(overrides).length === 0
        ? {}
        : request(overrides as Record<string, unknown>);
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body.error_code).toBe('API_VALIDATION_ERROR');
    expect(Array.isArray(response.body.errors)).toBe(true);
  });

  it('refuses bad JSON and a huge body with a 4xx', async () => {
    const bad = await post('{"amount": ');
    expect(bad.status).toBe(400);
    expect(bad.body.error_code).toBe('INVALID_JSON_FORMAT');
    const huge = await post(JSON.stringify(request({ description: 'x'.repeat(2_000_000) })));
    expect(huge.status).toBe(413);
  });

  it('answers a reused X-IDEMPOTENCY-KEY with DUPLICATE_TRANSACTION_ERROR and creates nothing more', async () => {
    const key = randomUUID();
    const body = request();
    const first = await post(body, { 'X-IDEMPOTENCY-KEY': key });
    expect(first.status).toBe(200);
    const again = await post(body, { 'X-IDEMPOTENCY-KEY': key });
    expect(again.status).toBe(400);
    expect(again.body.error_code).toBe('DUPLICATE_TRANSACTION_ERROR');
    const changed = await post({ ...body, amount: 99_000 }, { 'X-IDEMPOTENCY-KEY': key });
    expect(changed.body.error_code).toBe('DUPLICATE_TRANSACTION_ERROR');
    expect((await get(`/disbursements?external_id=${body.external_id}`)).body).toHaveLength(1);
  });

  it('finds several disbursements under one external id, and none of another business or mode', async () => {
    const body = request({ external_id: `shared-${randomUUID()}` });
    await post(body);
    await post(body);
    const both = await get(`/disbursements?external_id=${body.external_id}`);
    expect(both.body).toHaveLength(2);
    const stranger = await provisionBusiness(gateway.app);
    const foreign = await get(`/disbursements?external_id=${body.external_id}`, stranger.test.secret_key);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error_code).toBe('DIRECT_DISBURSEMENT_NOT_FOUND_ERROR');
    expect((await get(`/disbursements/${both.body[0].id}`, stranger.test.secret_key)).status).toBe(404);
    expect((await get(`/disbursements/${both.body[0].id}`, merchant.live.secret_key)).status).toBe(404);
  });

  it('answers 404 DIRECT_DISBURSEMENT_NOT_FOUND_ERROR for unknown ids and 400 without external_id', async () => {
    const unknown = await get('/disbursements/5f1ce05bb1a631a65eee662a');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_code).toBe('DIRECT_DISBURSEMENT_NOT_FOUND_ERROR');
    expect((await get('/disbursements/undefined')).status).toBe(404);
    const noQuery = await get('/disbursements');
    expect(noQuery.status).toBe(400);
    expect(noQuery.body.error_code).toBe('API_VALIDATION_ERROR');
    expect((await get('/disbursements?external_id=a&external_id=b')).status).toBe(400);
  });

  it(
    'needs money-out permissions: 401 without a key, ' + '403 REQUEST_FORBIDDEN_ERROR without money_out:write',
    async () => {
      expect((await call(gateway.baseUrl, undefined, 'POST', '/disbursements', { body: request() })).status).toBe(401);
      const readOnly = await gateway.app
        .get(CommandBus)
        .execute(
          new CreateApiKeyCommand(merchant.business_id, 'test', 'secret', 'reader', ['money_out:read'], context),
        );
      const forbidden = await post(request(), {}, readOnly.key);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error_code).toBe('REQUEST_FORBIDDEN_ERROR');
      expect((await get('/available_disbursements_banks', readOnly.key)).status).toBe(200);
    },
  );

  it('refuses live disbursements clearly: no live payout rail is configured', async () => {
    const response = await post(request(), {}, merchant.live.secret_key);
    expect(response.status).toBe(503);
    expect(response.body.error_code).toBe('DISBURSEMENT_RAIL_UNAVAILABLE_ERROR');
  });

  it('lists the banks and eWallets it can pay to', async () => {
    const banks = await get('/available_disbursements_banks');
    expect(banks.status).toBe(200);
    expect(banks.body).toEqual(
      expect.arrayContaining([
        { name: 'Bank Central Asia (BCA)', code: 'BCA', can_disburse: true, can_name_validate: true },
      ]),
    );
    expect(banks.body.map((b: { code: string }) => b.code)).toEqual(
      expect.arrayContaining(['BNI', 'BRI', 'MANDIRI', 'OVO', 'DANA', 'LINKAJA']),
    );
  });

  describe('batches', () => {
    it('reserves the whole batch at once and creates every item', async () => {
      const cash = await balance();
      const reference = `batch-${randomUUID()}`;
      const items = [
        request({ amount: 10_000 }),
        request({ amount: 20_000, bank_code: 'BRI' }),
        { ...request({ amount: 30_000 }), account_holder_name: undefined, bank_account_name: 'Ani' },
      ];
      const response = await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/batch_disbursements', {
        body: { reference, disbursements: items },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        reference,
        status: 'APPROVED',
        total_uploaded_amount: 60_000,
        total_uploaded_count: 3,
        created: expect.any(String),
      });
      expect(await balance()).toBe(cash - 60_000);
      for (const item of items)
        expect((await get(`/disbursements?external_id=${item.external_id}`)).body[0].status).toMatch(
          /PENDING|COMPLETED/,
        );
    });

    it('refuses the whole batch when one item breaks a rule or the total is not covered', async () => {
      const cash = await balance();
      const bad = await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/batch_disbursements', {
        body: { reference: 'r1', disbursements: [request(), request({ bank_code: 'NOPE' })] },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error_code).toBe('BANK_CODE_NOT_SUPPORTED_ERROR');
      const tooMuch = await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/batch_disbursements', {
        body: { reference: 'r2', disbursements: [request({ amount: cash }), request({ amount: 1 })] },
      });
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.body.error_code).toBe('DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR');
      expect(await balance()).toBe(cash);
      const empty = await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/batch_disbursements', {
        body: { reference: 'r3', disbursements: [] },
      });
      expect(empty.status).toBe(400);
      expect(empty.body.error_code).toBe('API_VALIDATION_ERROR');
      const nested = await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/batch_disbursements', {
        body: { reference: 'r4', disbursements: [{ amount: 'x' }] },
      });
      expect(nested.status).toBe(400);
      expect(nested.body.error_code).toBe('API_VALIDATION_ERROR');
    });
  });

  it(
    'a crash right after the reservation (a 500) still yields the disbursement: ' + 'the process manager creates it',
    async () => {
      const store = gateway.app.get<EventStore>(EVENT_STORE);
      const stream = balanceStream(merchant.business_id, 'test', 'IDR');
      const [last] = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
      const externalId = `crashed-${randomUUID()}`;
      const at = new Date().toISOString();
      const disbursement = {
        disbursementId: randomUUID().replace(/-/g, '').slice(0, 24),
        businessId: merchant.business_id,
        mode: 'test' as const,
        externalId,
        amount: 12_345,
        currency: 'IDR',
        bankCode: 'BNI',
        accountHolderName: 'Budi',
        accountNumber: '1234567890',
        description: 'written before the crash',
        isInstant: true,
        createdAt: at,
      };
      // Exactly what the handler appends before it would create the disbursement stream.
      await store.append(
        stream,
        [
          {
            id: randomUUID(),
            type: 'MoneyOutReserved',
            data: {
              movementId: disbursement.disbursementId,
              currency: 'IDR',
              amount: 12_345,
              reservedAt: at,
              disbursement,
            },
            metadata: {
              businessId: merchant.business_id,
              mode: 'test',
              correlationId: 'req_crash',
              actor: 'test',
              occurredAt: at,
            },
          },
        ],
        last.revision,
      );
      const found = await eventually(
        () => get(`/disbursements?external_id=${externalId}`),
        (r) => r.status === 200,
      );
      expect(found.body).toEqual([
        expect.objectContaining({
          id: disbursement.disbursementId,
          status: expect.stringMatching(/PENDING|COMPLETED/),
          amount: 12_345,
        }),
      ]);
      await passWindows();
      expect((await finalState(disbursement.disbursementId)).body.status).toBe('COMPLETED');
    },
  );

  it('reconciles after all of it', async () => {
    await passWindows();
    const report = await eventually(
      () => get('/ledger/reconciliation'),
      (r) => r.body.ok === true,
    );
    expect(report.body).toMatchObject({ ok: true, differences: [] });
  });
});
