import type { ProvisionedBusiness } from '@gateway/accounts';
import { NodeCryptoPlugin } from '@otplib/plugin-crypto-node';
import { generate } from '@otplib/totp';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { createDashboardUser, DashboardClient, TEST_PASSWORD } from './support/dashboard-client';
import { AccountSecurityStore, MailOutboxPurgeJob, MAIL_OUTBOX_PURGE_JOB } from '@gateway/dashboard';
import { base32Bytes, checkPage, dashboardContext, signIn } from './support/dashboard-browser';
import { eventually } from './support/eventually';
import { type LocalSmtpServer, startLocalSmtpServer } from './support/local-smtp-server';
import { provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Issue 21, item 5: accounts. A one-time password must be replaced at the first sign-in; a user
 * changes their password (other sessions end); a forgotten password is reset through a mailed
 * link (kept in the dashboard's outbox and sent by SMTP with MAIL_TRANSPORT=smtp); two-step
 * sign-in with an authenticator app (TOTP, otplib), which an admin can require for the team.
 */
describe('dashboard accounts: passwords, resets, two-step sign-in (headless Chromium)', () => {
  let gateway: TestApp;
  let smtp: LocalSmtpServer;
  let business: ProvisionedBusiness;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  const newPage = async () => (await dashboardContext(browser, gateway.baseUrl)).newPage();
  const eventsOf = async (userId: string) =>
    (
      await gateway.db.pool.query<{ type: string }>(
        `SELECT type FROM es_events WHERE stream_name = $1 AND data->>'userId' = $2 ORDER BY position`,
        [`dashboardteam-${business.business_id}`, userId],
      )
    ).rows.map((row) => row.type);
  /** The secret as the account page shows it (the table holds it sealed). */
  const shownSecret = async (page: Page) => base32Bytes(await page.locator('#totp-secret').innerText());
  const storedRowOf = async (userId: string) =>
    (
      await gateway.db.pool.query<{ secret: Buffer; key_id: string | null }>(
        'SELECT secret, key_id FROM dashboard_two_factor WHERE user_id = $1',
        [userId],
      )
    ).rows[0];
  const codeFor = (secret: Buffer, offsetSeconds = 0) =>
    generate({ secret, crypto: new NodeCryptoPlugin(), epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

  beforeAll(async () => {
    // A real SMTP server with STARTTLS and a certificate made for the run (issue 22): the mailer
    // authenticates only once the session is encrypted.
    smtp = await startLocalSmtpServer('starttls');
    const env = {
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: `smtp://mailer:secret@localhost:${smtp.port}`,
      SMTP_CA_FILE: smtp.caFile,
      MAIL_FROM: 'dashboard@gateway.test',
    };
    gateway = await startTestApp({ env });
    business = await provisionBusiness(gateway.app, { name: 'Toko Akun' });
    ({ browser, close: closeBrowser } = await launchBrowser());
  }, 60_000);
  afterAll(async () => {
    await closeBrowser?.();
    await gateway?.close();
    await smtp?.close();
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
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.locator('#change-password').click(),
    ]);
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

  it('resets a forgotten password by a mailed link: queued, sent by SMTP, never stored usable, used once', async () => {
    const user = await createDashboardUser(gateway.app, business.business_id, 'developer');
    const page = await newPage();
    await page.goto('/dashboard/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await checkPage(page, 'password-reset-request');
    await page.getByLabel('Your email').fill(user.email.toUpperCase());
    await page.getByRole('button', { name: 'Mail me a reset link' }).click();
    await expect(page.locator('#reset-sent').innerText()).resolves.toContain('If an account exists');
    const outbox = await eventually(
      () =>
        gateway.db.pool.query<{ to_address: string; body: string; sent_at: Date | null; readable_body: string | null }>(
          'SELECT to_address, body, sent_at, readable_body FROM dashboard_mail_outbox WHERE to_address = $1',
          [user.email],
        ),
      (result) => result.rows[0]?.sent_at != null,
    );
    expect(outbox.rows).toHaveLength(1);
    expect(outbox.rows[0].sent_at).not.toBeNull();
    const sent = smtp.messages.find((message) => message.to.includes(user.email))!;
    expect(sent.headers).toContain('From: dashboard@gateway.test');
    expect(sent.secure).toBe(true);
    const link = /(http:\/\/\S+\/dashboard\/password-reset\/[A-Za-z0-9_-]{43})/.exec(sent.text)![1];
    const token = link.slice(-43);
    // Whoever reads the outbox learns nothing that opens the account: the token is redacted, no copy is kept.
    expect(outbox.rows[0].body).toContain('/dashboard/password-reset/[link sent by mail only]');
    expect(outbox.rows[0].body).not.toContain(token);
    expect(outbox.rows[0].readable_body).toBeNull();
    // An unknown email gets the same answer by the same path (a queued job), and no mail.
    const stranger = new DashboardClient(gateway.baseUrl);
    const form = await stranger.get('/dashboard/password-reset');
    const answer = await stranger.request('POST', '/dashboard/password-reset', {
      _csrf: DashboardClient.csrfOf(form.text),
      email: 'nobody@toko.test',
    });
    expect(answer.text).toContain('If an account exists');
    const queued = await gateway.db.pool.query<{ email: string; status: string }>(
      `SELECT payload->>'email' AS email, status FROM scheduled_jobs
        WHERE kind = 'dashboard.send-password-reset' AND payload->>'email' IN ($1, $2)`,
      [user.email, 'nobody@toko.test'],
    );
    expect(queued.rows.map((row) => row.email).sort()).toEqual(['nobody@toko.test', user.email].sort());
    await eventually(
      async () =>
        (
          await gateway.db.pool.query(`SELECT 1 FROM scheduled_jobs WHERE kind = 'dashboard.send-password-reset'
             AND payload->>'email' = 'nobody@toko.test' AND status = 'done'`)
        ).rowCount,
      (count) => count === 1,
    );
    expect(
      (await gateway.db.pool.query('SELECT 1 FROM dashboard_mail_outbox WHERE to_address = $1', ['nobody@toko.test']))
        .rowCount,
    ).toBe(0);

    await page.goto(link);
    await checkPage(page, 'password-reset-form');
    await page.getByLabel('New password (at least 12 characters)').fill('reset worked nicely');
    await page.getByLabel('The same again').fill('reset worked nicely');
    await page.getByRole('button', { name: 'Set my password' }).click();
    await page.waitForURL('**/sign-in?notice=password-reset');
    await signIn(page, user.email, 'reset worked nicely');
    expect((await page.goto(link))?.status()).toBe(410);
    expect(await eventsOf(user.userId)).toEqual(
      expect.arrayContaining(['DashboardPasswordResetRequested', 'DashboardPasswordSet']),
    );
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
    const secret = await shownSecret(page);
    // At rest the secret is sealed (AES-256-GCM under CARD_VAULT_KEY), never the bytes the app gets.
    const stored = await storedRowOf(user.userId);
    expect(stored.key_id).not.toBeNull();
    expect(stored.secret.includes(secret)).toBe(false);
    await page.getByLabel('The 6-digit code the app shows now').fill(await codeFor(secret));
    await page.locator('#confirm-two-factor').click();
    await page.locator('#recovery-codes').waitFor();
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

  it(
    'lets an admin require two-step sign-in for the team: ' +
      'users without it set it up first, and cannot turn it off',
    async () => {
      const admin = await createDashboardUser(gateway.app, business.business_id, 'admin');
      const member = await createDashboardUser(gateway.app, business.business_id, 'finance');
      const memberPage = await newPage();
      await signIn(memberPage, member.email);
      const adminPage = await newPage();
      await signIn(adminPage, admin.email);
      // The admin turns it on for themself first (requiring it would otherwise send them to set it up too).
      await adminPage.goto('/dashboard/account');
      await adminPage.locator('#start-two-factor').click();
      await adminPage
        .getByLabel('The 6-digit code the app shows now')
        .fill(await codeFor(await shownSecret(adminPage)));
      await adminPage.locator('#confirm-two-factor').click();
      await adminPage.locator('#recovery-codes').waitFor();
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
      const memberSecret = await shownSecret(memberPage);
      await memberPage.getByLabel('The 6-digit code the app shows now').fill(await codeFor(memberSecret));
      await memberPage.locator('#confirm-two-factor').click();
      await memberPage.locator('#recovery-codes').waitFor();
      expect((await memberPage.goto('/dashboard/payouts/new'))?.status()).toBe(200);
      await memberPage.goto('/dashboard/account');
      await memberPage.getByLabel('To turn it off, the code the app shows now').fill(await codeFor(memberSecret, 30));
      await memberPage.locator('#disable-two-factor').click();
      await expect(memberPage.locator('#form-error').innerText()).resolves.toContain('requires two-step sign-in');
      expect(await eventsOf(member.userId)).toContain('DashboardTwoFactorEnabled');
      expect(await eventsOf(member.userId)).not.toContain('DashboardTwoFactorDisabled');
      // Back to optional, for the other suites' users of this business.
      await adminPage.locator('#team-two-factor-toggle').click();
      await adminPage.waitForURL('**/team?notice=team-two-factor');
    },
  );

  it('counts wrong codes per account across sign-ins: after 5 in 15 minutes even the right code waits', async () => {
    const user = await createDashboardUser(gateway.app, business.business_id, 'viewer');
    const page = await newPage();
    await signIn(page, user.email);
    await page.goto('/dashboard/account');
    await page.locator('#start-two-factor').click();
    const secret = await shownSecret(page);
    await page.getByLabel('The 6-digit code the app shows now').fill(await codeFor(secret));
    await page.locator('#confirm-two-factor').click();
    await page.locator('#recovery-codes').waitFor();
    // Each answer renders the code step again, with the form token to send next.
    const guess = async (client: DashboardClient, step: { text: string }, code: string) =>
      client.request('POST', '/dashboard/sign-in/code', { _csrf: DashboardClient.csrfOf(step.text), code });
    // A right password opens a fresh challenge each time; the wrong codes add up anyway.
    for (const tries of [3, 2]) {
      const guesser = new DashboardClient(gateway.baseUrl);
      let step = await guesser.signIn(user.email, TEST_PASSWORD);
      expect(step.status).toBe(200);
      for (let i = 0; i < tries; i++) {
        step = await guess(guesser, step, '000000');
        expect(step.status).toBe(401);
      }
    }
    const owner = new DashboardClient(gateway.baseUrl);
    const step = await owner.signIn(user.email, TEST_PASSWORD);
    const locked = await guess(owner, step, await codeFor(secret, 30));
    expect(locked.status).toBe(429);
    expect(locked.text).toContain('Too many failed sign-in attempts');
    expect((await owner.get('/dashboard/overview')).status).toBe(303);
  });

  it('seals a TOTP secret stored in clear before secrets were encrypted, and still reads it', async () => {
    const plain = Buffer.from('0123456789abcdefghij');
    const insert = 'INSERT INTO dashboard_two_factor (user_id, secret) VALUES ($1, $2)';
    await gateway.db.pool.query(insert, ['dus_legacy', plain]);
    const security = gateway.app.get(AccountSecurityStore);
    await expect(security.secretOf('dus_legacy')).resolves.toEqual({ secret: plain, enabled: false });
    expect(await security.sealPlainSecrets()).toBeGreaterThanOrEqual(1);
    const stored = await storedRowOf('dus_legacy');
    expect(stored.key_id).not.toBeNull();
    expect(stored.secret.equals(plain)).toBe(false);
    await expect(security.secretOf('dus_legacy')).resolves.toEqual({ secret: plain, enabled: false });
    expect(await security.sealPlainSecrets()).toBe(0);
  });

  it('purges the mail outbox after its retention, on the durable scheduler', async () => {
    const old = new Date(Date.now() - 8 * 86_400_000);
    await gateway.db.pool.query(
      `INSERT INTO dashboard_mail_outbox (to_address, subject, body, created_at, readable_body, readable_until)
       VALUES ('old@toko.test', 'old', 'old', $1, NULL, NULL),
              ('recent@toko.test', 'recent', 'recent', now(), 'copy', now() - interval '1 minute')`,
      [old],
    );
    const pendingJobs = `SELECT due_at FROM scheduled_jobs WHERE kind = $1 AND status = 'pending'`;
    const pending = await gateway.db.pool.query(pendingJobs, [MAIL_OUTBOX_PURGE_JOB]);
    expect(pending.rowCount).toBeGreaterThanOrEqual(1);
    await gateway.app.get(MailOutboxPurgeJob).purge(new Date());
    const left = await gateway.db.pool.query<{ to_address: string; readable_body: string | null }>(
      `SELECT to_address, readable_body FROM dashboard_mail_outbox
        WHERE to_address IN ('old@toko.test', 'recent@toko.test')`,
    );
    expect(left.rows).toEqual([{ to_address: 'recent@toko.test', readable_body: null }]);
  });

  it('signs in with a one-time recovery code (shown once), and an admin resets a lost authenticator', async () => {
    const user = await createDashboardUser(gateway.app, business.business_id, 'developer');
    const page = await newPage();
    await signIn(page, user.email);
    await page.goto('/dashboard/account');
    await page.locator('#start-two-factor').click();
    await page.getByLabel('The 6-digit code the app shows now').fill(await codeFor(await shownSecret(page)));
    await page.locator('#confirm-two-factor').click();
    const codes = await page.locator('#recovery-codes li').allInnerTexts();
    expect(codes).toHaveLength(10);
    expect(codes.every((code) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(code))).toBe(true);
    await expect(page.locator('p.notice[role=status]').innerText()).resolves.toContain('Two-step sign-in is on');
    await checkPage(page, 'account-recovery-codes');
    // Stored as hashes only; never shown again.
    const codesOf = 'SELECT code_hash FROM dashboard_recovery_codes WHERE user_id = $1';
    const stored = await gateway.db.pool.query<{ code_hash: Buffer }>(codesOf, [user.userId]);
    expect(stored.rowCount).toBe(10);
    expect(stored.rows.some((row) => row.code_hash.toString('utf8').includes(codes[0]))).toBe(false);
    await page.goto('/dashboard/account');
    expect(await page.locator('#recovery-codes').count()).toBe(0);
    await expect(page.locator('#recovery-codes-left').innerText()).resolves.toContain('10 unused');

    // A lost phone: a recovery code signs in, once.
    const recover = async (code: string) => {
      const client = new DashboardClient(gateway.baseUrl);
      const step = await client.signIn(user.email, TEST_PASSWORD);
      const form = { _csrf: DashboardClient.csrfOf(step.text), code };
      const answer = await client.request('POST', '/dashboard/sign-in/code', form);
      return { client, answer };
    };
    const first = await recover(` ${codes[0].toUpperCase()} `);
    expect(first.answer.status).toBe(303);
    expect((await first.client.get('/dashboard/overview')).status).toBe(200);
    expect((await recover(codes[0])).answer.status).toBe(401);

    // No codes left either: an admin resets it; the event says which admin; the user's sessions end.
    const admin = await createDashboardUser(gateway.app, business.business_id, 'admin');
    const adminPage = await newPage();
    await signIn(adminPage, admin.email);
    await adminPage.goto('/dashboard/team');
    await adminPage.getByRole('button', { name: `Reset two-step sign-in of ${user.email}` }).click();
    await adminPage.waitForURL('**/team?notice=two-factor-reset');
    await expect(adminPage.locator(`tr[data-user-id="${user.userId}"]`).innerText()).resolves.toContain('off');
    expect((await first.client.get('/dashboard/overview')).status).toBe(303);
    const reset = await gateway.db.pool.query<{ by: string }>(
      `SELECT data->>'disabledBy' AS by FROM es_events
        WHERE stream_name = $1 AND type = 'DashboardTwoFactorDisabled' AND data->>'userId' = $2`,
      [`dashboardteam-${business.business_id}`, user.userId],
    );
    expect(reset.rows).toEqual([{ by: `dashboard:${admin.userId}` }]);
    expect((await gateway.db.pool.query(codesOf, [user.userId])).rowCount).toBe(0);
    const again = new DashboardClient(gateway.baseUrl);
    expect((await again.signIn(user.email, TEST_PASSWORD)).status).toBe(303);
  });
});
