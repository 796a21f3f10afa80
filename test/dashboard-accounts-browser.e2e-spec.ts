import type { ProvisionedBusiness } from '@gateway/accounts';
import { NodeCryptoPlugin } from '@otplib/plugin-crypto-node';
import { generate } from '@otplib/totp';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { createDashboardUser, DashboardClient, TEST_PASSWORD } from './support/dashboard-client';
import { checkPage, dashboardContext, signIn } from './support/dashboard-browser';
import { provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

/** A mail server that takes every message (enough SMTP for the gateway's client) and keeps it. */
async function fakeSmtp(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket: Socket) => {
    let data = false;
    let message = '';
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (data) {
          if (line === '.') {
            data = false;
            messages.push(message);
            socket.write('250 queued\r\n');
          } else message += `${line}\n`;
        } else if (line.startsWith('DATA')) {
          data = true;
          socket.write('354 go on\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, messages };
}

/**
 * Issue 21, item 5: accounts. A one-time password must be replaced at the first sign-in; a user
 * changes their password (other sessions end); a forgotten password is reset through a mailed
 * link (kept in the dashboard's outbox and sent by SMTP with MAIL_TRANSPORT=smtp); two-step
 * sign-in with an authenticator app (TOTP, otplib), which an admin can require for the team.
 */
describe('dashboard accounts: passwords, resets, two-step sign-in (headless Chromium)', () => {
  let gateway: TestApp;
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  let business: ProvisionedBusiness;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  const newPage = async () => (await dashboardContext(browser, gateway.baseUrl)).newPage();
  const eventsOf = async (userId: string) =>
    (await gateway.db.pool.query<{ type: string }>(`SELECT type FROM es_events WHERE stream_name = $1 AND data->>'userId' = $2 ORDER BY position`, [`dashboardteam-${business.business_id}`, userId])).rows.map((row) => row.type);
  const secretOf = async (userId: string) => (await gateway.db.pool.query<{ secret: Buffer }>('SELECT secret FROM dashboard_two_factor WHERE user_id = $1', [userId])).rows[0].secret;
  const codeFor = (secret: Buffer, offsetSeconds = 0) => generate({ secret, crypto: new NodeCryptoPlugin(), epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

  beforeAll(async () => {
    smtp = await fakeSmtp();
    gateway = await startTestApp({ env: { MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'dashboard@gateway.test' } });
    business = await provisionBusiness(gateway.app, { name: 'Toko Akun' });
    ({ browser, close: closeBrowser } = await launchBrowser());
  }, 60_000);
  afterAll(async () => {
    await closeBrowser?.();
    await gateway?.close();
    await new Promise((resolve) => smtp?.server.close(resolve));
  });

  it('makes an invited user replace the one-time password before anything else', async () => {
    const admin = await createDashboardUser(gateway.app, business.business_id, 'admin');
    const adminPage = await newPage();
    await signIn(adminPage, admin.email);
    await adminPage.goto('/dashboard/team');
    await adminPage.getByLabel('Email').fill('new.finance@toko.test');
    await adminPage.locator('#invite-role').selectOption('finance');
    await adminPage.getByRole('button', { name: 'Invite' }).click();
    const oneTime = await adminPage.locator('#one-time-password').innerText();

    const page = await newPage();
    await signIn(page, 'new.finance@toko.test', oneTime).catch(() => undefined);
    await page.waitForURL('**/dashboard/account');
    await expect(page.locator('#setup-needed').innerText()).resolves.toContain('one-time password');
    await page.goto('/dashboard/transactions');
    expect(page.url()).toMatch(/\/dashboard\/account$/);
    await checkPage(page, 'account-setup-password');
    await page.getByLabel('Current password').fill(oneTime);
    await page.getByLabel('New password (at least 12 characters)').fill('my own good password');
    await page.getByLabel('The same again').fill('my own good password');
    await page.locator('#change-password').click();
    await page.waitForURL('**/account?notice=password-changed');
    expect((await page.goto('/dashboard/transactions'))?.status()).toBe(200);
    const client = new DashboardClient(gateway.baseUrl);
    expect((await client.signIn('new.finance@toko.test', oneTime)).status).toBe(401);
    expect((await client.signIn('new.finance@toko.test', 'my own good password')).status).toBe(303);
  });

  it('changes a password: the current one is checked, other sessions end', async () => {
    const user = await createDashboardUser(gateway.app, business.business_id, 'viewer');
    const other = new DashboardClient(gateway.baseUrl);
    await other.signIn(user.email, TEST_PASSWORD);
    expect((await other.get('/dashboard/overview')).status).toBe(200);
    const page = await newPage();
    await signIn(page, user.email);
    await page.goto('/dashboard/account');
    await checkPage(page, 'account');
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password (at least 12 characters)').fill('a brand new password');
    await page.getByLabel('The same again').fill('a brand new password');
    const [refused] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.locator('#change-password').click()]);
    expect(refused.status()).toBe(401);
    await expect(page.locator('#form-error').innerText()).resolves.toContain('current password is wrong');
    await page.getByLabel('Current password').fill(TEST_PASSWORD);
    await page.getByLabel('New password (at least 12 characters)').fill('a brand new password');
    await page.getByLabel('The same again').fill('a brand new password');
    await page.locator('#change-password').click();
    await page.waitForURL('**/account?notice=password-changed');
    expect((await page.goto('/dashboard/overview'))?.status()).toBe(200);
    expect((await other.get('/dashboard/overview')).status).toBe(303);
    expect(await eventsOf(user.userId)).toContain('DashboardPasswordSet');
  });

  it('resets a forgotten password through a mailed link: kept in the outbox, sent by SMTP, used once', async () => {
    const user = await createDashboardUser(gateway.app, business.business_id, 'developer');
    const page = await newPage();
    await page.goto('/dashboard/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await checkPage(page, 'password-reset-request');
    await page.getByLabel('Your email').fill(user.email.toUpperCase());
    await page.getByRole('button', { name: 'Mail me a reset link' }).click();
    await expect(page.locator('#reset-sent').innerText()).resolves.toContain('If an account exists');
    const outbox = await gateway.db.pool.query<{ to_address: string; body: string; sent_at: Date | null }>('SELECT to_address, body, sent_at FROM dashboard_mail_outbox WHERE to_address = $1', [user.email]);
    expect(outbox.rows).toHaveLength(1);
    expect(outbox.rows[0].sent_at).not.toBeNull();
    const link = /(http:\/\/\S+\/dashboard\/password-reset\/[A-Za-z0-9_-]{43})/.exec(outbox.rows[0].body)![1];
    expect(smtp.messages.some((message) => message.includes(link) && message.includes(`To: ${user.email}`) && message.includes('From: dashboard@gateway.test'))).toBe(true);
    // An unknown email gets the same answer, and no mail.
    const stranger = new DashboardClient(gateway.baseUrl);
    const form = await stranger.get('/dashboard/password-reset');
    const answer = await stranger.request('POST', '/dashboard/password-reset', { _csrf: DashboardClient.csrfOf(form.text), email: 'nobody@toko.test' });
    expect(answer.text).toContain('If an account exists');
    expect((await gateway.db.pool.query('SELECT 1 FROM dashboard_mail_outbox WHERE to_address = $1', ['nobody@toko.test'])).rowCount).toBe(0);

    await page.goto(link);
    await checkPage(page, 'password-reset-form');
    await page.getByLabel('New password (at least 12 characters)').fill('reset worked nicely');
    await page.getByLabel('The same again').fill('reset worked nicely');
    await page.getByRole('button', { name: 'Set my password' }).click();
    await page.waitForURL('**/sign-in?notice=password-reset');
    await signIn(page, user.email, 'reset worked nicely');
    expect((await page.goto(link))?.status()).toBe(410);
    expect(await eventsOf(user.userId)).toEqual(expect.arrayContaining(['DashboardPasswordResetRequested', 'DashboardPasswordSet']));
  });

  it('turns on two-step sign-in: the code is asked after the password, once per code; off needs a code', async () => {
    const user = await createDashboardUser(gateway.app, business.business_id, 'admin');
    const page: Page = await newPage();
    await signIn(page, user.email);
    await page.goto('/dashboard/account');
    await page.locator('#start-two-factor').click();
    const shown = (await page.locator('#totp-secret').innerText()).replace(/\s+/g, '');
    await expect(page.locator('#otpauth-link').getAttribute('href')).resolves.toContain(`secret=${shown}`);
    await checkPage(page, 'account-two-factor-setup');
    const secret = await secretOf(user.userId);
    await page.getByLabel('The 6-digit code the app shows now').fill(await codeFor(secret));
    await page.locator('#confirm-two-factor').click();
    await page.waitForURL('**/account?notice=two-factor-on');
    expect(await eventsOf(user.userId)).toContain('DashboardTwoFactorEnabled');

    const fresh = await newPage();
    await fresh.goto('/dashboard/sign-in');
    await fresh.getByLabel('Email').fill(user.email);
    await fresh.getByLabel('Password').fill(TEST_PASSWORD);
    await fresh.getByRole('button', { name: 'Sign in' }).click();
    await checkPage(fresh, 'sign-in-code');
    await fresh.getByLabel('The 6-digit code of your authenticator app').fill('000000');
    await fresh.getByRole('button', { name: 'Sign in' }).click();
    await expect(fresh.locator('#code-error').innerText()).resolves.toContain('wrong or expired');
    // The confirmation used the current step: the next step's code signs in, once.
    const next = await codeFor(secret, 30);
    await fresh.getByLabel('The 6-digit code of your authenticator app').fill(next);
    await fresh.getByRole('button', { name: 'Sign in' }).click();
    await fresh.waitForURL('**/dashboard/overview');
    const replay = await newPage();
    await replay.goto('/dashboard/sign-in');
    await replay.getByLabel('Email').fill(user.email);
    await replay.getByLabel('Password').fill(TEST_PASSWORD);
    await replay.getByRole('button', { name: 'Sign in' }).click();
    await replay.getByLabel('The 6-digit code of your authenticator app').fill(next);
    await replay.getByRole('button', { name: 'Sign in' }).click();
    await expect(replay.locator('#code-error').count()).resolves.toBe(1);

    await fresh.goto('/dashboard/account');
    await fresh.getByLabel('To turn it off, the code the app shows now').fill('123456');
    await fresh.locator('#disable-two-factor').click();
    await expect(fresh.locator('#form-error').innerText()).resolves.toContain('wrong or expired');
    await expect(fresh.locator('#two-factor-status').innerText()).resolves.toContain('On');
  });

  it('lets an admin require two-step sign-in for the team: users without it set it up first, and cannot turn it off', async () => {
    const admin = await createDashboardUser(gateway.app, business.business_id, 'admin');
    const member = await createDashboardUser(gateway.app, business.business_id, 'finance');
    const memberPage = await newPage();
    await signIn(memberPage, member.email);
    const adminPage = await newPage();
    await signIn(adminPage, admin.email);
    // The admin turns it on for themself first (requiring it would otherwise send them to set it up too).
    await adminPage.goto('/dashboard/account');
    await adminPage.locator('#start-two-factor').click();
    await adminPage.getByLabel('The 6-digit code the app shows now').fill(await codeFor(await secretOf(admin.userId)));
    await adminPage.locator('#confirm-two-factor').click();
    await adminPage.waitForURL('**/account?notice=two-factor-on');
    await adminPage.goto('/dashboard/team');
    await adminPage.locator('#team-two-factor-toggle').click();
    await adminPage.waitForURL('**/team?notice=team-two-factor');
    await expect(adminPage.locator('#team-two-factor').innerText()).resolves.toContain('Required');
    await checkPage(adminPage, 'team-two-factor-required');

    await memberPage.goto('/dashboard/transactions');
    expect(memberPage.url()).toMatch(/\/dashboard\/account$/);
    await expect(memberPage.locator('#setup-needed').innerText()).resolves.toContain('requires two-step sign-in');
    const client = new DashboardClient(gateway.baseUrl);
    await client.signIn(member.email, TEST_PASSWORD);
    expect((await client.get('/dashboard/payouts/new')).location).toBe('/dashboard/account');
    await memberPage.locator('#start-two-factor').click();
    await memberPage.getByLabel('The 6-digit code the app shows now').fill(await codeFor(await secretOf(member.userId)));
    await memberPage.locator('#confirm-two-factor').click();
    await memberPage.waitForURL('**/account?notice=two-factor-on');
    expect((await memberPage.goto('/dashboard/payouts/new'))?.status()).toBe(200);
    await memberPage.goto('/dashboard/account');
    await memberPage.getByLabel('To turn it off, the code the app shows now').fill(await codeFor(await secretOf(member.userId), 30));
    await memberPage.locator('#disable-two-factor').click();
    await expect(memberPage.locator('#form-error').innerText()).resolves.toContain('requires two-step sign-in');
    expect(await eventsOf(member.userId)).toContain('DashboardTwoFactorEnabled');
    expect(await eventsOf(member.userId)).not.toContain('DashboardTwoFactorDisabled');
    // Back to optional, for the other suites' users of this business.
    await adminPage.locator('#team-two-factor-toggle').click();
    await adminPage.waitForURL('**/team?notice=team-two-factor');
  });
});
