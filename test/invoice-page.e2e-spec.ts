import type { ProvisionedBusiness } from '@gateway/accounts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './support/browser';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

const ARTIFACTS = join(__dirname, 'artifacts', 'invoice-page');
const PHONE = { width: 390, height: 844 };

describe('hosted invoice page (headless Chromium)', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchBrowser();
  });
  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app, { name: 'Toko <Kopi> & Teh' });
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  const create = (body: Record<string, unknown>) =>
    call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/v2/invoices', {
      body: {
        external_id: `page-${Date.now()}`,
        payer_email: 'payer@example.com',
        description: 'Two <b>coffees</b>',
        amount: 64_000,
        ...body,
      },
    }).then((r) => r.body);
  const pageUrl = (invoice: { invoice_url: string; id: string }) => `${gateway.baseUrl}/web/invoices/${invoice.id}`;

  it(
    'shows merchant, amount, items and time left on a phone, ' +
      'readable without JavaScript, and pays by VA simulation',
    async () => {
      const invoice = await create({
        items: [{ name: 'Kopi susu', quantity: 2, price: 32_000 }],
        payment_methods: ['BCA', 'ALFAMART'],
      });
      expect(invoice.invoice_url).toMatch(new RegExp(`/web/invoices/${invoice.id}$`));
      const context = await browser.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(pageUrl(invoice));
      expect(await page.textContent('h1')).toBe('Toko <Kopi> & Teh');
      expect(await page.textContent('#amount')).toContain('64,000');
      expect(await page.textContent('#description')).toBe('Two <b>coffees</b>');
      expect(await page.textContent('#items')).toContain('Kopi susu');
      expect(await page.textContent('#time-left')).toMatch(/23 h|24 h/);
      expect(await page.textContent('[data-bank="BCA"]')).toBe(invoice.available_banks[0].bank_account_number);
      expect(await page.textContent('[data-outlet="ALFAMART"]')).toBe(invoice.available_retail_outlets[0].payment_code);
      // Nothing overflows a phone's width.
      const overflow = await page.evaluate('document.documentElement.scrollWidth > window.innerWidth');
      expect(overflow).toBe(false);
      await page.screenshot({ path: join(ARTIFACTS, 'pending-phone.png'), fullPage: true });

      await page.click('button[data-channel="BCA"]');
      await page.waitForSelector('#status');
      expect(await page.textContent('#invoice-status')).toBe('PAID');
      await page.screenshot({ path: join(ARTIFACTS, 'paid-by-va-phone.png'), fullPage: true });
      const api = await call(gateway.baseUrl, merchant.test.secret_key, 'GET', `/v2/invoices/${invoice.id}`);
      expect(api.body).toMatchObject({ status: 'PAID', payment_channel: 'BCA', payment_method: 'BANK_TRANSFER' });
      await context.close();
    },
  );

  it(
    'pays by retail simulation and redirects to success_redirect_url; ' +
      'an expired invoice links to failure_redirect_url',
    async () => {
      const invoice = await create({
        payment_methods: ['INDOMARET'],
        success_redirect_url: `${gateway.baseUrl}/health`,
        failure_redirect_url: 'https://shop.example/failed',
      });
      const context = await browser.browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      await page.goto(pageUrl(invoice));
      await page.click('button[data-channel="INDOMARET"]');
      await page.waitForURL(`${gateway.baseUrl}/health`);
      const paid = await call(gateway.baseUrl, merchant.test.secret_key, 'GET', `/v2/invoices/${invoice.id}`);
      expect(paid.body).toMatchObject({
        status: 'PAID',
        payment_method: 'RETAIL_OUTLET',
        retail_outlet_name: 'INDOMARET',
      });

      const expiring = await create({ failure_redirect_url: 'https://shop.example/failed', payment_methods: ['BNI'] });
      await call(gateway.baseUrl, merchant.test.secret_key, 'POST', `/invoices/${expiring.id}/expire!`);
      await page.goto(pageUrl(expiring));
      expect(await page.textContent('#invoice-status')).toBe('EXPIRED');
      expect(await page.getAttribute('#failure-redirect', 'href')).toBe('https://shop.example/failed');
      await page.screenshot({ path: join(ARTIFACTS, 'expired-phone.png'), fullPage: true });
      await context.close();
    },
  );

  it('answers 404 for unknown invoices and refuses a method the invoice does not offer', async () => {
    expect((await fetch(`${gateway.baseUrl}/web/invoices/${'0'.repeat(24)}`)).status).toBe(404);
    expect((await fetch(`${gateway.baseUrl}/web/invoices/nope`)).status).toBe(404);
    const invoice = await create({ payment_methods: ['BRI'] });
    const response = await fetch(`${gateway.baseUrl}/web/invoices/${invoice.id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'channel=BCA',
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('not offered');
  });

  it("answers a form post the page would never send with the page and a notice, never the API's JSON", async () => {
    const invoice = await create({ payment_methods: ['BRI', 'DANA', 'CREDIT_CARD'] });
    const post = (path: string, body: string, contentType = 'application/x-www-form-urlencoded') =>
      fetch(`${gateway.baseUrl}/web/invoices/${invoice.id}/${path}`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
        redirect: 'manual',
      });
    const attempts: [string, string, string?][] = [
      ['pay', 'channel='],
      ['pay', ''],
      ['pay_ewallet', 'ewallet_type='],
      ['pay_card', 'token_id=x'],
      ['pay_card', 'token_id=%2F..%2F'],
      ['pay_card', ''],
    ];
    for (const [path, body, contentType] of attempts) {
      const response = await post(path, body, contentType);
      const text = await response.text();
      expect([path, body, response.status, response.headers.get('content-type')]).toEqual([
        path,
        body,
        400,
        'text/html; charset=utf-8',
      ]);
      expect(text).toMatch(/^<!doctype html>/);
      expect(text).toMatch(/<p class="notice" role="alert">[^<]+<\/p>/);
    }
    // A body no parser reads is refused by the edge before any route, as on every route (415).
    const unread = await post('pay', 'channel=BRI', 'text/plain');
    const unreadBody = (await unread.json()) as { error_code?: string };
    expect([unread.status, unreadBody.error_code]).toEqual([415, 'UNSUPPORTED_CONTENT_TYPE_ERROR']);
    const api = await call(gateway.baseUrl, merchant.test.secret_key, 'GET', `/v2/invoices/${invoice.id}`);
    expect(api.body.status).toBe('PENDING');
  });

  it('tells the payer in their words that an expired invoice can no longer be paid', async () => {
    const invoice = await create({ payment_methods: ['BRI'] });
    await call(gateway.baseUrl, merchant.test.secret_key, 'POST', `/invoices/${invoice.id}/expire!`);
    const response = await fetch(`${gateway.baseUrl}/web/invoices/${invoice.id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'channel=BRI',
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain('This invoice has expired and can no longer be paid.');
    expect(text).not.toContain('only a PENDING invoice');
  });

  it("keeps a 3,000-character description and a 1,000-character item name within a phone's width", async () => {
    const invoice = await create({
      description: 'D'.repeat(3_000),
      items: [{ name: 'N'.repeat(1_000), quantity: 1, price: 64_000 }],
      payment_methods: ['BCA'],
    });
    const context = await browser.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(pageUrl(invoice));
    const width = await page.evaluate('document.documentElement.scrollWidth');
    await page.screenshot({ path: join(ARTIFACTS, 'long-text-phone.png') });
    await context.close();
    expect(width).toBeLessThanOrEqual(PHONE.width + 2);
  });
});
