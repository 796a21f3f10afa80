import { AdvanceTestClockCommand, type ProvisionedBusiness, UpdateSettingsCommand } from '@gateway/accounts';
import { PayInvoiceByRetailCodeCommand } from '@gateway/invoices';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { eventually } from './support/eventually';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const context = { requestId: 'req_invoice_test', actor: 'system:test' };
const HOUR = 3_600_000;

describe('invoices', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  let receiver: WebhookReceiver;
  const api = (method: string, path: string, body?: unknown, key = merchant.test.secret_key) =>
    call(gateway.baseUrl, key, method, path, { body });
  const create = (overrides: Record<string, unknown> = {}, key = merchant.test.secret_key) =>
    api(
      'POST',
      '/v2/invoices',
      {
        external_id: `inv-${randomUUID()}`,
        payer_email: 'payer@example.com',
        description: 'Order #1',
        amount: 150_000,
        ...overrides,
      },
      key,
    );
  const advance = (ms: number, business = merchant) =>
    gateway.app.get(CommandBus).execute(new AdvanceTestClockCommand(business.business_id, ms, context));

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    gateway = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    merchant = await provisionBusiness(gateway.app);
    expect((await api('POST', '/callback_urls/invoice', { url: `${receiver.url}/invoices` })).status).toBe(200);
  });
  afterAll(async () => {
    await gateway?.close();
    await receiver?.close();
  });

  it(
    'creates a PENDING invoice with POOL banks, ' + 'retail outlets, merchant fields and a 24 h default expiry',
    async () => {
      const created = await create({
        items: [{ name: 'Tea', quantity: 2, price: 75_000 }],
        success_redirect_url: 'https://shop.example/ok',
        mid_label: 'MID1',
        should_send_email: true,
      });
      expect(created.status).toBe(200);
      const invoice = created.body;
      expect(invoice).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        user_id: merchant.business_id,
        status: 'PENDING',
        merchant_name: expect.any(String),
        amount: 150_000,
        payer_email: 'payer@example.com',
        description: 'Order #1',
        invoice_url: expect.stringMatching(/\/web\/invoices\/[0-9a-f]{24}$/),
        should_exclude_credit_card: false,
        should_send_email: true,
        currency: 'IDR',
        fixed_va: false,
        mid_label: 'MID1',
        items: [{ name: 'Tea', quantity: 2, price: 75_000 }],
      });
      expect(new Date(invoice.expiry_date).getTime() - new Date(invoice.created).getTime()).toBe(24 * HOUR);
      expect(invoice.available_banks.map((b: { bank_code: string }) => b.bank_code)).toEqual(
        expect.arrayContaining(['BCA', 'BNI', 'BRI', 'MANDIRI', 'PERMATA']),
      );
      for (const bank of invoice.available_banks) {
        expect(bank).toMatchObject({
          collection_type: 'POOL',
          transfer_amount: 150_000,
          identity_amount: 0,
          bank_account_number: expect.stringMatching(/^\d{11}$/),
        });
      }
      expect(
        invoice.available_retail_outlets.map((o: { retail_outlet_name: string }) => o.retail_outlet_name).sort(),
      ).toEqual(['ALFAMART', 'INDOMARET']);
      const got = await api('GET', `/v2/invoices/${invoice.id}`);
      expect(got.status).toBe(200);
      expect(got.body).toEqual(invoice);
      const emails = await eventually(
        () => api('GET', `/email_outbox?invoice_id=${invoice.id}`),
        (r) => r.body.length === 1,
      );
      expect(emails.body[0]).toMatchObject({
        template: 'invoice_created',
        to: 'payer@example.com',
        subject: expect.stringContaining('Invoice from'),
      });
    },
  );

  it('offers only the requested methods, honours invoice_duration, and refuses when none is enabled', async () => {
    const only = await create({ payment_methods: ['BCA', 'ALFAMART'], invoice_duration: 600 });
    expect(only.status).toBe(200);
    expect(only.body.available_banks.map((b: { bank_code: string }) => b.bank_code)).toEqual(['BCA']);
    expect(only.body.available_retail_outlets.map((o: { retail_outlet_name: string }) => o.retail_outlet_name)).toEqual(
      ['ALFAMART'],
    );
    expect(only.body.should_exclude_credit_card).toBe(true);
    expect(new Date(only.body.expiry_date).getTime() - new Date(only.body.created).getTime()).toBe(600_000);

    const other = await provisionBusiness(gateway.app);
    await gateway.app
      .get(CommandBus)
      .execute(new UpdateSettingsCommand(other.business_id, 'test', { enabledPaymentChannels: ['OVO'] }, context));
    const none = await create({ payment_methods: ['BCA'] }, other.test.secret_key);
    expect(none.status).toBe(400);
    expect(none.body.error_code).toBe('NO_COLLECTION_METHODS_ERROR');
  });

  it.each([
    [{ amount: '150000' }],
    [{ payer_email: 'not-an-email' }],
    [{ external_id: undefined }],
    [{ description: undefined }],
    [{ payment_methods: ['NOPE'] }],
    [{ payment_methods: 'BCA' }],
    [{ items: [{ name: 'x', quantity: 'two', price: 1 }] }],
    [{ invoice_duration: -5 }],
    [{ currency: 'USD' }],
  ])('refuses bad input %j with 400 API_VALIDATION_ERROR', async (overrides) => {
    const response = await create(overrides);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error_code: 'API_VALIDATION_ERROR', message: expect.any(String) });
  });

  it(
    'pays at once in test mode for the magic amounts 3000000 and 2000000, ' +
      'and the callback carries the gaps.md fields',
    async () => {
      for (const amount of [3_000_000, 2_000_000]) {
        const created = await create({ amount });
        expect(created.status).toBe(200);
        expect(created.body).toMatchObject({ status: 'PAID', paid_amount: amount, payment_method: 'BANK_TRANSFER' });
      }
      const callbacks = await eventually(
        async () => receiver.received.filter((c) => JSON.parse(c.body).amount === 3_000_000),
        (list) => list.length >= 1,
      );
      const body = JSON.parse(callbacks[0].body);
      expect(body).toMatchObject({
        id: expect.any(String),
        external_id: expect.any(String),
        user_id: merchant.business_id,
        status: 'PAID',
        merchant_name: expect.any(String),
        amount: 3_000_000,
        paid_amount: 3_000_000,
        payer_email: 'payer@example.com',
        description: 'Order #1',
        created: expect.any(String),
        updated: expect.any(String),
        paid_at: expect.any(String),
        currency: 'IDR',
        payment_method: 'BANK_TRANSFER',
        payment_channel: expect.any(String),
        payment_destination: expect.any(String),
        bank_code: expect.any(String),
        payment_id: expect.any(String),
      });
      expect(callbacks[0].headers['x-callback-token']).toBeDefined();
    },
  );

  it('is paid by a POOL VA simulation of the exact amount, then SETTLED when the ledger settles it', async () => {
    const invoice = (await create({ payment_methods: ['BNI'] })).body;
    const bank = invoice.available_banks[0];
    const simulate = (body: unknown, key = merchant.test.secret_key) =>
      api('POST', '/pool_virtual_accounts/simulate_payment', body, key);
    const wrong = await simulate({
      bank_code: 'BNI',
      bank_account_number: bank.bank_account_number,
      transfer_amount: 100,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error_code).toBe('INVALID_AMOUNT_ERROR');
    const unknown = await simulate({ bank_code: 'BNI', bank_account_number: '99999999999', transfer_amount: 150_000 });
    expect(unknown.status).toBe(404);
    // Neither a fixed account nor an invoice's POOL number: the spec's code for an unknown account.
    expect(unknown.body.error_code).toBe('CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR');
    expect((await simulate({ bank_code: 'XXX', bank_account_number: '1', transfer_amount: 1 })).status).toBe(404);
    expect((await simulate({ bank_code: 'BNI', bank_account_number: 42, transfer_amount: 1 })).status).toBe(400);
    expect(
      (
        await simulate(
          { bank_code: 'BNI', bank_account_number: bank.bank_account_number, transfer_amount: 150_000 },
          merchant.live.secret_key,
        )
      ).body.error_code,
    ).toBe('TEST_MODE_ONLY_ERROR');

    const paid = await simulate({
      bank_code: 'BNI',
      bank_account_number: bank.bank_account_number,
      transfer_amount: 150_000,
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'COMPLETED', invoice_id: invoice.id });
    const got = (await api('GET', `/v2/invoices/${invoice.id}`)).body;
    expect(got).toMatchObject({
      status: 'PAID',
      paid_amount: 150_000,
      payment_method: 'BANK_TRANSFER',
      payment_channel: 'BNI',
      bank_code: 'BNI',
      payment_destination: bank.bank_account_number,
    });
    const again = await simulate({
      bank_code: 'BNI',
      bank_account_number: bank.bank_account_number,
      transfer_amount: 150_000,
    });
    expect(again.body.error_code).toBe('INVOICE_NOT_PENDING_ERROR');
    const holding = (await api('GET', '/balance?account_type=HOLDING')).body.balance;
    expect(holding).toBeGreaterThan(0);

    await advance(2 * HOUR);
    const settled = await eventually(
      () => api('GET', `/v2/invoices/${invoice.id}`),
      (r) => r.body.status === 'SETTLED',
    );
    expect(settled.body.status).toBe('SETTLED');
    await eventually(
      async () => receiver.received.map((c) => JSON.parse(c.body)),
      (list) => list.some((b) => b.id === invoice.id && b.status === 'SETTLED'),
    );
  });

  it('is paid by its retail payment code through PayInvoiceByRetailCodeCommand (exact amount only)', async () => {
    const invoice = (await create({ payment_methods: ['INDOMARET'] })).body;
    const outlet = invoice.available_retail_outlets[0];
    expect(outlet.payment_code).toMatch(/^TEST\d{2}\d{6}$/);
    const bus = gateway.app.get(CommandBus);
    const pay = (amount: number, code = outlet.payment_code) =>
      bus.execute(
        new PayInvoiceByRetailCodeCommand(
          merchant.business_id,
          'test',
          { retailOutletName: 'INDOMARET', paymentCode: code, transferAmount: amount },
          context,
        ),
      );
    await expect(pay(1)).rejects.toMatchObject({ code: 'INVALID_AMOUNT_ERROR' });
    await expect(pay(150_000, 'NOPE')).rejects.toMatchObject({ code: 'PAYMENT_CODE_NOT_FOUND_ERROR' });
    const paid = await pay(150_000);
    expect(paid).toMatchObject({
      status: 'PAID',
      payment: { method: 'RETAIL_OUTLET', channel: 'INDOMARET', destination: outlet.payment_code },
    });
    expect((await api('GET', `/v2/invoices/${invoice.id}`)).body).toMatchObject({
      status: 'PAID',
      retail_outlet_name: 'INDOMARET',
      payment_method: 'RETAIL_OUTLET',
    });
  });

  it(
    'expires by POST /invoices/{id}/expire! and by its timer; ' + 'an expired or paid invoice cannot be expired again',
    async () => {
      const invoice = (await create()).body;
      const expired = await api('POST', `/invoices/${invoice.id}/expire!`);
      expect(expired.status).toBe(200);
      expect(expired.body.status).toBe('EXPIRED');
      expect((await api('POST', `/invoices/${invoice.id}/expire!`)).body.error_code).toBe('INVOICE_NOT_PENDING_ERROR');
      expect((await api('POST', `/invoices/${'0'.repeat(24)}/expire!`)).status).toBe(404);
      expect((await api('POST', `/invoices/nope/expire!`)).body.error_code).toBe('INVOICE_NOT_FOUND_ERROR');

      const timed = (await create({ invoice_duration: 60 })).body;
      await advance(2 * 60_000);
      const after = await eventually(
        () => api('GET', `/v2/invoices/${timed.id}`),
        (r) => r.body.status === 'EXPIRED',
      );
      expect(after.body.status).toBe('EXPIRED');
      await eventually(
        async () => receiver.received.map((c) => JSON.parse(c.body)),
        (list) => list.some((b) => b.id === timed.id && b.status === 'EXPIRED'),
      );
    },
  );

  it('hides invoices of another business and of the other mode (404)', async () => {
    const invoice = (await create()).body;
    const other = await provisionBusiness(gateway.app);
    expect((await api('GET', `/v2/invoices/${invoice.id}`, undefined, other.test.secret_key)).status).toBe(404);
    expect((await api('GET', `/v2/invoices/${invoice.id}`, undefined, merchant.live.secret_key)).status).toBe(404);
    expect((await api('POST', `/invoices/${invoice.id}/expire!`, undefined, other.test.secret_key)).status).toBe(404);
  });

  it(
    'lists newest first with gaps.md filters, ' + 'both array encodings, limit and the last_invoice_id cursor',
    async () => {
      const business = await provisionBusiness(gateway.app);
      const key = business.test.secret_key;
      const ids: string[] = [];
      for (let i = 0; i < 4; i += 1)
        ids.push((await create({ external_id: `list-${i}`, payment_methods: ['BCA'] }, key)).body.id);
      await api('POST', `/invoices/${ids[0]}/expire!`, undefined, key);
      const list = (query: string) => api('GET', `/v2/invoices${query}`, undefined, key);
      expect((await list('')).body.map((i: { id: string }) => i.id)).toEqual([...ids].reverse());
      expect((await list('?statuses=EXPIRED')).body.map((i: { id: string }) => i.id)).toEqual([ids[0]]);
      expect((await list('?statuses=EXPIRED&statuses=PENDING')).body).toHaveLength(4);
      expect(
        (await list(`?statuses=${encodeURIComponent('["EXPIRED"]')}`)).body.map((i: { id: string }) => i.id),
      ).toEqual([ids[0]]);
      expect((await list('?statuses=["PENDING"]')).body).toHaveLength(3);
      expect((await list('?limit=2')).body.map((i: { id: string }) => i.id)).toEqual([ids[3], ids[2]]);
      expect((await list(`?limit=2&last_invoice_id=${ids[2]}`)).body.map((i: { id: string }) => i.id)).toEqual([
        ids[1],
        ids[0],
      ]);
      expect((await list('?external_id=list-1')).body.map((i: { id: string }) => i.id)).toEqual([ids[1]]);
      expect((await list('?client_types=API_GATEWAY')).body).toHaveLength(4);
      expect((await list('?client_types=RECURRING')).body).toHaveLength(0);
      expect((await list(`?created_after=${encodeURIComponent('2000-01-01T00:00:00Z')}`)).body).toHaveLength(4);
      expect((await list(`?expired_after=${encodeURIComponent('2000-01-01T00:00:00Z')}`)).body).toHaveLength(1);
      expect((await list('?payment_channels=BCA')).body).toHaveLength(0);
      for (const bad of [
        '?limit=0',
        '?limit=101',
        '?limit=abc',
        '?statuses=NOPE',
        '?statuses=["NOPE"]',
        '?created_after=yesterday',
        '?created_after=2020-13-45',
      ]) {
        const response = await list(bad);
        expect([bad, response.status, response.body.error_code]).toEqual([bad, 400, 'API_VALIDATION_ERROR']);
      }
    },
  );

  it(
    'keeps POOL numbers unique under parallel creation in two processes and answers ' +
      'UNIQUE_ACCOUNT_NUMBER_UNAVAILABLE_ERROR once the pool is exhausted',
    async () => {
      const small = await startTestApp({ env: { INVOICE_POOL_SIZE: '3' } });
      // A second api process on the same database: the numbers are claimed in the store, not in a process.
      const twin = await startTestApp({
        env: { INVOICE_POOL_SIZE: '3' },
        databaseUrl: small.db.url,
        withWorker: false,
      });
      try {
        const business = await provisionBusiness(small.app);
        const results = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            call((i % 2 === 0 ? small : twin).baseUrl, business.test.secret_key, 'POST', '/v2/invoices', {
              body: {
                external_id: `p-${i}`,
                payer_email: 'a@b.co',
                description: 'x',
                amount: 20_000,
                payment_methods: ['MANDIRI'],
              },
            }),
          ),
        );
        const ok = results.filter((r) => r.status === 200);
        const refused = results.filter((r) => r.status !== 200);
        expect(ok).toHaveLength(3);
        expect(new Set(ok.map((r) => r.body.available_banks[0].bank_account_number)).size).toBe(3);
        for (const r of refused)
          expect([r.status, r.body.error_code]).toEqual([404, 'UNIQUE_ACCOUNT_NUMBER_UNAVAILABLE_ERROR']);

        const codes = await Promise.all(
          Array.from({ length: 4 }, (_, i) =>
            call(small.baseUrl, business.test.secret_key, 'POST', '/v2/invoices', {
              body: {
                external_id: `r-${i}`,
                payer_email: 'a@b.co',
                description: 'x',
                amount: 20_000,
                payment_methods: ['ALFAMART'],
                invoice_duration: 60,
              },
            }),
          ),
        );
        expect(codes.filter((r) => r.status === 200)).toHaveLength(3);
        expect(codes.find((r) => r.status !== 200)?.body.error_code).toBe('AVAILABLE_PAYMENT_CODE_NOT_FOUND_ERROR');
        // Reserved only until expiry_date: afterwards the numbers are reassigned.
        await small.app.get(CommandBus).execute(new AdvanceTestClockCommand(business.business_id, 2 * 60_000, context));
        const reused = await call(small.baseUrl, business.test.secret_key, 'POST', '/v2/invoices', {
          body: {
            external_id: 'r-again',
            payer_email: 'a@b.co',
            description: 'x',
            amount: 20_000,
            payment_methods: ['ALFAMART'],
          },
        });
        expect(reused.status).toBe(200);
      } finally {
        await twin.close();
        await small.close();
      }
    },
  );
});
