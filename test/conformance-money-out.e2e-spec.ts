import { AdvanceTestClockCommand, CreateApiKeyCommand, type ProvisionedBusiness } from '@gateway/accounts';
import type { Permission } from '@gateway/domain';
import { Clock } from '@gateway/clock';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { eventually } from './support/eventually';
import { JPEG_BYTES, PNG_BYTES } from './support/files';
import { startTestApp, type TestApp } from './support/test-app';
import { basicAuth, call, provisionBusiness } from './support/test-business';

/**
 * Issue 19 (conformance), money out and platform, items 12, 13, 14, 16, 18, 19, 20: each test is
 * one row of ../shared/spec/money-out-and-platform.md (or the item) that the gateway
 * answered differently before, checked over HTTP against the real app.
 */
const context = { requestId: 'req_conformance_money_out', actor: 'system:test' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('conformance, money out and platform (issue 19)', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  const as =
    (key: string) =>
    (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      call(gateway.baseUrl, key, method, path, { body, headers });
  const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    as(merchant.test.secret_key)(method, path, body, headers);
  const payout = (overrides: Record<string, unknown> = {}) => ({
    external_id: `payout-${randomUUID()}`,
    bank_code: 'BNI',
    account_holder_name: 'Budi Santoso',
    account_number: '1234567890',
    description: 'Supplier payment',
    amount: 15_000,
    ...overrides,
  });
  const keyWith = async (business: ProvisionedBusiness, permissions: Permission[]) =>
    (
      await gateway.app
        .get(CommandBus)
        .execute(
          new CreateApiKeyCommand(
            business.business_id,
            'test',
            'secret',
            `conformance ${permissions.join(' ')}`,
            permissions,
            context,
          ),
        )
    ).key;

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
    expect((await api('POST', '/balance/top_up', { amount: 100_000_000 })).status).toBe(200);
  });
  afterAll(async () => gateway?.close());

  describe('item 12: GET /balance needs money-out read (the spec table); balance:read stays a finer option', () => {
    it("answers the spec's money-out read key, and a balance:read-only key; refuses a key with neither", async () => {
      const moneyOutRead = await keyWith(merchant, ['money_out:read']);
      expect(await as(moneyOutRead)('GET', '/balance')).toMatchObject({
        status: 200,
        body: { balance: expect.any(Number) },
      });
      expect((await as(await keyWith(merchant, ['balance:read']))('GET', '/balance')).status).toBe(200);
      const neither = await as(await keyWith(merchant, ['money_in:read', 'money_in:write', 'money_out:write']))(
        'GET',
        '/balance',
      );
      expect(neither).toMatchObject({ status: 403, body: { error_code: 'REQUEST_FORBIDDEN_ERROR' } });
    });
  });

  describe('item 13: idempotency keys are unique across test and live, without a length cap', () => {
    const customer = () => ({ reference_id: `ref-${randomUUID()}`, given_names: 'Ani', email: 'ani@example.com' });

    it(
      'a key used in one mode and reused in the other is refused as used (400 IDEMPOTENCY_KEY_MISMATCH_ERROR), ' +
        'both ways, and creates nothing',
      async () => {
        for (const [first, second] of [
          ['test', 'live'],
          ['live', 'test'],
        ] as const) {
          const key = `shared-${randomUUID()}`;
          const body = customer();
          const made = await as(merchant[first].secret_key)('POST', '/customers', body, { 'x-idempotency-key': key });
          expect(made.status).toBe(200);
          const reused = await as(merchant[second].secret_key)('POST', '/customers', body, {
            'x-idempotency-key': key,
          });
          expect({ first, second, status: reused.status, code: reused.body.error_code }).toEqual({
            first,
            second,
            status: 400,
            code: 'IDEMPOTENCY_KEY_MISMATCH_ERROR',
          });
          expect(JSON.stringify(reused.body)).not.toContain(made.body.id);
          expect(
            (await as(merchant[second].secret_key)('GET', `/customers?reference_id=${body.reference_id}`)).body,
          ).toEqual([]);
          // The mode that used it still gets its replay.
          const replay = await as(merchant[first].secret_key)('POST', '/customers', body, { 'x-idempotency-key': key });
          expect([replay.status, replay.headers.get('idempotent-replayed'), replay.body.id]).toEqual([
            200,
            'true',
            made.body.id,
          ]);
        }
      },
    );

    it(
      'a disbursement key used in test mode is DUPLICATE_TRANSACTION_ERROR from live, ' +
        'without the test disbursement',
      async () => {
        const key = `payout-${randomUUID()}`;
        const made = await api('POST', '/disbursements', payout(), { 'x-idempotency-key': key });
        expect(made.status).toBe(200);
        const live = await as(merchant.live.secret_key)('POST', '/disbursements', payout(), {
          'x-idempotency-key': key,
        });
        expect(live.body).toEqual({ error_code: 'DUPLICATE_TRANSACTION_ERROR', message: expect.any(String) });
      },
    );

    it('accepts keys longer than 255 characters (the spec: no maximum), each its own key', async () => {
      const long = (length: number) => `${randomUUID()}-`.repeat(Math.ceil(length / 37)).slice(0, length);
      const prefix = long(3_000);
      for (const key of [long(256), long(10_000), `${prefix}-a`, `${prefix}-b`]) {
        const body = customer();
        const made = await api('POST', '/customers', body, { 'x-idempotency-key': key });
        expect({ length: key.length, status: made.status }).toEqual({ length: key.length, status: 200 });
        const replay = await api('POST', '/customers', body, { 'x-idempotency-key': key });
        expect([replay.headers.get('idempotent-replayed'), replay.body.id]).toEqual(['true', made.body.id]);
      }
    });
  });

  describe('item 14: a reused disbursement key identifies the original', () => {
    it(
      'DUPLICATE_TRANSACTION_ERROR stays, and its body carries the original id, ' +
        'external_id and status (single and batch)',
      async () => {
        const key = `payout-${randomUUID()}`;
        const body = payout();
        const first = await api('POST', '/disbursements', body, { 'x-idempotency-key': key });
        expect(first.status).toBe(200);
        // The merchant lost that answer (network failure) and retries with the same key and body.
        const retried = await api('POST', '/disbursements', body, { 'x-idempotency-key': key });
        expect(retried.status).toBe(400);
        expect(retried.body).toEqual({
          error_code: 'DUPLICATE_TRANSACTION_ERROR',
          message: expect.any(String),
          id: first.body.id,
          external_id: body.external_id,
          status: 'PENDING',
        });
        expect((await api('GET', `/disbursements/${retried.body.id}`)).body).toMatchObject({
          id: first.body.id,
          external_id: body.external_id,
        });
        expect((await api('GET', `/disbursements?external_id=${body.external_id}`)).body).toHaveLength(1);

        const batchKey = `batch-${randomUUID()}`;
        const batch = { reference: `batch-${randomUUID()}`, disbursements: [payout()] };
        const created = await api('POST', '/batch_disbursements', batch, { 'x-idempotency-key': batchKey });
        expect(created.status).toBe(200);
        const batchRetried = await api('POST', '/batch_disbursements', batch, { 'x-idempotency-key': batchKey });
        expect(batchRetried.body).toEqual({
          error_code: 'DUPLICATE_TRANSACTION_ERROR',
          message: expect.any(String),
          id: created.body.id,
          reference: batch.reference,
          status: 'APPROVED',
        });
      },
    );
  });

  describe('item 16: file uploads', () => {
    const upload = async (bytes: Buffer, type: string, key?: string) => {
      const form = new FormData();
      form.append('purpose', 'KYC_DOCUMENT');
      form.append('file', new Blob([bytes], { type }), 'document');
      const response = await fetch(`${gateway.baseUrl}/files`, {
        method: 'POST',
        headers: { authorization: basicAuth(merchant.test.secret_key), ...(key && { 'x-idempotency-key': key }) },
        body: form,
      });
      return {
        status: response.status,
        body: (await response.json()) as any,
        replayed: response.headers.get('idempotent-replayed'),
      };
    };

    it(
      "the file's bytes are part of the idempotency fingerprint: the same key with another file is a mismatch, " +
        'with the same file a replay',
      async () => {
        const key = `upload-${randomUUID()}`;
        const first = await upload(PNG_BYTES, 'image/png', key);
        expect(first.status).toBe(200);
        const otherFile = await upload(Buffer.concat([PNG_BYTES, Buffer.from('another file')]), 'image/png', key);
        expect([otherFile.status, otherFile.body.error_code]).toEqual([400, 'IDEMPOTENCY_KEY_MISMATCH_ERROR']);
        const otherType = await upload(JPEG_BYTES, 'image/jpeg', key);
        expect([otherType.status, otherType.body.error_code]).toEqual([400, 'IDEMPOTENCY_KEY_MISMATCH_ERROR']);
        const same = await upload(PNG_BYTES, 'image/png', key);
        expect([same.status, same.replayed, same.body.id]).toEqual([200, 'true', first.body.id]);
      },
    );

    it('a JPEG header is not a JPEG: 415 UNSUPPORTED_CONTENT_TYPE_ERROR; a real JPEG is stored', async () => {
      for (const bytes of [
        Buffer.from([0xff, 0xd8, 0xff]),
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF fake jpeg body')]),
        JPEG_BYTES.subarray(0, 40),
      ]) {
        const refused = await upload(bytes, 'image/jpeg');
        expect({ bytes: bytes.length, status: refused.status, code: refused.body.error_code }).toEqual({
          bytes: bytes.length,
          status: 415,
          code: 'UNSUPPORTED_CONTENT_TYPE_ERROR',
        });
      }
      expect((await upload(JPEG_BYTES, 'image/jpeg')).body).toMatchObject({
        type: 'image/jpeg',
        size: JPEG_BYTES.length,
      });
    });
  });

  describe('item 18: the BCA 10-digit rule counts digits, not characters', () => {
    it(
      'takes 10 digits written with hyphens; ' +
        'refuses 9 digits in 10 characters with RECIPIENT_ACCOUNT_NUMBER_ERROR',
      async () => {
        for (const accountNumber of ['123-456-7890', '12345-67890', '1234567890']) {
          const made = await api('POST', '/disbursements', payout({ bank_code: 'BCA', account_number: accountNumber }));
          expect({ accountNumber, status: made.status }).toEqual({ accountNumber, status: 200 });
        }
        for (const accountNumber of ['1234-56789', '123-456-789', '12345678901', '1-2-3-4-5-6-7-8-9-0-1']) {
          const refused = await api(
            'POST',
            '/disbursements',
            payout({ bank_code: 'BCA', account_number: accountNumber }),
          );
          expect({ accountNumber, status: refused.status, code: refused.body.error_code }).toEqual({
            accountNumber,
            status: 400,
            code: 'RECIPIENT_ACCOUNT_NUMBER_ERROR',
          });
        }
      },
    );
  });

  describe('item 19: a disbursement currency other than IDR is refused, not dropped', () => {
    it('400 API_VALIDATION_ERROR naming currency (and the batch item); IDR or none is paid', async () => {
      const refused = await api('POST', '/disbursements', payout({ currency: 'USD' }));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error_code: 'API_VALIDATION_ERROR',
        errors: [expect.objectContaining({ field: ['currency'], location: 'body' })],
      });
      const inBatch = await api('POST', '/batch_disbursements', {
        reference: 'fx',
        disbursements: [payout(), payout({ currency: 'SGD' })],
      });
      expect(inBatch.body).toMatchObject({
        error_code: 'API_VALIDATION_ERROR',
        errors: [expect.objectContaining({ field: ['disbursements', '1', 'currency'] })],
      });
      expect((await api('POST', '/disbursements', payout({ currency: 'IDR' }))).status).toBe(200);
      expect((await api('POST', '/disbursements', payout())).status).toBe(200);
    });
  });

  describe('item 20: batch disbursements', () => {
    it("batch errors name the failing item's index and field", async () => {
      const refused = await api('POST', '/batch_disbursements', {
        reference: `bad-${randomUUID()}`,
        disbursements: [
          payout(),
          payout({ bank_code: 'BCA', account_number: '12345' }),
          payout(),
          payout({ bank_code: 'NOPE' }),
        ],
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        error_code: 'RECIPIENT_ACCOUNT_NUMBER_ERROR',
        message: expect.stringContaining('disbursements.1.account_number'),
        errors: [
          {
            field: ['disbursements', '1', 'account_number'],
            location: 'body',
            messages: [expect.any(String)],
            types: ['RECIPIENT_ACCOUNT_NUMBER_ERROR'],
          },
          {
            field: ['disbursements', '3', 'bank_code'],
            location: 'body',
            messages: [expect.any(String)],
            types: ['BANK_CODE_NOT_SUPPORTED_ERROR'],
          },
        ],
      });
      const amount = await api('POST', '/batch_disbursements', {
        reference: 'amount',
        disbursements: [payout({ bank_code: 'BTN', amount: 9_999 })],
      });
      expect(amount.body).toMatchObject({
        error_code: 'RECIPIENT_AMOUNT_ERROR',
        errors: [expect.objectContaining({ field: ['disbursements', '0', 'amount'] })],
      });
    });

    it(
      'GET /batch_disbursements/{id}: the batch as POST answered it, ' +
        'its items in order, and its outcome once they end',
      async () => {
        // Its own business, its clock at 23:00 in Jakarta: outside every window, so the items wait.
        const business = await provisionBusiness(gateway.app);
        const commands = gateway.app.get(CommandBus);
        const now = await gateway.app.get(Clock).now({ businessId: business.business_id, mode: 'test' });
        const jakarta = now.getTime() + 7 * HOUR;
        let target = Math.floor(jakarta / DAY) * DAY + 23 * HOUR;
        if (target <= jakarta) target += DAY;
        await commands.execute(new AdvanceTestClockCommand(business.business_id, target - jakarta, context));
        const own = as(business.test.secret_key);
        expect((await own('POST', '/balance/top_up', { amount: 1_000_000 })).status).toBe(200);

        const items = [
          payout({ amount: 10_000 }),
          payout({ amount: 20_000, account_number: '9999000002' }),
          payout({ amount: 30_000, bank_code: 'BRI' }),
        ];
        const reference = `payroll-${randomUUID()}`;
        const created = await own('POST', '/batch_disbursements', { reference, disbursements: items });
        expect(created.status).toBe(200);
        const pending = await own('GET', `/batch_disbursements/${created.body.id}`);
        expect(pending.status).toBe(200);
        expect(pending.body).toMatchObject({
          id: created.body.id,
          reference,
          user_id: business.business_id,
          status: 'APPROVED',
          total_uploaded_amount: 60_000,
          total_uploaded_count: 3,
          total_disbursed_count: 0,
          total_error_count: 0,
          created: created.body.created,
        });
        expect(
          pending.body.disbursements.map((d: { external_id: string; status: string }) => [d.external_id, d.status]),
        ).toEqual(items.map((item) => [item.external_id, 'PENDING']));

        await commands.execute(new AdvanceTestClockCommand(business.business_id, 4 * DAY, context));
        const done = await eventually(
          () => own('GET', `/batch_disbursements/${created.body.id}`),
          (answer) => answer.body.status === 'COMPLETED',
          20_000,
        );
        expect(done.body).toMatchObject({
          status: 'COMPLETED',
          total_uploaded_amount: 60_000,
          total_disbursed_amount: 40_000,
          total_disbursed_count: 2,
          total_error_amount: 20_000,
          total_error_count: 1,
        });
        expect(done.body.disbursements.map((d: { status: string }) => d.status)).toEqual([
          'COMPLETED',
          'FAILED',
          'COMPLETED',
        ]);

        // Another business, the other mode, an unknown id: not found, as for a disbursement.
        for (const [key, id] of [
          [merchant.test.secret_key, created.body.id],
          [business.live.secret_key, created.body.id],
          [business.test.secret_key, 'nope'],
        ]) {
          expect((await as(key)('GET', `/batch_disbursements/${id}`)).body.error_code).toBe(
            'DIRECT_DISBURSEMENT_NOT_FOUND_ERROR',
          );
        }
      },
    );
  });
});
