import type { ProvisionedBusiness } from '@gateway/accounts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { FUTURE_YEAR, TEST_CARDS, tokenize } from './support/cards';
import { createDashboardUser } from './support/dashboard-client';
import {
  checkPage,
  dashboardContext,
  DESKTOP,
  expectAccessible,
  expectNoHorizontalOverflow,
  PHONE,
  signIn,
  until,
} from './support/dashboard-browser';
import { PNG_BYTES } from './support/files';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Issue 21, item 6: the pages payers see, in the merchant's name, logo and colour (set in the
 * dashboard's settings), with their methods grouped and collapsed, copy buttons, the deadline
 * in the payer's own time zone and messages in the payer's words; the same branding on the
 * eWallet checkout and the 3DS page.
 */
describe("payer pages in the merchant's branding (headless Chromium)", () => {
  let gateway: TestApp;
  let business: ProvisionedBusiness;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let logos: Server;
  let logoUrl: string;
  let payer: BrowserContext;
  const api = (method: string, path: string, body?: unknown) =>
    call(gateway.baseUrl, business.test.secret_key, method, path, { body });
  const createInvoice = async (body: Record<string, unknown> = {}) => {
    const created = await api('POST', '/v2/invoices', {
      external_id: `payer-${Date.now()}-${Math.random()}`,
      payer_email: 'payer@example.com',
      description: 'Kopi susu x 2',
      amount: 64_000,
      ...body,
    });
    expect(created.status).toBe(200);
    return created.body;
  };
  /** A payer in Makassar (WITA, UTC+8): the gateway's home zone is Jakarta (UTC+7). */
  const payerContext = (options: { javaScriptEnabled?: boolean; viewport?: typeof PHONE } = {}) =>
    browser.newContext({
      baseURL: gateway.baseUrl,
      bypassCSP: true,
      timezoneId: 'Asia/Makassar',
      locale: 'id-ID',
      viewport: options.viewport ?? PHONE,
      javaScriptEnabled: options.javaScriptEnabled ?? true,
    });

  beforeAll(async () => {
    gateway = await startTestApp();
    business = await provisionBusiness(gateway.app, { name: 'PT Kopi Nusantara' });
    logos = createServer((request, response) => {
      if (request.url === '/logo.png') response.writeHead(200, { 'content-type': 'image/png' }).end(PNG_BYTES);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => logos.listen(0, '127.0.0.1', resolve));
    logoUrl = `http://127.0.0.1:${(logos.address() as AddressInfo).port}/logo.png`;
    ({ browser, close: closeBrowser } = await launchBrowser());
    payer = await payerContext();
    await payer.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gateway.baseUrl });
  }, 60_000);
  afterAll(async () => {
    await closeBrowser?.();
    await new Promise((resolve) => logos?.close(resolve));
    await gateway?.close();
  });

  it('an admin sets the name, logo and colour payers see, in the dashboard settings', async () => {
    const admin = await createDashboardUser(gateway.app, business.business_id, 'admin');
    const context = await dashboardContext(browser, gateway.baseUrl);
    const page = await context.newPage();
    await signIn(page, admin.email);
    await page.goto('/dashboard/settings');
    await page.getByLabel('Name (empty: the business name)').fill('Kopi Kenangan');
    await page.getByLabel('Logo address (https; http in test mode)').fill(logoUrl);
    await page.locator('#brand_color').fill('#0e7c3a');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.waitForURL('**/settings?notice=settings-saved');
    await checkPage(page, 'settings-branding');
    expect((await api('GET', '/settings')).body).toMatchObject({
      brand_name: 'Kopi Kenangan',
      brand_logo_url: logoUrl,
      brand_color: '#0E7C3A',
    });
    await context.close();
  });

  it(
    "shows an invoice with every method grouped and collapsed, in the merchant's branding, " +
      "with copy buttons and the deadline in the payer's time",
    async () => {
      const invoice = await createInvoice();
      const page = await payer.newPage();
      await page.goto(`/web/invoices/${invoice.id}`);
      await expect(page.locator('h1').innerText()).resolves.toBe('Kopi Kenangan');
      expect(
        await page.locator('#brand-logo').evaluate((image: { naturalWidth: number }) => image.naturalWidth),
      ).toBeGreaterThan(0);
      await expect(
        page.evaluate("getComputedStyle(document.querySelector('header.brand')).backgroundColor"),
      ).resolves.toBe('rgb(14, 124, 58)');
      // Thirteen methods in four closed groups: a short page on a phone (it was 5,254 px).
      expect(await page.locator('details.group').count()).toBe(4);
      expect(await page.locator('details.group[open]').count()).toBe(0);
      const height = await page.evaluate<number>('document.documentElement.scrollHeight');
      expect(height).toBeLessThan(1600);
      await expectNoHorizontalOverflow(page, 'invoice-page-collapsed');
      // The deadline in the payer's own zone (Makassar, GMT+8), the instant unchanged.
      await expect(page.locator('#deadline').innerText()).resolves.toContain('GMT+8');
      await expect(page.locator('#deadline').getAttribute('datetime')).resolves.toBe(invoice.expiry_date);
      await expect(page.locator('[data-zone-note]').innerText()).resolves.toBe('your local time');
      await checkPage(page, 'payer-invoice-collapsed');
      // Open bank transfer, then BNI: copy its number.
      await page.locator('#group-bank > summary').click();
      await page.locator('#group-bank details', { hasText: 'BNI virtual account' }).locator('summary').click();
      const bni = invoice.available_banks.find((bank: { bank_code: string }) => bank.bank_code === 'BNI');
      await page.locator('#group-bank button[data-copy="number-BNI"]').click();
      await copyAnnounced(page, bni.bank_account_number);
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(bni.bank_account_number);
      await page.locator('#group-retail > summary').click();
      await page.locator('#group-retail details', { hasText: 'ALFAMART' }).locator('summary').click();
      await page.locator('button[data-copy="code-ALFAMART"]').click();
      const alfamartCode = invoice.available_retail_outlets.find(
        (outlet: { retail_outlet_name: string }) => outlet.retail_outlet_name === 'ALFAMART',
      ).payment_code;
      await copyAnnounced(page, alfamartCode);
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(alfamartCode);
      await checkPage(page, 'payer-invoice-open');
      await page.close();
    },
  );

  it('falls back to selecting the number when the clipboard API is missing, and says so', async () => {
    const invoice = await createInvoice({ payment_methods: ['BNI'] });
    const context = await payerContext();
    // As on plain HTTP or an old browser: no navigator.clipboard at all.
    await context.addInitScript('Object.defineProperty(navigator, "clipboard", { value: undefined })');
    const page = await context.newPage();
    await page.goto(`/web/invoices/${invoice.id}`);
    const number = invoice.available_banks[0].bank_account_number;
    await page.locator('button[data-copy="number-BNI"]').click();
    await until(async () => expect(await page.locator('#copy-status').innerText()).toContain(`${number} is selected`));
    await expect(page.locator('#copy-status').isVisible()).resolves.toBe(true);
    expect(await page.evaluate('String(getSelection())')).toBe(number);
    await context.close();
  });

  it('reads without JavaScript: the deadline in Jakarta time, said so, and no copy buttons', async () => {
    const invoice = await createInvoice({ payment_methods: ['BCA', 'ALFAMART'] });
    const context = await payerContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/web/invoices/${invoice.id}`);
    expect(await page.locator('details.group[open]').count()).toBe(2);
    await expect(page.locator('#deadline').innerText()).resolves.toContain('GMT+7');
    await expect(page.locator('[data-zone-note]').innerText()).resolves.toBe('Jakarta time');
    expect(await page.locator('button[data-copy]:visible').count()).toBe(0);
    await page.screenshot({ path: `${__dirname}/artifacts/dashboard/payer-invoice-no-js-phone.png`, fullPage: true });
    await context.close();
  });

  it("tells the payer what is wrong with the card in their words, never the API's field names", async () => {
    const invoice = await createInvoice({ payment_methods: ['CREDIT_CARD', 'BCA'] });
    const page = await payer.newPage();
    await page.goto(`/web/invoices/${invoice.id}`);
    await page.fill('#card-number', TEST_CARDS.enrolledVisa);
    await page.fill('#card-exp-month', '12');
    await page.fill('#card-exp-year', '2020');
    await page.fill('#card-cvn', '123');
    await page.click('#card-pay');
    // The page answers after its own request: wait for the message, not for the click.
    await until(async () =>
      expect(await page.locator('#card-error').innerText()).toBe('This card has expired. Use another card.'),
    );
    await page.fill('#card-exp-month', '13');
    await page.fill('#card-exp-year', FUTURE_YEAR);
    await page.click('#card-pay');
    await until(async () =>
      expect(await page.locator('#card-error').innerText()).toBe(
        'Check the card number, the expiry month and year, and the security code.',
      ),
    );
    expect(await page.locator('#card-error').innerText()).not.toMatch(/card_exp|_/);
    await checkPage(page, 'payer-invoice-card-error');
    await page.close();
  });

  it(
    "shows the eWallet checkout in the merchant's name and the payer's time, " + 'with no internal order id up front',
    async () => {
      const invoice = await createInvoice({ payment_methods: ['DANA', 'BCA'], amount: 57_000 });
      const page = await payer.newPage();
      // The invoice page (with its script) has stored the payer's zone for the checkout, which has none.
      await page.goto(`/web/invoices/${invoice.id}`);
      await Promise.all([page.waitForURL(/\/ewallets\/checkout\//), page.click('[data-ewallet="DANA"]')]);
      await expect(page.locator('#merchant').innerText()).resolves.toBe('Kopi Kenangan');
      expect(
        await page.locator('#brand-logo').evaluate((image: { naturalWidth: number }) => image.naturalWidth),
      ).toBeGreaterThan(0);
      await expect(page.locator('#amount').innerText()).resolves.toBe('IDR 57,000');
      await expect(page.locator('#expires').innerText()).resolves.toContain('GMT+8');
      await expect(page.locator('main').innerText()).resolves.toContain('your local time');
      // The reference is there for support, after what matters to the payer.
      const text = await page.locator('main').innerText();
      expect(text.indexOf('Payment reference')).toBeGreaterThan(text.indexOf('IDR 57,000'));
      expect(await page.locator('script').count()).toBe(0);
      await checkPage(page, 'payer-ewallet-checkout');
      await page.close();
    },
  );

  it("shows the 3DS page in the merchant's name and colour", async () => {
    const token = await tokenize(gateway.baseUrl, business.test.public_key, TEST_CARDS.enrolledVisa, {
      amount: 25_000,
    });
    expect(token.body.status).toBe('IN_REVIEW');
    const page = await payer.newPage();
    await page.setViewportSize(DESKTOP);
    await page.goto(token.body.payer_authentication_url);
    await expect(page.locator('#merchant').innerText()).resolves.toBe('Kopi Kenangan');
    await expect(page.evaluate("getComputedStyle(document.querySelector('#merchant')).backgroundColor")).resolves.toBe(
      'rgb(14, 124, 58)',
    );
    await checkPage(page, 'payer-3ds');
    await page.locator('#complete').click();
    await expect(page.locator('#result').innerText()).resolves.toBe(
      'Your bank confirmed the payment. You can return to Kopi Kenangan.',
    );
    await expectAccessible(page, 'payer-3ds-done');
    await page.close();
  });
});

/** The copy button writes the clipboard asynchronously; its announcement says when it is done. */
async function copyAnnounced(page: Page, copied: string): Promise<void> {
  await page.waitForFunction(
    (expected) => (globalThis as any).document.getElementById('copy-status')?.textContent === expected,
    `Copied ${copied}`,
    { timeout: 5_000 },
  );
}
