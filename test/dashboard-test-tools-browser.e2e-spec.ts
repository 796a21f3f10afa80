import type { ProvisionedBusiness } from '@gateway/accounts';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { createDashboardUser, DashboardClient, TEST_PASSWORD } from './support/dashboard-client';
import { checkPage, dashboardContext, signIn, until } from './support/dashboard-browser';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Issue 21, item 2: the test tools pay what the merchant sees. An invoice's POOL number and
 * retail code, a fixed VA and a payment code open the test tools with the exact amount filled
 * in; paying them changes the API's state and appends the events an API simulation would; a
 * refused payment keeps the page and the input; a double submit pays once.
 */
describe('dashboard test tools pay what the merchant sees (headless Chromium)', () => {
  let gateway: TestApp;
  let business: ProvisionedBusiness;
  let developer: Awaited<ReturnType<typeof createDashboardUser>>;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  const api = (method: string, path: string, body?: unknown) =>
    call(gateway.baseUrl, business.test.secret_key, method, path, { body });
  const eventsOf = async (stream: string) =>
    (
      await gateway.db.pool.query<{ type: string; actor: string }>(
        `SELECT type, metadata->>'actor' AS actor FROM es_events WHERE stream_name = $1 ORDER BY position`,
        [stream],
      )
    ).rows;

  beforeAll(async () => {
    gateway = await startTestApp();
    business = await provisionBusiness(gateway.app, { name: 'Toko Test Tools' });
    developer = await createDashboardUser(gateway.app, business.business_id, 'developer');
    ({ browser, close: closeBrowser } = await launchBrowser());
    context = await dashboardContext(browser, gateway.baseUrl);
    page = await context.newPage();
    await signIn(page, developer.email);
  }, 60_000);
  afterAll(async () => {
    await closeBrowser?.();
    await gateway?.close();
  });

  const createInvoice = async (methods: string[], amount = 64_000) => {
    const created = await api('POST', '/v2/invoices', {
      external_id: `tt-${Date.now()}-${methods.join('-')}`,
      payer_email: 'payer@example.com',
      description: 'Kopi',
      amount,
      payment_methods: methods,
    });
    expect(created.status).toBe(200);
    return created.body;
  };

  it("pays an invoice's BNI POOL number from its page, with the exact amount filled in", async () => {
    const invoice = await createInvoice(['BNI', 'ALFAMART']);
    const bni = invoice.available_banks.find((bank: { bank_code: string }) => bank.bank_code === 'BNI');
    await page.goto(`/dashboard/transactions/invoices/${invoice.id}`);
    await checkPage(page, 'invoice-detail-pending');
    await page.locator('a[data-pay="BNI"]').click();
    await expect(page.locator('#va-bank').inputValue()).resolves.toBe('BNI');
    await expect(page.locator('#va-number').inputValue()).resolves.toBe(bni.bank_account_number);
    await expect(page.locator('#va-amount').inputValue()).resolves.toBe(String(bni.transfer_amount));
    await checkPage(page, 'test-tools-prefilled');
    await page.getByRole('button', { name: 'Simulate VA payment' }).click();
    await expect(page.locator('#simulation-result').innerText()).resolves.toContain(
      `Invoice ${invoice.external_id} is PAID`,
    );
    await checkPage(page, 'test-tools-result');
    const paid = await api('GET', `/v2/invoices/${invoice.id}`);
    expect(paid.body).toMatchObject({ status: 'PAID', payment_method: 'BANK_TRANSFER', payment_channel: 'BNI' });
    expect(await eventsOf(`invoice-${invoice.id}`)).toContainEqual({
      type: 'InvoicePaid',
      actor: `dashboard:${developer.userId}`,
    });
    await page.locator('#simulated-transaction').click();
    await until(async () => {
      await page.reload();
      expect(await page.locator('#event-history').innerText()).toContain('InvoicePaid');
    });
  });

  it("pays an invoice's ALFAMART code the same way", async () => {
    const invoice = await createInvoice(['ALFAMART'], 51_000);
    const outlet = invoice.available_retail_outlets[0];
    await page.goto(`/dashboard/transactions/invoices/${invoice.id}`);
    await page.locator('a[data-pay="ALFAMART"]').click();
    await expect(page.locator('#fpc-code').inputValue()).resolves.toBe(outlet.payment_code);
    await expect(page.locator('#fpc-amount').inputValue()).resolves.toBe('51000');
    await page.getByRole('button', { name: 'Simulate payment-code payment' }).click();
    await expect(page.locator('#simulation-result').innerText()).resolves.toContain('PAID');
    expect((await api('GET', `/v2/invoices/${invoice.id}`)).body).toMatchObject({
      status: 'PAID',
      payment_method: 'RETAIL_OUTLET',
      retail_outlet_name: 'ALFAMART',
    });
  });

  it('keeps the page and the input when a payment is refused (wrong amount), and pays nothing', async () => {
    const invoice = await createInvoice(['BRI'], 70_000);
    const bri = invoice.available_banks[0];
    await page.goto(`/dashboard/transactions/invoices/${invoice.id}`);
    await page.locator('a[data-pay="BRI"]').click();
    await page.locator('#va-amount').fill('69999');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/simulate/va-payment')),
      page.getByRole('button', { name: 'Simulate VA payment' }).click(),
    ]);
    expect(response.status()).toBeGreaterThanOrEqual(400);
    expect(response.status()).toBeLessThan(500);
    await expect(page.locator('#form-error').innerText()).resolves.toMatch(/amount/i);
    await expect(page.locator('nav[aria-label="Dashboard"]').count()).resolves.toBe(1);
    await expect(page.locator('#va-number').inputValue()).resolves.toBe(bri.bank_account_number);
    await expect(page.locator('#va-amount').inputValue()).resolves.toBe('69999');
    await checkPage(page, 'test-tools-refused');
    expect((await api('GET', `/v2/invoices/${invoice.id}`)).body.status).toBe('PENDING');
  });

  it('acts once on a double submit of the same form', async () => {
    const va = await api('POST', '/callback_virtual_accounts', {
      external_id: `tt-va-${Date.now()}`,
      bank_code: 'MANDIRI',
      name: 'Budi Santoso',
    });
    expect(va.status).toBe(200);
    const client = new DashboardClient(gateway.baseUrl);
    await client.signIn(developer.email, TEST_PASSWORD);
    const form = (await client.get('/dashboard/test-tools')).text;
    const key = /name="_idem" value="([^"]+)"/.exec(form)![1];
    const send = () =>
      client.request('POST', '/dashboard/test-tools/simulate/va-payment', {
        _csrf: DashboardClient.csrfOf(form),
        _idem: key,
        bank_code: 'MANDIRI',
        account_number: va.body.account_number,
        amount: '25000',
      });
    const [first, second] = await Promise.all([send(), send()]);
    const third = await send();
    expect([first.status, second.status, third.status]).toEqual([303, 303, 303]);
    expect(new Set([first.location, second.location, third.location]).size).toBe(1);
    expect((await eventsOf(`fva-${va.body.id}`)).filter((event) => event.type === 'VirtualAccountPaid')).toHaveLength(
      1,
    );
    // The same key with other values is refused, not paid.
    const other = await client.request('POST', '/dashboard/test-tools/simulate/va-payment', {
      _csrf: DashboardClient.csrfOf(form),
      _idem: key,
      bank_code: 'MANDIRI',
      account_number: va.body.account_number,
      amount: '26000',
    });
    expect(other.status).toBe(409);
    expect((await eventsOf(`fva-${va.body.id}`)).filter((event) => event.type === 'VirtualAccountPaid')).toHaveLength(
      1,
    );
  });

  it('sends the eWallet payer back to PUBLIC_BASE_URL, whatever Host the request named', async () => {
    const configured = await startTestApp({ env: { PUBLIC_BASE_URL: 'https://pay.example.com/' } });
    try {
      const merchant = await provisionBusiness(configured.app);
      const user = await createDashboardUser(configured.app, merchant.business_id, 'developer');
      const client = new DashboardClient(configured.baseUrl);
      await client.signIn(user.email, TEST_PASSWORD);
      const form = (await client.get('/dashboard/test-tools')).text;
      const csrf = DashboardClient.csrfOf(form);
      const ewallet = { ewallet_type: 'DANA', amount: '15000', phone: '' };
      const fields = new URLSearchParams({ _csrf: csrf, _idem: randomUUID(), ...ewallet });
      const cookie = ['gw_dashboard'].map((name) => `${name}=${client.cookie(name)}`).join('; ');
      const answer = await new Promise<number>((resolve, reject) => {
        const url = new URL('/dashboard/test-tools/simulate/ewallet-payment', configured.baseUrl);
        const headers = { host: 'evil.example', cookie, 'content-type': 'application/x-www-form-urlencoded' };
        const outgoing = httpRequest(url, { method: 'POST', headers }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        outgoing.on('error', reject);
        outgoing.end(fields.toString());
      });
      expect(answer).toBeLessThan(400);
      const stored = await configured.db.pool.query<{ data: string }>(
        `SELECT data::text AS data FROM es_events
          WHERE data::text LIKE '%redirectUrl%' AND metadata->>'businessId' = $1`,
        [merchant.business_id],
      );
      const redirects = stored.rows.map((row) => /"redirectUrl": ?"([^"]+)"/.exec(row.data)?.[1]);
      expect(redirects).toEqual(['https://pay.example.com/dashboard/test-tools']);
    } finally {
      await configured.close();
    }
  });
});
