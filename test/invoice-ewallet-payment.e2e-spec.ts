import type { ProvisionedBusiness } from '@gateway/accounts';
import { feeFor, feeRuleFor } from '@gateway/ledger';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './support/browser';
import { createDashboardUser, DashboardClient, TEST_PASSWORD } from './support/dashboard-client';
import { eventually } from './support/eventually';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const ARTIFACTS = join(__dirname, 'artifacts', 'invoice-page');
const PHONE = { width: 390, height: 844 };

/**
 * Paying an invoice with DANA from the hosted page: the gateway requests a DANA payment for the
 * invoice (eWallets context, with `moneyRecordedBy`), the payer checks out on the DANA page, and
 * the durable follower `invoices.ewallet-payments` marks the invoice PAID. The invoice records the
 * money once; the merchant gets the invoice callback only.
 */
describe('invoice paid by eWallet (DANA) from the hosted page', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  let receiver: WebhookReceiver;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    receiver = await WebhookReceiver.start();
    browser = await launchBrowser();
    gateway = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    merchant = await provisionBusiness(gateway.app, { name: 'Toko Dompet' });
    expect((await api('POST', '/callback_urls/invoice', { url: `${receiver.url}/invoices` })).status).toBe(200);
    expect((await api('POST', '/callback_urls/ewallet', { url: `${receiver.url}/ewallets` })).status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
    await receiver?.close();
  });

  const api = (method: string, path: string, body?: unknown, key = merchant.test.secret_key) =>
    call(gateway.baseUrl, key, method, path, { body });
  const create = (body: Record<string, unknown>, business = merchant) =>
    call(gateway.baseUrl, business.test.secret_key, 'POST', '/v2/invoices', {
      body: {
        external_id: `dana-${randomUUID()}`,
        payer_email: 'payer@example.com',
        description: 'Wallet order',
        amount: 57_000,
        ...body,
      },
    }).then((r) => r.body);
  const pageForm = (invoiceId: string, route: string, form: string) =>
    fetch(`${gateway.baseUrl}/web/invoices/${invoiceId}/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      redirect: 'manual',
    });
  const payCheckout = (location: string) =>
    fetch(`${gateway.baseUrl}${location}/pay`, { method: 'POST', redirect: 'manual' });
  const holding = (business: ProvisionedBusiness) =>
    call(gateway.baseUrl, business.test.secret_key, 'GET', '/balance?account_type=HOLDING').then(
      (r) => r.body.balance as number,
    );
  const fees = (amount: number, channel: string) => {
    const { fee, feeTax } = feeFor(amount, feeRuleFor(channel, undefined));
    return fee + feeTax;
  };

  it(
    'pays with DANA in Chromium: checkout, back to the invoice page, ' +
      'PAID; money counted once; invoice callback only',
    async () => {
      const invoice = await create({ payment_methods: ['DANA', 'BCA'] });
      const context = await browser.browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      await page.goto(`${gateway.baseUrl}/web/invoices/${invoice.id}`);
      expect(await page.locator('[data-ewallet="DANA"]').count()).toBe(1);
      await page.screenshot({ path: join(ARTIFACTS, 'dana-method-phone.png'), fullPage: true });
      await Promise.all([page.waitForURL(/\/ewallets\/checkout\//), page.click('[data-ewallet="DANA"]')]);
      expect(await page.locator('h1').innerText()).toBe('DANA checkout');
      expect(await page.locator('#amount').innerText()).toBe('IDR 57,000');
      expect(await page.locator('#external-id').innerText()).toBe(`invoice_${invoice.id}`);
      await page.screenshot({ path: join(ARTIFACTS, 'dana-checkout-phone.png'), fullPage: true });
      await Promise.all([page.waitForURL(/\/ewallets\/checkout\//), page.locator('#pay').click()]);
      expect(await page.locator('#outcome').innerText()).toBe('Payment successful');
      await page.locator('#return').click();
      await page.waitForURL(`${gateway.baseUrl}/web/invoices/${invoice.id}`);
      // The follower pays the invoice just after the checkout: the page tells once it has.
      const status = await eventually(
        async () => {
          await page.reload();
          return page.textContent('#invoice-status');
        },
        (text) => text === 'PAID',
      );
      expect(status).toBe('PAID');
      expect(await page.locator('#status').innerText()).toBe('This invoice is paid. Thank you!');
      await page.screenshot({ path: join(ARTIFACTS, 'paid-by-dana-phone.png'), fullPage: true });
      await context.close();

      const wallet = (await api('GET', `/ewallets?external_id=invoice_${invoice.id}&ewallet_type=DANA`)).body;
      expect(wallet).toMatchObject({ status: 'PAID', amount: 57_000 });
      const paid = (await api('GET', `/v2/invoices/${invoice.id}`)).body;
      expect(paid).toMatchObject({
        status: 'PAID',
        payment_method: 'EWALLET',
        payment_channel: 'DANA',
        ewallet_type: 'DANA',
        paid_amount: 57_000,
      });
      expect(paid).not.toHaveProperty('payment_destination');
      expect(paid.payment_id).toMatch(/^ewallet_/);

      const callbacks = await receiver.waitForCount(1);
      expect(callbacks[0].path).toBe('/invoices');
      expect(callbacks[0].json).toMatchObject({
        id: invoice.id,
        status: 'PAID',
        payment_method: 'EWALLET',
        payment_channel: 'DANA',
        ewallet_type: 'DANA',
        payment_id: paid.payment_id,
      });
      expect(callbacks[0].json).not.toHaveProperty('payment_destination');

      // One MoneyInReceived: the invoice's (the DANA payment appends none).
      expect(
        await eventually(
          () => holding(merchant),
          (balance) => balance !== 0,
        ),
      ).toBe(57_000 - fees(57_000, 'DANA'));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await holding(merchant)).toBe(57_000 - fees(57_000, 'DANA'));
      expect(receiver.received.filter((callback) => callback.path === '/ewallets')).toEqual([]);
    },
  );

  it(
    'asking twice gives the same checkout; a paid invoice, ' +
      'an invoice without DANA and bad input are refused on the page',
    async () => {
      const invoice = await create({ payment_methods: ['DANA'] });
      const first = await pageForm(invoice.id, 'pay_ewallet', 'ewallet_type=DANA');
      const second = await pageForm(invoice.id, 'pay_ewallet', 'ewallet_type=DANA');
      expect(first.status).toBe(303);
      expect(first.headers.get('location')).toMatch(/^\/ewallets\/checkout\/[0-9a-f]{64}$/);
      expect(second.headers.get('location')).toBe(first.headers.get('location'));
      const parallel = await Promise.all([1, 2, 3].map(() => pageForm(invoice.id, 'pay_ewallet', 'ewallet_type=DANA')));
      expect(new Set(parallel.map((r) => r.headers.get('location')))).toEqual(new Set([first.headers.get('location')]));

      expect((await payCheckout(first.headers.get('location')!)).status).toBe(303);
      await eventually(
        () => api('GET', `/v2/invoices/${invoice.id}`),
        (r) => r.body.status === 'PAID',
      );
      const afterPaid = await pageForm(invoice.id, 'pay_ewallet', 'ewallet_type=DANA');
      expect(afterPaid.status).toBe(400);
      expect(await afterPaid.text()).toContain('This invoice has already been paid.');

      const bcaOnly = await create({ payment_methods: ['BCA'] });
      const notOffered = await pageForm(bcaOnly.id, 'pay_ewallet', 'ewallet_type=DANA');
      expect(notOffered.status).toBe(400);
      expect(await notOffered.text()).toContain('cannot be paid by DANA');
      expect((await pageForm(bcaOnly.id, 'pay_ewallet', 'ewallet_type=OVO')).status).toBe(400);
      expect((await pageForm(bcaOnly.id, 'pay_ewallet', '')).status).toBe(400);
      expect((await pageForm(bcaOnly.id, 'pay_ewallet', `ewallet_type=${'X'.repeat(5000)}`)).status).toBe(400);
      expect((await pageForm('0'.repeat(24), 'pay_ewallet', 'ewallet_type=DANA')).status).toBe(404);
    },
  );

  it(
    'paid by VA while the DANA checkout was open: the late DANA money is counted once as surplus, ' +
      'the invoice stays paid by VA',
    async () => {
      const business = await provisionBusiness(gateway.app, { name: 'Toko Surplus' });
      const invoice = await create({ payment_methods: ['DANA', 'BCA'] }, business);
      const checkout = (await pageForm(invoice.id, 'pay_ewallet', 'ewallet_type=DANA')).headers.get('location')!;
      const bank = invoice.available_banks[0];
      const transfer = await call(
        gateway.baseUrl,
        business.test.secret_key,
        'POST',
        '/pool_virtual_accounts/simulate_payment',
        {
          body: { bank_code: bank.bank_code, bank_account_number: bank.bank_account_number, transfer_amount: 57_000 },
        },
      );
      expect(transfer.status).toBe(200);
      expect((await payCheckout(checkout)).status).toBe(303);

      const expected = 57_000 - fees(57_000, 'BCA') + 57_000 - fees(57_000, 'DANA');
      expect(
        await eventually(
          () => holding(business),
          (balance) => balance === expected,
        ),
      ).toBe(expected);
      const after = (await call(gateway.baseUrl, business.test.secret_key, 'GET', `/v2/invoices/${invoice.id}`)).body;
      expect(after).toMatchObject({ status: 'PAID', payment_method: 'BANK_TRANSFER', payment_channel: 'BCA' });
    },
  );

  it(
    "lists a DANA payment the invoice made once on the dashboard's transactions page (under the invoice); " +
      'a payment of its own as an eWallet payment',
    async () => {
      const business = await provisionBusiness(gateway.app, { name: 'Toko Dasbor' });
      const own = (method: string, path: string, body?: unknown) =>
        call(gateway.baseUrl, business.test.secret_key, method, path, { body });
      const invoice = await create({ payment_methods: ['DANA'] }, business);
      const checkout = await pageForm(invoice.id, 'pay_ewallet', 'ewallet_type=DANA');
      expect(checkout.status).toBe(303);
      expect((await payCheckout(checkout.headers.get('location')!)).status).toBe(303);
      const paid = await eventually(
        () => own('GET', `/v2/invoices/${invoice.id}`),
        (r) => r.body.status === 'PAID',
      );
      const invoicePayment = paid.body.payment_id as string;
      expect(invoicePayment).toMatch(/^ewallet_/);
      const direct = await own('POST', '/ewallets', {
        external_id: `own-${randomUUID()}`,
        amount: 12_000,
        callback_url: 'https://shop.example/cb',
        redirect_url: 'https://shop.example/thanks',
        ewallet_type: 'DANA',
      });
      expect(direct.status).toBe(200);

      const user = await createDashboardUser(gateway.app, business.business_id, 'admin');
      const client = new DashboardClient(gateway.baseUrl);
      expect((await client.signIn(user.email, TEST_PASSWORD)).status).toBe(303);
      const page = await client.get('/dashboard/transactions');
      expect(page.status).toBe(200);
      expect(page.text).toContain(invoice.id);
      expect(page.text).toContain(direct.body.external_id);
      expect(page.text).not.toContain(invoicePayment);
      expect(page.text).not.toContain(`invoice_${invoice.id}`);
      const walletsOnly = await client.get('/dashboard/transactions?product=ewallet-payments');
      expect((walletsOnly.text.match(/eWallet \(DANA\)/g) ?? []).length).toBe(1);
      expect(walletsOnly.text).not.toContain(invoicePayment);
      // The invoice's DANA payment keeps its own detail page, reachable by its id.
      const detail = await client.get(`/dashboard/transactions/ewallet-payments/${invoicePayment}`);
      expect(detail.status).toBe(200);
      expect(detail.text).toContain(`invoice_${invoice.id}`);
    },
  );
});
