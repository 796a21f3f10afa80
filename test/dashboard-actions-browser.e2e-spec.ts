import type { ProvisionedBusiness } from '@gateway/accounts';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { TEST_CARDS, tokenize, updateTestSettings } from './support/cards';
import { createDashboardUser, DashboardClient, TEST_PASSWORD } from './support/dashboard-client';
import { checkPage, DASHBOARD_ARTIFACTS, dashboardContext, signIn, until } from './support/dashboard-browser';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

type User = Awaited<ReturnType<typeof createDashboardUser>>;

/**
 * Issue 21, item 1: every action of the dashboard, driven in Chromium as a signed-in user of
 * each role (admin and finance may, developer and viewer are refused), with the API's state and
 * the events (actor `dashboard:<user>`) checked after each one.
 */
describe('dashboard actions on money (headless Chromium)', () => {
  let gateway: TestApp;
  let business: ProvisionedBusiness;
  let admin: User;
  let finance: User;
  let developer: User;
  let viewer: User;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  const contexts: BrowserContext[] = [];
  const pages: Partial<Record<'admin' | 'finance', Page>> = {};

  const api = (method: string, path: string, body?: unknown) =>
    call(gateway.baseUrl, business.test.secret_key, method, path, { body });
  const eventsOf = async (stream: string) =>
    (
      await gateway.db.pool.query<{ type: string; actor: string }>(
        `SELECT type, metadata->>'actor' AS actor FROM es_events WHERE stream_name = $1 ORDER BY position`,
        [stream],
      )
    ).rows;
  const page = (role: 'admin' | 'finance') => pages[role]!;

  beforeAll(async () => {
    gateway = await startTestApp();
    business = await provisionBusiness(gateway.app, { name: 'Toko Aksi' });
    await updateTestSettings(gateway.app, business.business_id, { optionalAuthentication: true });
    expect((await api('POST', '/balance/top_up', { amount: 50_000_000 })).status).toBe(200);
    [admin, finance, developer, viewer] = await Promise.all(
      (['admin', 'finance', 'developer', 'viewer'] as const).map((role) =>
        createDashboardUser(gateway.app, business.business_id, role),
      ),
    );
    ({ browser, close: closeBrowser } = await launchBrowser());
    for (const [role, user] of [
      ['admin', admin],
      ['finance', finance],
    ] as const) {
      const context = await dashboardContext(browser, gateway.baseUrl);
      contexts.push(context);
      pages[role] = await context.newPage();
      await signIn(pages[role], user.email);
    }
  }, 90_000);
  afterAll(async () => {
    await closeBrowser?.();
    await gateway?.close();
  });

  const capturedCharge = async (amount: number) => {
    const token = (
      await tokenize(gateway.baseUrl, business.test.public_key, TEST_CARDS.enrolledVisa, { multiple: true })
    ).body.id;
    const charge = await api('POST', '/credit_card_charges', {
      token_id: token,
      external_id: `order-${randomUUID()}`,
      amount,
    });
    expect(charge.body.status).toBe('CAPTURED');
    return charge.body as { id: string; external_id: string };
  };

  it('finance refunds a card charge in part, then the rest, each after a confirmation', async () => {
    const charge = await capturedCharge(100_000);
    const p = page('finance');
    await until(async () => {
      await p.goto(`/dashboard/transactions/card-charges/${charge.id}`);
      // The charge's read model may trail the API's answer by a moment under load.
      expect(await p.locator('#refundable').count()).toBe(1);
      expect(await p.locator('#refundable').innerText()).toBe('IDR 100,000');
    });
    await checkPage(p, 'charge-detail');
    await p.locator('#refund-amount').fill('30000');
    await p.getByRole('button', { name: 'Refund…' }).click();
    await expect(p.locator('#confirm-h').innerText()).resolves.toBe('Check and confirm');
    await checkPage(p, 'refund-confirm');
    await p.locator('#confirm-action').click();
    await p.waitForURL(`**/card-charges/${charge.id}?notice=refund-requested`);
    await expect(p.locator('#charge-refunds tbody tr').count()).resolves.toBe(1);
    await expect(p.locator('#refundable').innerText()).resolves.toBe('IDR 70,000');
    // The rest: the form offers exactly what is left.
    await expect(p.locator('#refund-amount').inputValue()).resolves.toBe('70000');
    await p.getByRole('button', { name: 'Refund…' }).click();
    await p.locator('#confirm-action').click();
    await p.waitForURL(`**/card-charges/${charge.id}?notice=refund-requested`);
    await expect(p.locator('#refundable').innerText()).resolves.toBe('IDR 0');
    await expect(p.getByRole('button', { name: 'Refund…' }).count()).resolves.toBe(0);
    const refunds = (await eventsOf(`cardcharge-${charge.id}`)).filter((event) => event.type === 'CardRefundRequested');
    expect(refunds).toEqual([
      { type: 'CardRefundRequested', actor: `dashboard:${finance.userId}` },
      { type: 'CardRefundRequested', actor: `dashboard:${finance.userId}` },
    ]);
    await until(async () => {
      await p.reload();
      expect(await p.locator('#event-history').innerText()).toContain('CardRefundSucceeded');
    });
  });

  it('admin creates an invoice, copies its link, and expires it after a confirmation', async () => {
    const p = page('admin');
    await p.goto('/dashboard/transactions');
    await p.locator('#create-invoice-link').click();
    await checkPage(p, 'invoice-create');
    await p.getByLabel('Payer email').fill('budi@example.com');
    await p.getByLabel('Description').fill('Kopi susu x 3');
    await p.getByLabel('Amount (IDR)').fill('75000');
    await p.getByLabel('Bank Central Asia').check();
    await p.getByLabel('Alfamart').check();
    await p.locator('#create-invoice').click();
    await p.waitForURL(/\/dashboard\/transactions\/invoices\/[0-9a-f]{24}\?notice=invoice-created$/);
    const invoiceId = /invoices\/([0-9a-f]{24})/.exec(p.url())![1];
    await checkPage(p, 'invoice-created');
    const link = await p.locator('#invoice-url').inputValue();
    await p.getByRole('button', { name: 'Copy link' }).click();
    // The clipboard is written asynchronously; its announcement says when.
    await until(async () => expect(await p.locator('#copy-status').innerText()).toContain(link));
    expect(await p.evaluate('navigator.clipboard.readText()')).toBe(link);
    const created = await api('GET', `/v2/invoices/${invoiceId}`);
    expect(created.body).toMatchObject({
      id: invoiceId,
      amount: 75_000,
      status: 'PENDING',
      payer_email: 'budi@example.com',
      invoice_url: link,
    });
    expect(created.body.available_banks.map((bank: { bank_code: string }) => bank.bank_code)).toEqual(['BCA']);
    expect(await eventsOf(`invoice-${invoiceId}`)).toEqual([
      { type: 'InvoiceCreated', actor: `dashboard:${admin.userId}` },
    ]);

    await p.locator('#expire-invoice').click();
    await checkPage(p, 'invoice-expire-confirm');
    await p.locator('#confirm-action').click();
    await p.waitForURL(`**/invoices/${invoiceId}?notice=invoice-expired`);
    await expect(p.locator('#invoice-status').innerText()).resolves.toBe('EXPIRED');
    expect((await api('GET', `/v2/invoices/${invoiceId}`)).body.status).toBe('EXPIRED');
    expect((await eventsOf(`invoice-${invoiceId}`)).map((event) => event.type)).toEqual([
      'InvoiceCreated',
      'InvoiceExpired',
    ]);
    await expect(p.locator('#event-history').innerText()).resolves.toContain('InvoiceExpired');
  });

  it('keeps the invoice form and its input when the API refuses it', async () => {
    const p = page('admin');
    await p.goto('/dashboard/invoices/new');
    // The browser's own checks would stop these values before the server sees them: the server's rules are under test.
    await p.evaluate("document.querySelector('form.card').noValidate = true");
    await p.getByLabel('Payer email').fill('not-an-email');
    await p.getByLabel('Description').fill('Bad');
    await p.getByLabel('Amount (IDR)').fill('75000.5');
    const [response] = await Promise.all([
      p.waitForResponse((r) => r.request().method() === 'POST'),
      p.locator('#create-invoice').click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(p.locator('#form-error').innerText()).resolves.toMatch(
      /payer_email[\s\S]*amount|amount[\s\S]*payer_email/,
    );
    await expect(p.getByLabel('Payer email').inputValue()).resolves.toBe('not-an-email');
    await checkPage(p, 'invoice-create-refused');
  });

  it('finance sends a disbursement after a confirmation', async () => {
    const p = page('finance');
    await p.goto('/dashboard/payouts/new');
    await checkPage(p, 'disbursement-new');
    const externalId = await p.getByLabel('Your reference (external id)').inputValue();
    await p.getByLabel('Bank or eWallet').selectOption('BNI');
    await p.getByLabel('Account holder name').fill('Siti Aminah');
    await p.getByLabel('Account number').fill('9876543210');
    await p.getByLabel("Description (the recipient's bank statement shows it)").fill('Refund of order 12');
    await p.getByLabel('Amount (IDR)').fill('125000');
    await p.locator('#review-disbursement').click();
    await expect(p.locator('dl.summary').innerText()).resolves.toContain('IDR 125,000');
    await checkPage(p, 'disbursement-confirm');
    await p.locator('#confirm-action').click();
    await p.waitForURL(/\/dashboard\/transactions\/disbursements\/[^?]+\?notice=disbursement-created$/);
    const found = await api('GET', `/disbursements?external_id=${externalId}`);
    expect(found.body).toEqual([
      expect.objectContaining({
        external_id: externalId,
        amount: 125_000,
        bank_code: 'BNI',
        account_holder_name: 'Siti Aminah',
      }),
    ]);
    expect(await eventsOf(`disbursement-${found.body[0].id}`)).toContainEqual({
      type: 'DisbursementCreated',
      actor: `dashboard:${finance.userId}`,
    });
  });

  it(
    'finance previews a batch file, ' + 'sees each bad row before anything is sent, then sends a corrected file',
    async () => {
      const p = page('finance');
      mkdirSync(DASHBOARD_ARTIFACTS, { recursive: true });
      const prefix = `batch-${randomUUID().slice(0, 6)}`;
      const rows = [
        `${prefix}-1,BCA,Ani,1234567890,Salary,150000`,
        `${prefix}-2,BRI,Budi,not-a-number,Salary,200000`,
        `${prefix}-3,MANDIRI,Citra,1122334455,Salary,12.5`,
        `${prefix}-1,BNI,Dedi,5566778899,Salary,50000`,
      ];
      const bad = join(DASHBOARD_ARTIFACTS, 'batch-bad.csv');
      writeFileSync(
        bad,
        ['external_id,bank_code,account_holder_name,account_number,description,amount', ...rows].join('\n'),
      );
      await p.goto('/dashboard/payouts/batch');
      await checkPage(p, 'batch-upload');
      await p.getByLabel('Batch reference').fill(`${prefix}-ref`);
      await p.getByLabel('CSV file (at most 1,000 rows, 1 MB)').setInputFiles(bad);
      await p.locator('#preview-batch').click();
      await expect(p.locator('#batch-problems').innerText()).resolves.toContain('3 of 4 rows have problems');
      await expect(p.locator('tr[data-line="3"] .row-error').innerText()).resolves.toContain('account_number');
      await expect(p.locator('tr[data-line="4"] .row-error').innerText()).resolves.toContain('amount');
      await expect(p.locator('tr[data-line="5"] .row-error').innerText()).resolves.toContain('line 2');
      await expect(p.locator('#send-batch').count()).resolves.toBe(0);
      await checkPage(p, 'batch-preview-problems');
      expect((await api('GET', `/disbursements?external_id=${prefix}-1`)).status).toBe(404);

      const good = join(DASHBOARD_ARTIFACTS, 'batch-good.csv');
      writeFileSync(
        good,
        [
          'external_id,bank_code,account_holder_name,account_number,description,amount',
          `${prefix}-1,BCA,Ani,1234567890,Salary,150000`,
          `${prefix}-2,BRI,"Budi, Jr.",2233445566,Salary,200000`,
        ].join('\r\n'),
      );
      await p.goto('/dashboard/payouts/batch');
      await p.getByLabel('Batch reference').fill(`${prefix}-ref`);
      await p.getByLabel('CSV file (at most 1,000 rows, 1 MB)').setInputFiles(good);
      await p.locator('#preview-batch').click();
      await expect(p.locator('#batch-ok').count()).resolves.toBe(1);
      await checkPage(p, 'batch-preview-ok');
      await p.locator('#send-batch').click();
      await p.waitForURL(/notice=batch-created/);
      await expect(p.locator('#transactions-table tbody tr').count()).resolves.toBe(2);
      for (const [suffix, amount, holder] of [
        ['1', 150_000, 'Ani'],
        ['2', 200_000, 'Budi, Jr.'],
      ] as const) {
        const found = await api('GET', `/disbursements?external_id=${prefix}-${suffix}`);
        expect(found.body).toEqual([expect.objectContaining({ amount, account_holder_name: holder })]);
        expect(await eventsOf(`disbursement-${found.body[0].id}`)).toContainEqual({
          type: 'DisbursementCreated',
          actor: `dashboard:${finance.userId}`,
        });
      }
    },
  );

  it('sends a batch file near the upload limit: the confirmation names the previewed file, not its text', async () => {
    const p = page('finance');
    mkdirSync(DASHBOARD_ARTIFACTS, { recursive: true });
    expect((await api('POST', '/balance/top_up', { amount: 1_000_000 })).status).toBe(200);
    const prefix = `big-${randomUUID().slice(0, 6)}`;
    // ~9,500 characters a row, half of them '/' (tripled when URL-encoded): the file is under 1 MB,
    // a form carrying it would be about twice that.
    const description = 'gaji/'.repeat(1_900);
    const lines = Array.from({ length: 100 }, (_, i) => `${prefix}-${i},BCA,Ani,1234567890,${description},10000`);
    const text = ['external_id,bank_code,account_holder_name,account_number,description,amount', ...lines].join('\n');
    expect(Buffer.byteLength(text)).toBeGreaterThan(900_000);
    expect(Buffer.byteLength(text)).toBeLessThan(1024 * 1024);
    const file = join(DASHBOARD_ARTIFACTS, 'batch-big.csv');
    writeFileSync(file, text);
    await p.goto('/dashboard/payouts/batch');
    await p.getByLabel('Batch reference').fill(`${prefix}-ref`);
    await p.getByLabel('CSV file (at most 1,000 rows, 1 MB)').setInputFiles(file);
    await p.locator('#preview-batch').click();
    await expect(p.locator('#batch-ok').count()).resolves.toBe(1);
    const confirmation = p.locator('form[action="/dashboard/payouts/batch"]');
    expect(await confirmation.locator('input[name=csv]').count()).toBe(0);
    expect(await confirmation.locator('input[name=preview]').inputValue()).toMatch(/^[0-9a-f]{64}$/);
    await p.locator('#send-batch').click();
    await p.waitForURL(/notice=batch-created/, { timeout: 60_000 });
    for (const i of [0, 99]) {
      expect((await api('GET', `/disbursements?external_id=${prefix}-${i}`)).body).toHaveLength(1);
    }
  }, 120_000);

  it('admin pauses, resumes and (after a confirmation) stops a recurring plan', async () => {
    const plan = await api('POST', '/recurring_payments', {
      external_id: `plan-${randomUUID().slice(0, 6)}`,
      payer_email: 'member@example.com',
      description: 'Membership',
      amount: 99_000,
      interval: 'MONTH',
      interval_count: 1,
    });
    expect(plan.status).toBe(200);
    const p = page('admin');
    await until(async () => {
      await p.goto('/dashboard/recurring-plans');
      expect(await p.locator(`tr[data-id="${plan.body.id}"]`).count()).toBe(1);
    });
    await checkPage(p, 'recurring-plans');
    await p.locator(`tr[data-id="${plan.body.id}"] a`).click();
    await checkPage(p, 'recurring-plan-detail');
    await p.locator('#pause-plan').click();
    await p.waitForURL(/notice=plan-paused/);
    expect((await api('GET', `/recurring_payments/${plan.body.id}`)).body.status).toBe('PAUSED');
    await p.locator('#resume-plan').click();
    await p.waitForURL(/notice=plan-resumed/);
    expect((await api('GET', `/recurring_payments/${plan.body.id}`)).body.status).toBe('ACTIVE');
    await p.locator('#stop-plan').click();
    await p.locator('#confirm-action').click();
    await p.waitForURL(/notice=plan-stopped/);
    expect((await api('GET', `/recurring_payments/${plan.body.id}`)).body.status).toBe('STOPPED');
    const history = await p.locator('#event-history').innerText();
    for (const type of ['RecurringPaymentPaused', 'RecurringPaymentResumed', 'RecurringPaymentStopped'])
      expect(history).toContain(type);
    expect(
      (await eventsOf(`recurring-${plan.body.id}`))
        .filter((event) => event.actor === `dashboard:${admin.userId}`)
        .map((event) => event.type),
    ).toEqual(['RecurringPaymentPaused', 'RecurringPaymentResumed', 'RecurringPaymentStopped']);
  });

  it('finance creates and updates a fixed VA; admin pays it in the test tools', async () => {
    const p = page('finance');
    await p.goto('/dashboard/fixed-vas');
    await p.locator('#new-fixed-va').click();
    await checkPage(p, 'fixed-va-new');
    await p.getByLabel('Bank', { exact: true }).selectOption('BNI');
    await p.getByLabel('Name the payer sees').fill('Toko Aksi Budi');
    await p.getByLabel('Expected amount (IDR, optional)').fill('45000');
    await p.locator('#create-va').click();
    await p.waitForURL(/\/dashboard\/fixed-vas\/[0-9a-f]{24}\?notice=va-created$/);
    const vaId = /fixed-vas\/([0-9a-f]{24})/.exec(p.url())![1];
    await checkPage(p, 'fixed-va-detail');
    expect((await api('GET', `/callback_virtual_accounts/${vaId}`)).body).toMatchObject({
      bank_code: 'BNI',
      name: 'Toko Aksi Budi',
      expected_amount: 45_000,
    });
    await p.locator('#va-expected').fill('47000');
    await p.locator('#update-va').click();
    await p.waitForURL(/notice=va-updated/);
    expect((await api('GET', `/callback_virtual_accounts/${vaId}`)).body.expected_amount).toBe(47_000);
    expect((await eventsOf(`fva-${vaId}`)).map((event) => [event.type, event.actor])).toEqual([
      ['VirtualAccountCreated', `dashboard:${finance.userId}`],
      ['VirtualAccountUpdated', `dashboard:${finance.userId}`],
    ]);
    // Finance may not use the test tools; the admin pays the account there, amount filled in.
    await expect(p.locator('#pay-in-test-tools').count()).resolves.toBe(0);
    const a = page('admin');
    await a.goto(`/dashboard/fixed-vas/${vaId}`);
    await a.locator('#pay-in-test-tools').click();
    await expect(a.locator('#va-amount').inputValue()).resolves.toBe('47000');
    await a.getByRole('button', { name: 'Simulate VA payment' }).click();
    await expect(a.locator('#simulation-result').innerText()).resolves.toContain('IDR 47,000 paid into BNI');
    expect((await eventsOf(`fva-${vaId}`)).map((event) => event.type)).toContain('VirtualAccountPaid');
  });

  it('finance creates and updates a payment code; admin pays it in the test tools', async () => {
    const p = page('finance');
    await p.goto('/dashboard/payment-codes/new');
    await checkPage(p, 'payment-code-new');
    await p.getByLabel('Retail outlet').selectOption('INDOMARET');
    await p.getByLabel('Name the cashier sees').fill('Budi Santoso');
    await p.getByLabel('Expected amount (IDR, optional)').fill('33000');
    await p.locator('#create-code').click();
    await p.waitForURL(/\/dashboard\/payment-codes\/[0-9a-f]{24}\?notice=code-created$/);
    const codeId = /payment-codes\/([0-9a-f]{24})/.exec(p.url())![1];
    await checkPage(p, 'payment-code-detail');
    await p.locator('#code-expected').fill('34000');
    await p.locator('#update-code').click();
    await p.waitForURL(/notice=code-updated/);
    expect((await api('GET', `/fixed_payment_code/${codeId}`)).body).toMatchObject({
      retail_outlet_name: 'INDOMARET',
      expected_amount: 34_000,
      name: 'Budi Santoso',
    });
    expect((await eventsOf(`fpc-${codeId}`)).map((event) => [event.type, event.actor])).toEqual([
      ['FixedPaymentCodeCreated', `dashboard:${finance.userId}`],
      ['FixedPaymentCodeUpdated', `dashboard:${finance.userId}`],
    ]);
    const a = page('admin');
    await a.goto(`/dashboard/payment-codes/${codeId}`);
    await a.locator('#pay-in-test-tools').click();
    await expect(a.locator('#fpc-amount').inputValue()).resolves.toBe('34000');
    await a.getByRole('button', { name: 'Simulate payment-code payment' }).click();
    await expect(a.locator('#simulation-result').innerText()).resolves.toContain('IDR 34,000 paid at INDOMARET');
    expect((await eventsOf(`fpc-${codeId}`)).map((event) => event.type)).toContain('FixedPaymentCodePaid');
  });

  it(
    'refuses every money action to a developer and a viewer: ' +
      'no buttons, and 403 to direct posts, with nothing changed',
    async () => {
      const charge = await capturedCharge(40_000);
      const invoice = (
        await api('POST', '/v2/invoices', {
          external_id: `inv-${randomUUID()}`,
          payer_email: 'p@example.com',
          description: 'x',
          amount: 20_000,
        })
      ).body;
      const plan = (
        await api('POST', '/recurring_payments', {
          external_id: `plan-${randomUUID()}`,
          payer_email: 'p@example.com',
          description: 'x',
          amount: 20_000,
          interval: 'MONTH',
          interval_count: 1,
        })
      ).body;
      const va = (
        await api('POST', '/callback_virtual_accounts', {
          external_id: `va-${randomUUID()}`,
          bank_code: 'BCA',
          name: 'Budi',
        })
      ).body;
      const code = (
        await api('POST', '/fixed_payment_code', {
          external_id: `fpc-${randomUUID()}`,
          retail_outlet_name: 'ALFAMART',
          name: 'Budi',
        })
      ).body;
      for (const user of [developer, viewer]) {
        const context = await dashboardContext(browser, gateway.baseUrl);
        const p = await context.newPage();
        await signIn(p, user.email);
        for (const path of [
          `/dashboard/transactions/card-charges/${charge.id}`,
          `/dashboard/transactions/invoices/${invoice.id}`,
          `/dashboard/recurring-plans/${plan.id}`,
          `/dashboard/fixed-vas/${va.id}`,
          `/dashboard/payment-codes/${code.id}`,
          '/dashboard/transactions',
        ]) {
          await until(async () => {
            expect((await p.goto(path))?.status()).toBe(200);
          });
          const actions = await p
            .locator('main form[method="post"] button, #create-invoice-link, #new-disbursement-link, #batch-link')
            .allInnerTexts();
          expect({ role: user.role, path, actions: actions.filter((text) => !/test tools/i.test(text)) }).toEqual({
            role: user.role,
            path,
            actions: [],
          });
        }
        await checkPage(p, `refused-${user.role}-charge`);
        for (const path of [
          '/dashboard/invoices/new',
          '/dashboard/payouts/new',
          '/dashboard/payouts/batch',
          '/dashboard/fixed-vas/new',
          '/dashboard/payment-codes/new',
        ]) {
          expect({ path, status: (await p.goto(path))?.status() }).toEqual({ path, status: 403 });
        }
        await context.close();

        const client = new DashboardClient(gateway.baseUrl);
        await client.signIn(user.email, TEST_PASSWORD);
        const csrf = DashboardClient.csrfOf((await client.get('/dashboard/overview')).text);
        const key = () => randomUUID();
        const attempts: [string, Record<string, string>][] = [
          [
            `/dashboard/transactions/card-charges/${charge.id}/refund`,
            { amount: '1000', external_id: 'sneaky', confirm: 'yes' },
          ],
          ['/dashboard/invoices', { external_id: 'sneaky', payer_email: 'a@b.co', description: 'x', amount: '20000' }],
          [`/dashboard/invoices/${invoice.id}/expire`, { confirm: 'yes' }],
          [
            '/dashboard/payouts',
            {
              external_id: 'sneaky',
              bank_code: 'BCA',
              account_holder_name: 'x',
              account_number: '123',
              amount: '10000',
              confirm: 'yes',
            },
          ],
          [
            '/dashboard/payouts/batch',
            {
              reference: 'sneaky',
              csv:
                'external_id,bank_code,account_holder_name,account_number,description,amount\nsneaky,BCA,x,123,x,' +
                '10000',
              confirm: 'yes',
            },
          ],
          [`/dashboard/recurring-plans/${plan.id}/pause`, {}],
          [`/dashboard/recurring-plans/${plan.id}/stop`, { confirm: 'yes' }],
          ['/dashboard/fixed-vas', { external_id: 'sneaky', bank_code: 'BCA', name: 'x' }],
          [`/dashboard/fixed-vas/${va.id}`, { expected_amount: '1000' }],
          ['/dashboard/payment-codes', { external_id: 'sneaky', retail_outlet_name: 'ALFAMART', name: 'x' }],
          [`/dashboard/payment-codes/${code.id}`, { name: 'changed' }],
        ];
        for (const [path, form] of attempts) {
          const answer = await client.request('POST', path, { _csrf: csrf, _idem: key(), ...form });
          expect({ role: user.role, path, status: answer.status }).toEqual({ role: user.role, path, status: 403 });
        }
      }
      expect((await eventsOf(`cardcharge-${charge.id}`)).map((event) => event.type)).not.toContain(
        'CardRefundRequested',
      );
      expect((await api('GET', `/v2/invoices/${invoice.id}`)).body.status).toBe('PENDING');
      expect((await api('GET', `/recurring_payments/${plan.id}`)).body.status).toBe('ACTIVE');
      expect((await api('GET', '/disbursements?external_id=sneaky')).status).toBe(404);
      expect((await api('GET', `/callback_virtual_accounts/${va.id}`)).body.expected_amount).toBeUndefined();
      expect((await api('GET', `/fixed_payment_code/${code.id}`)).body.name).toBe('Budi');
    },
  );

  it('sends one disbursement for a double-clicked confirmation', async () => {
    const client = new DashboardClient(gateway.baseUrl);
    await client.signIn(finance.email, TEST_PASSWORD);
    const form = (await client.get('/dashboard/payouts/new')).text;
    const externalId = `double-${randomUUID().slice(0, 8)}`;
    const fields = {
      _csrf: DashboardClient.csrfOf(form),
      _idem: /name="_idem" value="([^"]+)"/.exec(form)![1],
      external_id: externalId,
      bank_code: 'BCA',
      account_holder_name: 'Ani',
      account_number: '1234567890',
      description: 'Double click',
      amount: '10000',
      confirm: 'yes',
    };
    const answers = await Promise.all([
      client.request('POST', '/dashboard/payouts', fields),
      client.request('POST', '/dashboard/payouts', fields),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    expect(answers[0].location).toBe(answers[1].location);
    expect((await api('GET', `/disbursements?external_id=${externalId}`)).body).toHaveLength(1);
  });
});
