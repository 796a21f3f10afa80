import type { ProvisionedBusiness } from '@gateway/accounts';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { createDashboardUser, DashboardClient, TEST_PASSWORD } from './support/dashboard-client';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const ARTIFACTS = join(__dirname, 'artifacts', 'dashboard');
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

async function expectAccessible(page: Page, name: string): Promise<void> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await (
      globalThis as unknown as {
        axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run();
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect({ page: name, violations }).toEqual({ page: name, violations: [] });
}

async function until(assertion: () => Promise<void>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function snapshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  await expectAccessible(page, name);
}

describe('dashboard products in headless Chromium: transactions, history, request log, payment simulations', () => {
  let gateway: TestApp;
  let receiver: WebhookReceiver;
  let business: ProvisionedBusiness;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  let vaRequestId: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    gateway = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    receiver = await WebhookReceiver.start();
    business = await provisionBusiness(gateway.app);
    const admin = await createDashboardUser(gateway.app, business.business_id, 'developer');
    ({ browser, close: closeBrowser } = await launchBrowser());
    context = await browser.newContext({
      baseURL: gateway.baseUrl,
      bypassCSP: true,
      viewport: { width: 1200, height: 900 },
    });
    page = await context.newPage();
    await page.goto('/dashboard/sign-in');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/overview');
  }, 60_000);
  afterAll(async () => {
    await closeBrowser?.();
    await receiver?.close();
    await gateway?.close();
  });

  it('simulates a fixed VA payment from the test tools and shows its callback, attempts and resend', async () => {
    await page.goto('/dashboard/callbacks');
    await page.getByLabel('New URL for fva_paid').fill(`${receiver.url}/fva-paid`);
    await page.getByRole('button', { name: 'Save fva_paid URL' }).click();
    await page.waitForURL('**/callbacks?notice=url-saved');

    const created = await call(gateway.baseUrl, business.test.secret_key, 'POST', '/callback_virtual_accounts', {
      body: { external_id: 'dash-va-1', bank_code: 'BNI', name: 'Budi Santoso' },
    });
    expect(created.status).toBe(200);
    vaRequestId = created.headers.get('request-id') as string;

    await page.goto('/dashboard/test-tools');
    await snapshot(page, 'test-tools-simulations');
    await page.locator('#va-bank').selectOption('BNI');
    await page.getByLabel('Account number (complete, with the merchant code)').fill(created.body.account_number);
    await page.locator('#va-amount').fill('50000');
    await page.getByRole('button', { name: 'Simulate VA payment' }).click();
    await expect(page.locator('#simulation-result').innerText()).resolves.toContain('IDR 50,000 paid into BNI');
    await snapshot(page, 'simulation-result');

    await page.locator('#simulated-transaction').click();
    await expect(page.locator('main dl').innerText()).resolves.toContain('dash-va-1');
    await until(async () => {
      await page.reload();
      const history = await page.locator('#event-history').innerText();
      expect(history).toContain('VirtualAccountCreated');
      expect(history).toContain('VirtualAccountPaid');
    });
    await snapshot(page, 'va-payment-detail');

    await receiver.waitForCount(1);
    await until(async () => {
      await page.goto('/dashboard/callbacks');
      const first = page.locator('#deliveries tbody tr').first();
      expect(await first.innerText()).toContain('fva_paid');
      expect(await first.innerText()).toContain('succeeded');
    });
    await page.locator('#deliveries tbody tr a').first().click();
    await expect(page.locator('#attempts tbody tr').count()).resolves.toBe(1);
    await snapshot(page, 'fva-paid-delivery');
    await page.getByRole('button', { name: 'Resend this callback' }).click();
    await receiver.waitForCount(2);
    await until(async () => {
      await page.reload();
      expect(await page.locator('#attempts tbody tr').count()).toBe(2);
    });
  });

  it('lists the payment on the transactions page by external id and status', async () => {
    await page.goto('/dashboard/transactions?q=dash-va-1');
    await expect(page.locator('#transactions-table tbody').innerText()).resolves.toContain('VA payment (BNI)');
    await page.goto('/dashboard/transactions?product=va-payments&status=FAILED');
    await expect(page.locator('#transactions-table tbody tr').count()).resolves.toBe(0);
    await page.goto('/dashboard/transactions?product=va-payments');
    await snapshot(page, 'transactions-va-payments');
  });

  it('shows the request log of a Request-ID', async () => {
    await page.goto('/dashboard/developers');
    await page.getByLabel('Request-ID').fill(vaRequestId);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('#request-events').innerText()).resolves.toContain('VirtualAccountCreated');
    await snapshot(page, 'developers-request-log');
    await page.goto('/dashboard/developers?request_id=req_unknown');
    await expect(page.locator('#request-events-empty').count()).resolves.toBe(1);
  });

  it('requests a DANA payment with a checkout link and an OVO payment', async () => {
    await page.goto('/dashboard/test-tools');
    await page.locator('#ew-type').selectOption('DANA');
    await page.locator('#ew-amount').fill('15000');
    await page.getByRole('button', { name: 'Request eWallet payment' }).click();
    await expect(page.locator('#simulation-result').innerText()).resolves.toContain('PENDING');
    await page.locator('#checkout-link').click();
    await page.locator('#pay').click();
    await page.waitForLoadState();
    await until(async () => {
      await page.goto('/dashboard/transactions?product=ewallet-payments&status=COMPLETED');
      expect(await page.locator('#transactions-table tbody').innerText()).toContain('eWallet (DANA)');
    });

    await page.goto('/dashboard/test-tools');
    await page.locator('#ew-type').selectOption('OVO');
    await page.locator('#ew-amount').fill('12000');
    await page.getByLabel('Payer phone (OVO and LINKAJA)').fill('081234567890');
    await page.getByRole('button', { name: 'Request eWallet payment' }).click();
    await expect(page.locator('#simulation-result').innerText()).resolves.toContain('OVO payment');
    await page.locator('#simulated-transaction').click();
    await expect(page.locator('#event-history').innerText()).resolves.toContain('Ewallet');
    await snapshot(page, 'ewallet-payment-detail');
  });

  it('refuses simulations to a viewer, through the UI and by direct requests', async () => {
    const viewer = await createDashboardUser(gateway.app, business.business_id, 'viewer');
    const client = new DashboardClient(gateway.baseUrl);
    await client.signIn(viewer.email, TEST_PASSWORD);
    expect((await client.get('/dashboard/test-tools')).status).toBe(403);
    const overview = await client.get('/dashboard/overview');
    const csrf = DashboardClient.csrfOf(overview.text);
    for (const [path, form] of [
      ['/dashboard/test-tools/simulate/va-payment', { bank_code: 'BNI', account_number: '8808999', amount: '1000' }],
      [
        '/dashboard/test-tools/simulate/payment-code-payment',
        { retail_outlet_name: 'ALFAMART', payment_code: 'TEST123', amount: '1000' },
      ],
      ['/dashboard/test-tools/simulate/ewallet-payment', { ewallet_type: 'DANA', amount: '1000' }],
    ] as const) {
      expect({ path, status: (await client.request('POST', path, { _csrf: csrf, ...form })).status }).toEqual({
        path,
        status: 403,
      });
    }
  });
});
