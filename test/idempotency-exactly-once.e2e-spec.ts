import { AdvanceTestClockCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { TEST_CARDS, tokenize, updateTestSettings } from './support/cards';
import { eventually } from './support/eventually';
import { PNG_BYTES } from './support/files';
import { holdLogReaders } from './support/log-readers-held';
import { startTestApp, type TestApp } from './support/test-app';
import { basicAuth, provisionBusiness } from './support/test-business';
import { WebhookReceiver } from './support/webhook-receiver';
import { recurringRequest } from './support/recurring';

interface Answer {
  status: number;
  body: any;
  text: string;
  requestId: string;
  replayed: string | null;
}

interface Keyed {
  method?: 'POST' | 'PATCH';
  /** The route answers any reuse of a key with DUPLICATE_TRANSACTION_ERROR instead of replaying (disbursements). */
  rejectsReuse?: boolean;
  /** The first answer is a refusal (4xx), which the re-execution must repeat. */
  refused?: boolean;
  body?: unknown;
  headers?: Record<string, string>;
  /** multipart instead of JSON (POST /files). */
  form?: () => FormData;
  business?: ProvisionedBusiness;
}

/**
 * Issue 18, Deliver item 3: once the effect of a keyed request is committed, every retry with the
 * key gets the original result, even when the first process died (or hung) before recording it.
 *
 * "Committed, answer lost" is reproduced for real: the request runs, then its idempotency record
 * is put back to what a crash between the commit and the recording leaves (in flight, lease
 * expired, no result). The retry with the key then takes the claim over and executes the request
 * again; it must answer the first answer and append nothing: no event carries its request id.
 */
describe('keyed requests executed again after their answer was lost (every keyed route)', () => {
  let gateway: TestApp;
  let receiver: WebhookReceiver;
  let merchant: ProvisionedBusiness;
  let token: string;
  const context = { requestId: `req_${randomUUID()}`, actor: 'system:test' };

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    receiver.respondWith(
      (callback, response) => void response.writeHead(callback.path.startsWith('/failing') ? 500 : 200).end(),
    );
    gateway = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', IDEMPOTENCY_LEASE_MS: '400' } });
    merchant = await provisionBusiness(gateway.app);
    await updateTestSettings(gateway.app, merchant.business_id, { optionalAuthentication: true });
    token = (await tokenize(gateway.baseUrl, merchant.test.public_key, TEST_CARDS.enrolledVisa, { multiple: true }))
      .body.id;
    expect((await plain('POST', '/balance/top_up', { amount: 50_000_000 })).status).toBe(200);
  });
  afterAll(async () => {
    await gateway?.close();
    await receiver?.close();
  });

  async function send(method: string, path: string, options: Keyed & { key?: string } = {}): Promise<Answer> {
    const business = options.business ?? merchant;
    const headers: Record<string, string> = { authorization: basicAuth(business.test.secret_key), ...options.headers };
    if (options.key) headers['x-idempotency-key'] = options.key;
    let body: FormData | string | undefined;
    if (options.form) body = options.form();
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${gateway.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    return {
      status: response.status,
      text,
      body: text ? JSON.parse(text) : undefined,
      requestId: response.headers.get('request-id')!,
      replayed: response.headers.get('idempotent-replayed'),
    };
  }
  const plain = (method: string, path: string, body?: unknown, business?: ProvisionedBusiness) =>
    send(method, path, { body, business });

  /** What a crash between the handler's commit and the recording of its result leaves behind. */
  async function loseAnswer(business: ProvisionedBusiness, key: string): Promise<void> {
    const { rowCount } = await gateway.db.pool.query(
      `UPDATE idempotency_records
          SET state = 'in_progress', response_status = NULL, response_headers = NULL, response_body = NULL,
              completed_at = NULL, claim_token = 'crashed', locked_until = now() - interval '1 second'
        WHERE business_id = $1 AND mode = 'test' AND idempotency_key = $2 AND state = 'completed'`,
      [business.business_id, key],
    );
    expect(rowCount).toBe(1);
  }

  /** Events appended by the request with this id. */
  async function eventsOf(requestId: string): Promise<number> {
    const { rows } = await gateway.db.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM es_events WHERE metadata->>'correlationId' = $1`,
      [requestId],
    );
    return Number(rows[0].n);
  }

  /**
   * Sends the request with a fresh key, loses its answer, retries: the retry executed again (it is
   * not a stored replay), answered the same and appended nothing. A further retry replays it.
   */
  async function exactlyOnce(
    path: string,
    options: Keyed = {},
    same: (answer: Answer) => unknown = (answer) => answer.body,
  ): Promise<{ first: Answer; retry: Answer }> {
    const method = options.method ?? 'POST';
    const business = options.business ?? merchant;
    const key = `key-${randomUUID()}`;
    const first = await send(method, path, { ...options, key });
    if (options.refused) expect(first.status).toBeGreaterThanOrEqual(400);
    else expect([first.status, first.text]).toEqual([200, first.text]);
    expect(first.status).toBeLessThan(500);
    expect(first.replayed).toBeNull();
    await loseAnswer(business, key);

    const retry = await send(method, path, { ...options, key });
    expect(retry.replayed).toBeNull();
    expect(retry.status).toBe(first.status);
    expect(same(retry)).toEqual(same(first));
    expect(await eventsOf(retry.requestId)).toBe(0);

    const replay = await send(method, path, { ...options, key });
    if (options.rejectsReuse)
      expect([replay.status, replay.body.error_code]).toEqual([400, 'DUPLICATE_TRANSACTION_ERROR']);
    else expect([replay.replayed, replay.text]).toEqual(['true', retry.text]);
    return { first, retry };
  }

  async function disbursementsWithExternalId(externalId: string): Promise<unknown[]> {
    return (await plain('GET', `/disbursements?external_id=${encodeURIComponent(externalId)}`)).body;
  }

  describe('money', () => {
    it('POST /balance/top_up credits once', async () => {
      const { first } = await exactlyOnce('/balance/top_up', { body: { amount: 123_456 } });
      const { rows } = await gateway.db.pool.query(
        `SELECT count(*)::int AS n FROM es_events WHERE type = 'MoneyInReceived' AND data->>'movementId' = $1`,
        [first.body.id],
      );
      expect(rows[0].n).toBe(1);
    });

    it('POST /disbursements pays out once (DUPLICATE_TRANSACTION_ERROR routes too)', async () => {
      const body = {
        external_id: `payout-${randomUUID()}`,
        bank_code: 'BNI',
        account_holder_name: 'Budi',
        account_number: '1234567890',
        description: 'x',
        amount: 150_000,
      };
      await exactlyOnce('/disbursements', { body, rejectsReuse: true });
      expect(await disbursementsWithExternalId(body.external_id)).toHaveLength(1);
    });

    it('POST /batch_disbursements pays every item out once', async () => {
      const item = (n: number) => ({
        external_id: `batch-${randomUUID()}-${n}`,
        bank_code: 'BCA',
        account_holder_name: 'Sari',
        account_number: '9876543210',
        description: 'x',
        amount: 20_000 + n,
      });
      const items = [item(1), item(2)];
      await exactlyOnce('/batch_disbursements', {
        body: { reference: `ref-${randomUUID()}`, disbursements: items },
        rejectsReuse: true,
      });
      for (const { external_id } of items) expect(await disbursementsWithExternalId(external_id)).toHaveLength(1);
    });

    it('POST /credit_card_charges charges once', async () => {
      const { first } = await exactlyOnce('/credit_card_charges', {
        body: { token_id: token, external_id: `order-${randomUUID()}`, amount: 75_000 },
      });
      expect(first.body.status).toBe('CAPTURED');
    });

    it('POST /credit_card_charges/:id/capture and /auth_reversal act once', async () => {
      const authorize = async () =>
        (
          await plain('POST', '/credit_card_charges', {
            token_id: token,
            external_id: `auth-${randomUUID()}`,
            amount: 40_000,
            capture: false,
          })
        ).body.id;
      const captured = await exactlyOnce(`/credit_card_charges/${await authorize()}/capture`, {
        body: { amount: 30_000 },
      });
      expect(captured.first.body).toMatchObject({ status: 'CAPTURED', capture_amount: 30_000 });
      const reversed = await exactlyOnce(`/credit_card_charges/${await authorize()}/auth_reversal`, {
        body: { external_id: `rev-${randomUUID()}` },
      });
      expect(reversed.first.status).toBe(200);
    });

    it('POST /credit_card_charges/:id/refunds refunds once, asynchronous and synchronous', async () => {
      const charge = (
        await plain('POST', '/credit_card_charges', {
          token_id: token,
          external_id: `order-${randomUUID()}`,
          amount: 90_000,
        })
      ).body.id;
      const pending = await exactlyOnce(`/credit_card_charges/${charge}/refunds`, {
        body: { amount: 10_000, external_id: `refund-${randomUUID()}` },
      });
      expect(pending.first.body.status).toBe('PENDING');
      const sync = await exactlyOnce(`/credit_card_charges/${charge}/refunds`, {
        body: { amount: 20_000, external_id: `refund-${randomUUID()}` },
        headers: { 'api-version': '2019-05-01' },
      });
      expect(sync.first.body.status).toBe('SUCCEEDED');
      const { rows } = await gateway.db.pool.query(
        `SELECT count(*)::int AS n FROM es_events WHERE stream_name = $1 AND type = 'CardRefundRequested'`,
        [`cardcharge-${charge}`],
      );
      expect(rows[0].n).toBe(2);
    });

    it('POST /ewallets requests each payment once (OVO, and DANA with its checkout token)', async () => {
      await exactlyOnce('/ewallets', {
        body: { ewallet_type: 'OVO', external_id: `ovo-${randomUUID()}`, amount: 100_000, phone: '081234567890' },
      });
      const dana = await exactlyOnce('/ewallets', {
        body: {
          ewallet_type: 'DANA',
          external_id: `dana-${randomUUID()}`,
          amount: 50_000,
          callback_url: `${receiver.url}/dana`,
          redirect_url: 'https://shop.example/thanks',
        },
      });
      expect(dana.first.body.checkout_url).toEqual(expect.any(String));
    });
  });

  describe('invoices, virtual accounts and payment codes', () => {
    const invoiceBody = () => ({
      external_id: `inv-${randomUUID()}`,
      payer_email: 'payer@example.com',
      description: 'Order',
      amount: 150_000,
      payment_methods: ['BNI', 'ALFAMART'],
    });

    it(
      'POST /v2/invoices creates one invoice holding one number per method; ' +
        'expire! and the POOL simulations act once',
      async () => {
        const created = await exactlyOnce('/v2/invoices', { body: invoiceBody() });
        const invoice = created.first.body;
        const { rows } = await gateway.db.pool.query(
          // POOL numbers are claimed with the invoice's append: one claim per method, held by this invoice.
          `SELECT count(*)::int AS n FROM es_claims WHERE stream_name = $1`,
          [`invoice-${invoice.id}`],
        );
        expect(rows[0].n).toBe(2);

        const paidByVa = (await plain('POST', '/v2/invoices', invoiceBody())).body;
        await exactlyOnce('/pool_virtual_accounts/simulate_payment', {
          body: {
            bank_code: 'BNI',
            bank_account_number: paidByVa.available_banks[0].bank_account_number,
            transfer_amount: 150_000,
          },
        });
        const paidAtTill = (await plain('POST', '/v2/invoices', invoiceBody())).body;
        await exactlyOnce('/fixed_payment_code/simulate_payment', {
          body: {
            retail_outlet_name: 'ALFAMART',
            payment_code: paidAtTill.available_retail_outlets[0].payment_code,
            transfer_amount: 150_000,
          },
        });
        for (const paid of [paidByVa, paidAtTill]) {
          const events = await gateway.db.pool.query(
            `SELECT count(*)::int AS n FROM es_events WHERE stream_name = $1 AND type = 'InvoicePaid'`,
            [`invoice-${paid.id}`],
          );
          expect(events.rows[0].n).toBe(1);
        }

        const expired = await exactlyOnce(`/invoices/${invoice.id}/expire!`);
        expect(expired.first.body.status).toBe('EXPIRED');
      },
    );

    it('fixed virtual accounts: create (one account, at one number), update and simulated payment once', async () => {
      const externalId = `va-${randomUUID()}`;
      const created = await exactlyOnce('/callback_virtual_accounts', {
        body: { external_id: externalId, bank_code: 'BRI', name: 'Rika Sutanto' },
      });
      const { rows } = await gateway.db.pool.query(
        `SELECT count(*)::int AS n FROM es_events WHERE type = 'VirtualAccountCreated' AND ` +
          `data->'snapshot'->>'externalId' = $1`,
        [externalId],
      );
      expect(rows[0].n).toBe(1);
      const va = created.first.body;
      const updated = await exactlyOnce(`/callback_virtual_accounts/${va.id}`, {
        method: 'PATCH',
        body: { suggested_amount: 80_000 },
      });
      expect(updated.first.body.suggested_amount).toBe(80_000);
      const paid = await exactlyOnce('/pool_virtual_accounts/simulate_payment', {
        body: { bank_code: 'BRI', bank_account_number: va.account_number, transfer_amount: 80_000 },
      });
      expect(paid.first.body.status).toBe('COMPLETED');
      const payments = await plain(
        'GET',
        `/callback_virtual_account_payments/payment_id=${paid.first.body.payment_id}`,
      );
      expect(payments.status).toBe(200);
      const all = await gateway.db.pool.query(
        `SELECT count(*)::int AS n FROM es_events WHERE stream_name = $1 AND type = 'VirtualAccountPaid'`,
        [`fva-${va.id}`],
      );
      expect(all.rows[0].n).toBe(1);
    });

    it('fixed payment codes: create (one random code), update and simulated payment once', async () => {
      const externalId = `fpc-${randomUUID()}`;
      const created = await exactlyOnce('/fixed_payment_code', {
        body: { external_id: externalId, retail_outlet_name: 'ALFAMART', name: 'Ervan', expected_amount: 50_000 },
      });
      const { rows } = await gateway.db.pool.query(
        `SELECT count(*)::int AS n FROM es_events WHERE type = 'FixedPaymentCodeCreated' AND ` +
          `data->'snapshot'->>'externalId' = $1`,
        [externalId],
      );
      expect(rows[0].n).toBe(1);
      const code = created.first.body;
      await exactlyOnce(`/fixed_payment_code/${code.id}`, { method: 'PATCH', body: { name: 'Ervan Adetya' } });
      const paid = await exactlyOnce('/fixed_payment_code/simulate_payment', {
        body: { retail_outlet_name: 'ALFAMART', payment_code: code.payment_code, transfer_amount: 50_000 },
      });
      expect(paid.first.body.status).toBe('COMPLETED');
    });

    it('recurring payments: create, update, pause!, resume! and stop! act once', async () => {
      const created = await exactlyOnce('/recurring_payments', { body: recurringRequest() });
      const id = created.first.body.id;
      await exactlyOnce(`/recurring_payments/${id}`, { method: 'PATCH', body: { amount: 60_000 } });
      for (const action of ['pause', 'resume', 'stop']) await exactlyOnce(`/recurring_payments/${id}/${action}!`);
      const { rows } = await gateway.db.pool.query(
        `SELECT type, count(*)::int AS n FROM es_events WHERE stream_name = $1 AND type LIKE 'RecurringPayment%' ` +
          `GROUP BY type`,
        [`recurring-${id}`],
      );
      expect(Object.fromEntries(rows.map((row) => [row.type, row.n]))).toEqual({
        RecurringPaymentCreated: 1,
        RecurringPaymentUpdated: 1,
        RecurringPaymentPaused: 1,
        RecurringPaymentResumed: 1,
        RecurringPaymentStopped: 1,
      });
    });
  });

  describe('customers, files, reports, settings and callbacks', () => {
    it('POST /customers and PATCH /customers/:id act once', async () => {
      const referenceId = `cust-ref-${randomUUID()}`;
      const created = await exactlyOnce('/customers', {
        headers: { 'api-version': '2020-10-31' },
        body: {
          reference_id: referenceId,
          type: 'INDIVIDUAL',
          individual_detail: {
            given_names: 'Budi',
            surname: 'Santoso',
            nationality: 'ID',
            date_of_birth: '1990-01-31',
            gender: 'MALE',
          },
          email: 'budi@example.com',
          identity_accounts: [
            {
              type: 'BANK_ACCOUNT',
              company: 'BCA',
              country: 'ID',
              properties: { account_number: '1234567890', account_holder_name: 'Budi Santoso' },
            },
          ],
        },
      });
      expect(created.first.status).toBe(200);
      const customers = await send('GET', `/customers?reference_id=${referenceId}`, {
        headers: { 'api-version': '2020-10-31' },
      });
      expect(customers.body).toMatchObject({ data: [{ id: created.first.body.id }] });
      await exactlyOnce(`/customers/${created.first.body.id}`, {
        method: 'PATCH',
        headers: { 'api-version': '2020-10-31' },
        body: { description: 'Loyal' },
      });
    });

    it('POST /files stores one file with its first bytes', async () => {
      const form = () => {
        const data = new FormData();
        data.append('purpose', 'KYC_DOCUMENT');
        data.append('file', new Blob([PNG_BYTES], { type: 'image/png' }), 'id.png');
        return data;
      };
      const { first } = await exactlyOnce('/files', { form });
      const { rows } = await gateway.db.pool.query(
        `SELECT count(*)::int AS n FROM file_contents WHERE business_id = $1`,
        [merchant.business_id],
      );
      expect(rows[0].n).toBe(1);
      expect((await plain('GET', `/files/${first.body.id}`)).status).toBe(200);
    });

    it('POST /reports requests one report; /reports/:id/retry answers as it first did', async () => {
      // The report is generated meanwhile by the worker: its status may move on, its identity may not.
      const identity = (answer: Answer) => ({
        id: answer.body.id,
        type: answer.body.type,
        filter: answer.body.filter,
        created: answer.body.created,
      });
      const { first } = await exactlyOnce('/reports', { body: { type: 'BALANCE_HISTORY', currency: 'IDR' } }, identity);
      const { rows } = await gateway.db.pool.query(
        `SELECT count(*)::int AS n FROM es_events WHERE type = 'ReportRequested' AND data->>'reportId' = $1`,
        [first.body.id],
      );
      expect(rows[0].n).toBe(1);
      const retried = await exactlyOnce(
        `/reports/${first.body.id}/retry`,
        { refused: true },
        (answer) => answer.body.error_code,
      );
      expect(retried.first.body.error_code).toEqual(expect.any(String));
    });

    it('PATCH /settings changes once', async () => {
      const { first } = await exactlyOnce('/settings', { method: 'PATCH', body: { fraud_detection: true } });
      expect(first.status).toBe(200);
    });

    it('callbacks: a test callback, a resend and a resend of failed deliveries each happen once', async () => {
      const owner = await provisionBusiness(gateway.app);
      expect(
        (await plain('POST', '/callback_urls/report', { url: `${receiver.url}/failing/report` }, owner)).status,
      ).toBe(200);

      const delivery = async (id: string) =>
        (await plain('GET', `/callback_deliveries/${id}`, undefined, owner)).body as {
          status: string;
          attempts: number;
        };
      const settled = async (id: string, attempts: number) => {
        const seen = await eventually(
          () => delivery(id),
          (now) => now.attempts >= attempts && now.status === 'failed',
        );
        // Long enough for a second (wrong) attempt to have been claimed and made.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(await delivery(id)).toMatchObject({ status: 'failed', attempts: seen.attempts });
        return seen.attempts;
      };

      const tested = await exactlyOnce('/callback_urls/report/test', { business: owner });
      const deliveries = await eventually(
        async () => (await plain('GET', '/callback_deliveries?callback_type=report', undefined, owner)).body.data,
        (data: { id: string }[]) => data.length > 0,
      );
      expect(deliveries).toHaveLength(1);
      expect(tested.first.body.id).toEqual(expect.any(String));
      const id = deliveries[0].id;
      // Past the whole retry schedule on the business clock: the delivery ends FAILED.
      await eventually(
        () => delivery(id),
        (now) => now.attempts >= 1,
      );
      await gateway.app
        .get(CommandBus)
        .execute(new AdvanceTestClockCommand(owner.business_id, 3 * 24 * 3_600_000, context));
      const exhausted = await settled(id, 2);

      // One manual attempt per resend, however often the request is executed.
      await exactlyOnce(`/callback_deliveries/${id}/resend`, { business: owner }, (answer) => answer.body.id);
      expect(await settled(id, exhausted + 1)).toBe(exhausted + 1);
      const resent = await exactlyOnce('/callback_deliveries/resend_failed', {
        business: owner,
        body: { since: '2000-01-01T00:00:00.000Z' },
      });
      expect(resent.first.body).toEqual({ resent: 1 });
      expect(await settled(id, exhausted + 2)).toBe(exhausted + 2);
    });
  });

  describe('the claim itself', () => {
    it('a hung first execution and the retry that took its claim over both answer the one effect', async () => {
      const key = `key-${randomUUID()}`;
      const body = { amount: 77_001 };
      // Read models held back: the first execution appends, then waits (read-your-writes) past its lease.
      const held = await holdLogReaders(gateway.db.pool);
      const hung = send('POST', '/balance/top_up', { key, body });
      await eventually(
        async () =>
          (
            await gateway.db.pool.query(
              `SELECT count(*)::int AS n FROM es_events WHERE type = 'MoneyInReceived' AND ` +
                `(data->>'grossAmount')::int = 77001`,
            )
          ).rows[0].n,
        (n) => n === 1,
      );
      await new Promise((resolve) => setTimeout(resolve, 600));
      const takeover = send('POST', '/balance/top_up', { key, body });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await held.release();
      const [first, second] = await Promise.all([hung, takeover]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.body).toEqual(first.body);
      expect(await eventsOf(second.requestId)).toBe(0);
      const { rows } = await gateway.db.pool.query(
        `SELECT count(*)::int AS n FROM es_events WHERE type = 'MoneyInReceived' AND data->>'movementId' = $1`,
        [first.body.id],
      );
      expect(rows[0].n).toBe(1);
    });

    it(
      'refuses to hand a dead claim to a request with other parameters: ' + 'mismatch, or the route’s own code',
      async () => {
        const key = `key-${randomUUID()}`;
        expect((await send('POST', '/balance/top_up', { key, body: { amount: 10_000 } })).status).toBe(200);
        await loseAnswer(merchant, key);
        const other = await send('POST', '/balance/top_up', { key, body: { amount: 20_000 } });
        expect([other.status, other.body.error_code]).toEqual([400, 'IDEMPOTENCY_KEY_MISMATCH_ERROR']);

        const payout = {
          external_id: `payout-${randomUUID()}`,
          bank_code: 'BNI',
          account_holder_name: 'Budi',
          account_number: '1234567890',
          description: 'x',
          amount: 10_000,
        };
        expect((await send('POST', '/disbursements', { key: `${key}-d`, body: payout })).status).toBe(200);
        await loseAnswer(merchant, `${key}-d`);
        const reused = await send('POST', '/disbursements', { key: `${key}-d`, body: { ...payout, amount: 11_000 } });
        expect([reused.status, reused.body.error_code]).toEqual([400, 'DUPLICATE_TRANSACTION_ERROR']);
        expect(await disbursementsWithExternalId(payout.external_id)).toHaveLength(1);
      },
    );

    it('a key reused after it expired is a new request: it acts again, with new ids', async () => {
      const business = await provisionBusiness(gateway.app);
      const key = `key-${randomUUID()}`;
      const first = await send('POST', '/balance/top_up', { key, body: { amount: 10_000 }, business });
      await gateway.app
        .get(CommandBus)
        .execute(new AdvanceTestClockCommand(business.business_id, 25 * 3_600_000, context));
      const again = await send('POST', '/balance/top_up', { key, body: { amount: 10_000 }, business });
      expect([again.status, again.replayed]).toEqual([200, null]);
      expect(again.body.id).not.toBe(first.body.id);
    });
  });
});
