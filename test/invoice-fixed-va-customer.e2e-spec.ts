import { feeFor, feeRuleFor } from '@gateway/ledger';
import { randomUUID } from 'node:crypto';
import { createDashboardUser, DashboardClient, TEST_PASSWORD } from './support/dashboard-client';
import { eventually } from './support/eventually';
import { gatewayWithReceiver } from './support/gateway-with-receiver';
import { call, provisionBusiness } from './support/test-business';

/**
 * `fixed_va: true`: each offered bank's entry is the customer's own fixed VA (business, mode,
 * bank, lower-cased payer email), opened on the first invoice and reused by the next ones; it is
 * paid like a `callback_virtual_account_id` account (invoice-fixed-va.e2e-spec.ts).
 */
describe('invoices with fixed_va: one account number per customer', () => {
  const running = gatewayWithReceiver();

  type Bank = {
    bank_code: string;
    collection_type: string;
    bank_account_number: string;
    transfer_amount: number;
    account_holder_name: string;
  };

  async function scenario() {
    const business = await provisionBusiness(running.gateway.app);
    const api = (method: string, path: string, body?: unknown, key = business.test.secret_key) =>
      call(running.gateway.baseUrl, key, method, path, { body });
    const createInvoice = (body: Record<string, unknown> = {}, key = business.test.secret_key) =>
      api(
        'POST',
        '/v2/invoices',
        {
          external_id: `inv-${randomUUID()}`,
          payer_email: 'budi@example.com',
          description: 'Order',
          amount: 80_000,
          fixed_va: true,
          payment_methods: ['BRI', 'BCA'],
          ...body,
        },
        key,
      );
    const invoice = async (body: Record<string, unknown> = {}, key?: string) => {
      const response = await createInvoice(body, key);
      expect(response.status).toBe(200);
      return response.body as { id: string; status: string; fixed_va: boolean; available_banks: Bank[] };
    };
    const bank = (created: { available_banks: Bank[] }, code = 'BRI') =>
      created.available_banks.find((entry) => entry.bank_code === code)!;
    const transfer = (code: string, accountNumber: string, amount: number) =>
      api('POST', '/pool_virtual_accounts/simulate_payment', {
        bank_code: code,
        bank_account_number: accountNumber,
        transfer_amount: amount,
      });
    const status = async (id: string) => (await api('GET', `/v2/invoices/${id}`)).body.status as string;
    const holding = () => api('GET', '/balance?account_type=HOLDING').then((r) => r.body.balance as number);
    return { business, api, createInvoice, invoice, bank, transfer, status, holding };
  }
  const fees = (amount: number, channel: string) => {
    const { fee, feeTax } = feeFor(amount, feeRuleFor(channel, undefined));
    return fee + feeTax;
  };

  it(
    'gives two invoices of one customer the same account ' + 'per bank (email case ignored); another customer another',
    async () => {
      const { invoice, bank } = await scenario();
      const first = await invoice();
      expect(first.fixed_va).toBe(true);
      for (const code of ['BRI', 'BCA']) {
        expect(bank(first, code)).toMatchObject({
          collection_type: 'CALLBACK_VIRTUAL_ACCOUNT',
          transfer_amount: 80_000,
          account_holder_name: 'budi@example.com',
        });
      }
      const second = await invoice({ payer_email: 'Budi@Example.COM', amount: 95_000 });
      expect(bank(second, 'BRI')).toMatchObject({
        bank_account_number: bank(first, 'BRI').bank_account_number,
        transfer_amount: 95_000,
      });
      expect(bank(second, 'BCA').bank_account_number).toBe(bank(first, 'BCA').bank_account_number);
      expect(bank(first, 'BRI').bank_account_number).not.toBe(bank(first, 'BCA').bank_account_number);

      const other = await invoice({ payer_email: 'sari@example.com' });
      expect(bank(other, 'BRI').bank_account_number).not.toBe(bank(first, 'BRI').bank_account_number);
      expect(bank(other, 'BRI').account_holder_name).toBe('sari@example.com');
      // Without fixed_va the invoice keeps its own POOL number.
      const pooled = await invoice({ fixed_va: false });
      expect(bank(pooled, 'BRI').collection_type).toBe('POOL');
    },
  );

  it('opens ONE account when the first invoices of a customer are created in parallel', async () => {
    const { createInvoice, bank } = await scenario();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => createInvoice({ payer_email: 'rika@example.com' })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(200));
    for (const code of ['BRI', 'BCA'])
      expect(new Set(responses.map((r) => bank(r.body, code).bank_account_number)).size).toBe(1);
    const opened = await running.gateway.db.pool.query(
      `SELECT count(*)::int AS n FROM es_events WHERE type = 'VirtualAccountCreated' AND ` +
        `data->'snapshot'->>'businessId' = $1 AND data->'snapshot'->>'externalId' = ` +
        `'invoice-customer:rika@example.com'`,
      [responses[0].body.user_id],
    );
    expect(opened.rows[0].n).toBe(2);
  });

  it(
    'an exact transfer pays the older PENDING invoice, then the newer; a wrong amount pays nothing; money once; ' +
      'the invoice callback only',
    async () => {
      const { api, invoice, bank, transfer, status, holding } = await scenario();
      expect(
        (await api('POST', '/callback_urls/invoice', { url: `${running.receiver.url}/cust-invoice` })).status,
      ).toBe(200);
      expect(
        (await api('POST', '/callback_urls/fva_paid', { url: `${running.receiver.url}/cust-fva-paid` })).status,
      ).toBe(200);
      const older = await invoice();
      const newer = await invoice();
      const number = bank(older, 'BRI').bank_account_number;
      expect(bank(newer, 'BRI').bank_account_number).toBe(number);

      const wrong = await transfer('BRI', number, 12_345);
      expect(wrong.status).toBe(200);
      expect([await status(older.id), await status(newer.id)]).toEqual(['PENDING', 'PENDING']);
      const afterWrong = 12_345 - fees(12_345, 'BRI');
      expect(await eventually(holding, (balance) => balance === afterWrong)).toBe(afterWrong);
      // The wrong amount is an ordinary fixed VA payment: the account's own callback.
      await eventually(
        async () => running.receiver.received.filter((c) => c.path === '/cust-fva-paid'),
        (list) => list.length === 1,
      );

      const firstPay = await transfer('BRI', number, 80_000);
      expect(firstPay.status).toBe(200);
      const paid = await eventually(
        () => api('GET', `/v2/invoices/${older.id}`),
        (r) => r.body.status === 'PAID',
      );
      expect(paid.body).toMatchObject({
        payment_method: 'BANK_TRANSFER',
        bank_code: 'BRI',
        payment_destination: number,
        payment_id: firstPay.body.payment_id,
        paid_amount: 80_000,
      });
      expect(await status(newer.id)).toBe('PENDING');
      await transfer('BRI', number, 80_000);
      await eventually(
        () => status(newer.id),
        (value) => value === 'PAID',
      );

      const expected = afterWrong + 2 * (80_000 - fees(80_000, 'BRI'));
      expect(await eventually(holding, (balance) => balance === expected)).toBe(expected);
      const invoiceCallbacks = await eventually(
        async () => running.receiver.received.filter((c) => c.path === '/cust-invoice'),
        (list) => list.length >= 2,
      );
      expect(invoiceCallbacks.map((c) => c.json.id).sort()).toEqual([older.id, newer.id].sort());
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await holding()).toBe(expected);
      expect(running.receiver.received.filter((c) => c.path === '/cust-fva-paid')).toHaveLength(1);

      // Payment and expiry of its invoices leave the account open: the next invoice gets it again.
      const expiring = await invoice();
      expect((await api('POST', `/invoices/${expiring.id}/expire!`)).status).toBe(200);
      const account = await api('GET', `/callback_virtual_accounts/${firstPay.body.callback_virtual_account_id}`);
      expect(account.status).toBe(200);
      expect(account.body).toMatchObject({
        bank_code: 'BRI',
        account_number: number,
        name: 'budi@example.com',
        external_id: 'invoice-customer:budi@example.com',
        status: 'ACTIVE',
        is_closed: false,
        is_single_use: false,
      });
      expect(bank(await invoice(), 'BRI').bank_account_number).toBe(number);
    },
  );

  it('replaces an account the merchant expired with a fresh number for that customer', async () => {
    const { api, invoice, bank, transfer } = await scenario();
    const first = await invoice();
    const number = bank(first, 'BRI').bank_account_number;
    const paid = await transfer('BRI', number, 1_000);
    const vaId = paid.body.callback_virtual_account_id as string;
    expect(
      (
        await api('PATCH', `/callback_virtual_accounts/${vaId}`, {
          expiration_date: new Date(Date.now() - 60_000).toISOString(),
        })
      ).status,
    ).toBe(200);
    const next = await invoice();
    expect(bank(next, 'BRI').bank_account_number).not.toBe(number);
    expect(bank(await invoice(), 'BRI').bank_account_number).toBe(bank(next, 'BRI').bank_account_number);
  });

  it('never shares an account across businesses or modes', async () => {
    const one = await scenario();
    const two = await scenario();
    const mine = await one.invoice();
    const theirs = await two.invoice();
    const live = await one.invoice({}, one.business.live.secret_key);
    const numbers = [mine, theirs, live].map((created) => one.bank(created, 'BRI').bank_account_number);
    expect(new Set(numbers).size).toBe(3);
    expect(one.bank(live, 'BRI').collection_type).toBe('CALLBACK_VIRTUAL_ACCOUNT');
    // Another business's customer account is not a number this business can pay into.
    const foreign = await one.transfer('BRI', one.bank(theirs, 'BRI').bank_account_number, 80_000);
    expect([foreign.status, foreign.body.error_code]).toEqual([404, 'CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR']);
    expect(await two.status(theirs.id)).toBe('PENDING');
  });

  it(
    "the hosted page's test payment by a customer's account is a transfer to it: the invoice is PAID when the page " +
      'redirects',
    async () => {
      const { api, invoice, bank, status } = await scenario();
      const created = await invoice({ success_redirect_url: 'https://shop.example/thanks' });
      const response = await fetch(`${running.gateway.baseUrl}/web/invoices/${created.id}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'channel=BRI',
        redirect: 'manual',
      });
      expect([response.status, response.headers.get('location')]).toEqual([303, 'https://shop.example/thanks']);
      expect(await status(created.id)).toBe('PAID');
      // A stale page of the paid invoice sends no money to the account.
      const stale = await fetch(`${running.gateway.baseUrl}/web/invoices/${created.id}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'channel=BCA',
        redirect: 'manual',
      });
      expect(stale.status).toBe(400);
      const again = await invoice();
      expect(bank(again, 'BRI').bank_account_number).toBe(bank(created, 'BRI').bank_account_number);
      // An invoice with callback_virtual_account_id is paid from the page the same way.
      const va = (
        await api('POST', '/callback_virtual_accounts', {
          external_id: `va-${randomUUID()}`,
          bank_code: 'MANDIRI',
          name: 'Budi',
        })
      ).body;
      const byCallbackVa = await invoice({ fixed_va: false, callback_virtual_account_id: va.id });
      const viaPage = await fetch(`${running.gateway.baseUrl}/web/invoices/${byCallbackVa.id}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'channel=MANDIRI',
        redirect: 'manual',
      });
      expect(viaPage.status).toBe(303);
      expect(await status(byCallbackVa.id)).toBe('PAID');
    },
  );

  it(
    "the page's button of a NEWER invoice sends nothing while an older one of the customer takes the same " +
      'transfer; it pays once that one is paid, then redirects to its own success URL',
    async () => {
      const { invoice, status } = await scenario();
      const payer = `twins-${randomUUID()}@example.com`;
      const older = await invoice({ payer_email: payer, amount: 50_000, payment_methods: ['BCA'] });
      const newer = await invoice({
        payer_email: payer,
        amount: 50_000,
        payment_methods: ['BCA'],
        success_redirect_url: 'https://shop.example/thanks-newer',
      });
      const pagePay = (id: string) =>
        fetch(`${running.gateway.baseUrl}/web/invoices/${id}/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'channel=BCA',
          redirect: 'manual',
        });
      const refused = await pagePay(newer.id);
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await refused.text()).toContain('would pay your earlier unpaid invoice');
      expect([await status(older.id), await status(newer.id)]).toEqual(['PENDING', 'PENDING']);

      const olderPaid = await pagePay(older.id);
      expect([olderPaid.status, olderPaid.headers.get('location')]).toEqual([303, `/web/invoices/${older.id}`]);
      expect([await status(older.id), await status(newer.id)]).toEqual(['PAID', 'PENDING']);
      const newerPaid = await pagePay(newer.id);
      expect([newerPaid.status, newerPaid.headers.get('location')]).toEqual([303, 'https://shop.example/thanks-newer']);
      expect(await status(newer.id)).toBe('PAID');
    },
  );

  it('needs a payer identity: without payer_email it is a 400 API_VALIDATION_ERROR naming the field', async () => {
    const { api } = await scenario();
    const response = await api('POST', '/v2/invoices', {
      external_id: 'x',
      description: 'Order',
      amount: 80_000,
      fixed_va: true,
    });
    expect(response.status).toBe(400);
    expect(response.body.error_code).toBe('API_VALIDATION_ERROR');
    expect(JSON.stringify(response.body)).toContain('payer_email');
    const wrongType = await api('POST', '/v2/invoices', {
      external_id: 'x',
      payer_email: 'a@b.co',
      description: 'Order',
      amount: 80_000,
      fixed_va: 'yes',
    });
    expect([wrongType.status, wrongType.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
  });

  it(
    "lists a transfer that paid an invoice once on the dashboard's transactions page (under the invoice), " +
      'an unclaimed one as a VA payment',
    async () => {
      const { business, invoice, bank, transfer, status } = await scenario();
      const created = await invoice({ external_id: `dash-inv-${randomUUID()}` });
      const number = bank(created, 'BRI').bank_account_number;
      const claimed = await transfer('BRI', number, 80_000);
      await eventually(
        () => status(created.id),
        (value) => value === 'PAID',
      );
      const unclaimed = await transfer('BRI', number, 15_000);

      const user = await createDashboardUser(running.gateway.app, business.business_id, 'admin');
      const client = new DashboardClient(running.gateway.baseUrl);
      expect((await client.signIn(user.email, TEST_PASSWORD)).status).toBe(303);
      const page = await client.get('/dashboard/transactions');
      expect(page.status).toBe(200);
      expect(page.text).toContain(created.id);
      expect(page.text).toContain(unclaimed.body.id);
      expect(page.text).not.toContain(claimed.body.id);
      const vaOnly = await client.get('/dashboard/transactions?product=va-payments');
      expect((vaOnly.text.match(/VA payment \(BRI\)/g) ?? []).length).toBe(1);
      // The claimed transfer's own detail page stays reachable by its id.
      expect((await client.get(`/dashboard/transactions/va-payments/${claimed.body.id}`)).status).toBe(200);
    },
  );
});
