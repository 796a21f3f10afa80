import type { ProvisionedBusiness } from '@gateway/accounts';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { createDashboardUser, TEST_PASSWORD } from './support/dashboard-client';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const ARTIFACTS = join(__dirname, 'artifacts', 'dashboard');
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core in the page: no serious or critical violation on any dashboard page. */
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

/** Retries an assertion until it holds (pages are re-read inside it). */
async function until(assertion: () => Promise<void>, options: { timeoutMs?: number } = {}): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
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

async function visit(page: Page, path: string, name: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  await expectAccessible(page, name);
}

describe('dashboard in headless Chromium', () => {
  let gateway: TestApp;
  let receiver: WebhookReceiver;
  let business: ProvisionedBusiness;
  let admin: Awaited<ReturnType<typeof createDashboardUser>>;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    gateway = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    receiver = await WebhookReceiver.start();
    business = await provisionBusiness(gateway.app);
    admin = await createDashboardUser(gateway.app, business.business_id, 'admin');
    ({ browser, close: closeBrowser } = await launchBrowser());
    // Injecting axe-core needs a script the page's CSP would refuse: only the test bypasses it.
    context = await browser.newContext({
      baseURL: gateway.baseUrl,
      bypassCSP: true,
      viewport: { width: 1200, height: 900 },
    });
    page = await context.newPage();
  }, 60_000);
  afterAll(async () => {
    await closeBrowser?.();
    await receiver?.close();
    await gateway?.close();
  });

  it('signs in with the keyboard', async () => {
    await visit(page, '/dashboard/sign-in', 'sign-in');
    await page.getByLabel('Email').fill(admin.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(TEST_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard/overview');
    await expect(page.locator('.mode-badge').innerText()).resolves.toBe('TEST');
  });

  it('tops up, advances the test clock and shows the balance on the overview', async () => {
    await visit(page, '/dashboard/test-tools', 'test-tools');
    const before = new Date((await page.locator('#test-clock-now').getAttribute('datetime')) as string);
    await page.getByLabel('Amount (minor units)').fill('250000');
    await page.getByRole('button', { name: 'Top up' }).click();
    await page.waitForURL('**/test-tools?notice=topped-up');
    await page.getByLabel('Advance by (minutes)').fill('120');
    const clockForm = page.locator('form[action="/dashboard/test-tools/advance-clock"]');
    const sent = {
      _csrf: await clockForm.locator('input[name=_csrf]').inputValue(),
      _idem: await clockForm.locator('input[name=_idem]').inputValue(),
      minutes: '120',
    };
    await page.getByRole('button', { name: 'Advance the clock' }).click();
    await page.waitForURL('**/test-tools?notice=clock-advanced');
    const after = new Date((await page.locator('#test-clock-now').getAttribute('datetime')) as string);
    expect(after.getTime() - before.getTime()).toBeGreaterThanOrEqual(120 * 60_000);
    // The same form again (a reloaded POST, a double click): answered as the first, the clock moves once.
    const again = await page.request.post('/dashboard/test-tools/advance-clock', { form: sent, maxRedirects: 0 });
    expect({ status: again.status(), location: again.headers().location }).toEqual({
      status: 303,
      location: '/dashboard/test-tools?notice=clock-advanced',
    });
    await page.reload();
    const afterAgain = new Date((await page.locator('#test-clock-now').getAttribute('datetime')) as string);
    expect(afterAgain.getTime() - after.getTime()).toBeLessThan(60 * 60_000);
    await visit(page, '/dashboard/overview', 'overview');
    await expect(page.locator('[data-account="CASH"]').first().innerText()).resolves.toBe('IDR 250,000');
    await page.waitForSelector('html[data-charts="drawn"]');
    await expect(page.locator('canvas#chart-days').count()).resolves.toBe(1);
  });

  it('creates a key with chosen permissions (shown once) and revokes it', async () => {
    await visit(page, '/dashboard/developers', 'developers');
    await page.getByLabel('Name').fill('Browser key');
    for (const box of await page.locator('fieldset input[type=checkbox]').all()) await box.uncheck();
    await page.getByLabel('money_in:read').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.locator('#new-api-key').innerText();
    expect(key).toMatch(/^xnd_development_/);
    expect((await call(gateway.baseUrl, key, 'GET', '/balance')).status).toBe(403);
    expect((await call(gateway.baseUrl, key, 'GET', '/payment_channels')).status).not.toBe(401);
    await page.screenshot({ path: join(ARTIFACTS, 'developers-key-created.png'), fullPage: true });
    await page.goto('/dashboard/developers');
    await expect(page.content()).resolves.not.toContain(key);
    await page.getByRole('button', { name: 'Revoke key Browser key' }).click();
    await page.waitForURL('**/developers?notice=key-revoked');
    expect((await call(gateway.baseUrl, key, 'GET', '/balance')).status).toBe(401);
  });

  it('sets a callback URL, sees a delivery with its attempts, and resends it', async () => {
    await visit(page, '/dashboard/callbacks', 'callbacks');
    await page.getByLabel('New URL for disbursement').fill(`${receiver.url}/disbursement`);
    await page.getByRole('button', { name: 'Save disbursement URL' }).click();
    await page.waitForURL('**/callbacks?notice=url-saved');
    await page.getByRole('button', { name: 'Send test disbursement callback' }).click();
    await page.waitForURL('**/callbacks?notice=test-sent');
    await receiver.waitForCount(1);
    await until(async () => {
      await page.goto('/dashboard/callbacks');
      expect(await page.locator('#deliveries tbody tr').count()).toBeGreaterThan(0);
      expect(await page.locator('#deliveries tbody tr').first().innerText()).toContain('succeeded');
    });
    await page.locator('#deliveries tbody tr a').first().click();
    await expect(page.locator('#attempts tbody tr').count()).resolves.toBe(1);
    await page.screenshot({ path: join(ARTIFACTS, 'callback-delivery.png'), fullPage: true });
    await expectAccessible(page, 'callback-delivery');
    await page.getByRole('button', { name: 'Resend this callback' }).click();
    await receiver.waitForCount(2);
    await until(async () => {
      await page.reload();
      expect(await page.locator('#attempts tbody tr').count()).toBe(2);
    });
    await page.goto('/dashboard/callbacks');
    await page.getByRole('button', { name: 'Reveal token' }).click();
    await expect(page.locator('#callback-token').innerText()).resolves.toBe(business.test.callback_token);
  });

  it('generates a report, shows its status and downloads it', async () => {
    await visit(page, '/dashboard/reports', 'reports');
    await page.getByLabel('Type').selectOption('BALANCE_HISTORY');
    await page.getByRole('button', { name: 'Generate report' }).click();
    await page.waitForURL('**/reports?notice=report-requested');
    await until(
      async () => {
        await page.goto('/dashboard/reports');
        expect(await page.locator('.report-status').first().innerText()).toBe('COMPLETED');
      },
      { timeoutMs: 20_000 },
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).first().click(),
    ]);
    const path = await download.path();
    expect(readFileSync(path, 'utf8').split('\n')[0]).toMatch(/,/);
  });

  it('shows settings, transactions and team, and switches to live mode and back', async () => {
    await visit(page, '/dashboard/settings', 'settings');
    await page.getByLabel('Default disbursement description').fill('Payout from Toko');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.waitForURL('**/settings?notice=settings-saved');
    expect(
      (await call(gateway.baseUrl, business.test.secret_key, 'GET', '/settings')).body.default_disbursement_description,
    ).toBe('Payout from Toko');
    const disbursement = await call(gateway.baseUrl, business.test.secret_key, 'POST', '/disbursements', {
      body: {
        external_id: 'dash-disb-1',
        bank_code: 'BCA',
        account_holder_name: 'Ani',
        account_number: '1234567890',
        description: 'Payout',
        amount: 10000,
      },
    });
    expect(disbursement.status).toBe(200);
    // The disbursements read model may trail the POST under load: reload until the row shows.
    await until(async () => {
      await page.goto('/dashboard/transactions?q=dash-disb-1');
      expect(await page.getByRole('link', { name: disbursement.body.id }).count()).toBe(1);
    });
    await visit(page, '/dashboard/transactions?q=dash-disb-1', 'transactions');
    await page.getByRole('link', { name: disbursement.body.id }).click();
    await expect(page.locator('main').innerText()).resolves.toContain('dash-disb-1');
    await page.screenshot({ path: join(ARTIFACTS, 'transaction-detail.png'), fullPage: true });
    await expectAccessible(page, 'transaction-detail');
    await visit(page, '/dashboard/team', 'team');
    await page.getByLabel('Email').fill('new.viewer@toko.test');
    await page.getByRole('button', { name: 'Invite' }).click();
    await expect(page.locator('#one-time-password').innerText()).resolves.toMatch(/^[A-Za-z0-9_-]{22}$/);

    await page.getByRole('button', { name: 'Switch to live mode' }).click();
    await page.waitForURL('**/overview?notice=mode-live');
    await expect(page.locator('.mode-badge').innerText()).resolves.toBe('LIVE');
    await page.screenshot({ path: join(ARTIFACTS, 'overview-live.png'), fullPage: true });
    await expectAccessible(page, 'overview-live');
    await expect(page.locator('nav').innerText()).resolves.not.toContain('Test tools');
    await page.goto('/dashboard/developers');
    await expect(page.locator('#api-keys').innerText()).resolves.not.toContain('Browser key');
    await page.getByRole('button', { name: 'Switch to test mode' }).click();
    await expect(page.locator('.mode-badge').innerText()).resolves.toBe('TEST');
  });

  it('shows a viewer no way to change anything', async () => {
    const viewer = await createDashboardUser(gateway.app, business.business_id, 'viewer');
    const viewerContext = await browser.newContext({
      baseURL: gateway.baseUrl,
      bypassCSP: true,
      viewport: { width: 390, height: 844 },
    });
    const viewerPage = await viewerContext.newPage();
    await viewerPage.goto('/dashboard/sign-in');
    await viewerPage.getByLabel('Email').fill(viewer.email);
    await viewerPage.getByLabel('Password').fill(TEST_PASSWORD);
    await viewerPage.getByRole('button', { name: 'Sign in' }).click();
    await viewerPage.waitForURL('**/dashboard/overview');
    await viewerPage.screenshot({ path: join(ARTIFACTS, 'viewer-overview-phone.png'), fullPage: true });
    for (const path of ['/dashboard/developers', '/dashboard/callbacks', '/dashboard/settings', '/dashboard/reports']) {
      await viewerPage.goto(path);
      const buttons = await viewerPage.locator('main button').allInnerTexts();
      expect({ path, buttons: buttons.filter((text) => text !== 'Search') }).toEqual({ path, buttons: [] });
    }
    await expect(viewerPage.locator('nav').innerText()).resolves.not.toContain('Team');
    await viewerContext.close();
  });
});
