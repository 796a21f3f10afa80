import { feeFor, feeRuleFor, JournalReader, type OpenMovementRow } from '@gateway/ledger';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AdvanceTestClockCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { Clock } from '@gateway/clock';
import { CommandBus } from '@nestjs/cqrs';
import { launchBrowser } from './support/browser';
import { TEST_CARDS, tokenize, updateTestSettings } from './support/cards';
import { createDashboardUser, DashboardClient, TEST_PASSWORD } from './support/dashboard-client';
import { checkPage, dashboardContext, signIn, until } from './support/dashboard-browser';
import { eventually } from './support/eventually';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

const idr = (amount: number) => `IDR ${amount.toLocaleString('en-US')}`;

/**
 * Issue 21, item 4: the finance overview. Payments by invoice (VA and retail), fixed VA and card,
 * a refund, a payout and a test top-up: the page shows gross, fees, VAT, net, refunds and payouts
 * exactly (fees from the gateway's default schedule), per product and per day with drawn charts,
 * the top-up apart from sales, what is pending settlement and when, and the last reconciliation
 * with its date (run from the page by finance; refused to a viewer).
 */
describe('dashboard finance overview (headless Chromium)', () => {
  let gateway: TestApp;
  let business: ProvisionedBusiness;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  let finance: Awaited<ReturnType<typeof createDashboardUser>>;
  const sales: { channel: string; product: string; gross: number }[] = [];
  const api = (method: string, path: string, body?: unknown) =>
    call(gateway.baseUrl, business.test.secret_key, method, path, { body });
  const jakarta = (options: Intl.DateTimeFormatOptions, at: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', ...options }).format(at);
  /** The business's (test) clock: every figure on the page, and every fact behind it, is on it. */
  let businessToday: string;

  beforeAll(async () => {
    gateway = await startTestApp();
    business = await provisionBusiness(gateway.app, { name: 'Toko Keuangan' });
    await updateTestSettings(gateway.app, business.business_id, { optionalAuthentication: true });
    // The payout goes out at once only inside the instant rail's window (08:00-22:00 Asia/Jakarta); outside
    // it, it waits for the next opening. Whatever the real hour of the run, the merchant's test clock is
    // moved to 10:00-11:00 Jakarta first, so every fact below (sales, refund, payout) happens in the window,
    // on one business day, and the page, which reads the business's clock, shows them all.
    const clock = gateway.app.get(Clock);
    const scope = { businessId: business.business_id, mode: 'test' as const };
    const hour = Number(jakarta({ hour: '2-digit', hourCycle: 'h23' }, await clock.now(scope)));
    const hoursToTen = (34 - hour) % 24;
    const requestContext = { requestId: 'finance-test', actor: 'test' };
    if (hour < 9 || hour >= 21) {
      await gateway.app
        .get(CommandBus)
        .execute(new AdvanceTestClockCommand(business.business_id, hoursToTen * 3_600_000, requestContext));
    }
    businessToday = jakarta({}, await clock.now(scope));
    expect((await api('POST', '/balance/top_up', { amount: 1_000_000 })).status).toBe(200);
    // A test top-up through another channel is a top-up still (its source, not its channel, says so).
    expect((await api('POST', '/balance/top_up', { amount: 500_000, channel: 'BCA' })).status).toBe(200);
    const bca = (
      await api('POST', '/v2/invoices', {
        external_id: `fin-${randomUUID()}`,
        payer_email: 'a@example.com',
        description: 'x',
        amount: 100_000,
        payment_methods: ['BCA'],
      })
    ).body;
    expect(
      (
        await api('POST', '/pool_virtual_accounts/simulate_payment', {
          bank_code: 'BCA',
          bank_account_number: bca.available_banks[0].bank_account_number,
          transfer_amount: 100_000,
        })
      ).status,
    ).toBe(200);
    sales.push({ channel: 'BCA', product: 'invoices', gross: 100_000 });
    const alfa = (
      await api('POST', '/v2/invoices', {
        external_id: `fin-${randomUUID()}`,
        payer_email: 'b@example.com',
        description: 'y',
        amount: 50_000,
        payment_methods: ['ALFAMART'],
      })
    ).body;
    expect(
      (
        await api('POST', '/fixed_payment_code/simulate_payment', {
          retail_outlet_name: 'ALFAMART',
          payment_code: alfa.available_retail_outlets[0].payment_code,
          transfer_amount: 50_000,
        })
      ).status,
    ).toBe(200);
    sales.push({ channel: 'ALFAMART', product: 'invoices', gross: 50_000 });
    const va = (
      await api('POST', '/callback_virtual_accounts', {
        external_id: `fin-va-${randomUUID()}`,
        bank_code: 'BNI',
        name: 'Budi',
      })
    ).body;
    expect(
      (
        await api('POST', '/pool_virtual_accounts/simulate_payment', {
          bank_code: 'BNI',
          bank_account_number: va.account_number,
          transfer_amount: 30_000,
        })
      ).status,
    ).toBe(200);
    sales.push({ channel: 'BNI', product: 'virtual-accounts', gross: 30_000 });
    const token = (
      await tokenize(gateway.baseUrl, business.test.public_key, TEST_CARDS.enrolledVisa, { multiple: true })
    ).body.id;
    const charge = (
      await api('POST', '/credit_card_charges', {
        token_id: token,
        external_id: `fin-card-${randomUUID()}`,
        amount: 40_000,
      })
    ).body;
    expect(charge.status).toBe('CAPTURED');
    sales.push({ channel: 'CREDIT_CARD', product: 'cards', gross: 40_000 });
    expect(
      (
        await api('POST', `/credit_card_charges/${charge.id}/refunds`, {
          external_id: `fin-refund-${randomUUID()}`,
          amount: 10_000,
        })
      ).status,
    ).toBe(200);
    const payout = await api('POST', '/disbursements', {
      external_id: `fin-payout-${randomUUID()}`,
      bank_code: 'BCA',
      account_holder_name: 'Ani',
      account_number: '1234567890',
      description: 'Payout',
      amount: 20_000,
    });
    expect(payout.status).toBe(200);
    const sent = await eventually(
      () => api('GET', `/disbursements/${payout.body.id}`),
      (response) => response.body.status === 'COMPLETED',
      30_000,
    );
    expect(sent.body.status).toBe('COMPLETED');
    finance = await createDashboardUser(gateway.app, business.business_id, 'finance');
    ({ browser, close: closeBrowser } = await launchBrowser());
    context = await dashboardContext(browser, gateway.baseUrl);
    page = await context.newPage();
    await signIn(page, finance.email);
  }, 120_000);
  afterAll(async () => {
    await closeBrowser?.();
    await gateway?.close();
  });

  it('shows gross, fees, VAT, net, refunds and payouts of the period, the test top-up apart', async () => {
    const fees = sales.map((sale) => ({ ...sale, ...feeFor(sale.gross, feeRuleFor(sale.channel, undefined)) }));
    const gross = fees.reduce((sum, sale) => sum + sale.gross, 0);
    const fee = fees.reduce((sum, sale) => sum + sale.fee, 0);
    const vat = fees.reduce((sum, sale) => sum + sale.feeTax, 0);
    expect(fee).toBeGreaterThan(0);
    const period = '/dashboard/overview';
    await until(async () => {
      await page.goto(period);
      expect(await page.locator('[data-figure="refunds"]').innerText()).toBe(idr(10_000));
      expect(await page.locator('[data-figure="payouts"]').innerText()).toBe(idr(20_000));
    }, 30_000);
    await expect(page.locator('[data-figure="gross"]').innerText()).resolves.toBe(idr(gross));
    await expect(page.locator('[data-figure="fees"]').innerText()).resolves.toBe(idr(fee));
    await expect(page.locator('[data-figure="vat"]').innerText()).resolves.toBe(idr(vat));
    await expect(page.locator('[data-figure="net"]').innerText()).resolves.toBe(idr(gross - fee - vat));
    await expect(page.locator('[data-figure="top-ups"]').innerText()).resolves.toBe(idr(1_500_000));
    // Per product: the invoices' two payments, the fixed VA's, the card's.
    const row = (product: string) => page.locator(`#finance-products tr[data-product="${product}"]`);
    await expect(row('invoices').innerText()).resolves.toContain(idr(150_000));
    await expect(row('virtual-accounts').innerText()).resolves.toContain(idr(30_000));
    await expect(row('cards').innerText()).resolves.toContain(idr(40_000));
    await expect(row('top-ups').innerText()).resolves.toContain(idr(1_500_000));
    await expect(row('total-sales').innerText()).resolves.toContain(idr(gross));
    // Per day: everything happened today (the viewer's day, on the business's clock).
    await expect(page.locator(`#finance-days tr[data-day="${businessToday}"]`).innerText()).resolves.toContain(
      idr(gross),
    );
    await page.waitForSelector('html[data-charts="drawn"]');
    expect(await page.locator('#chart-days').evaluate((canvas: { width: number }) => canvas.width)).toBeGreaterThan(
      100,
    );
    expect(await page.locator('#chart-products').evaluate((canvas: { width: number }) => canvas.width)).toBeGreaterThan(
      100,
    );
    await checkPage(page, 'finance-overview');
  });

  it('shows what is pending settlement and when, next to the balances', async () => {
    const balance = (await api('GET', '/balance?account_type=HOLDING')).body.balance;
    await page.goto('/dashboard/overview');
    await expect(page.locator('[data-account="HOLDING"]').innerText()).resolves.toBe(idr(balance));
    expect(await page.locator('#pending-settlement tbody tr').count()).toBeGreaterThan(0);
    const settles = page.locator('#pending-settlement tbody tr td:nth-child(3) time').first();
    expect(new Date((await settles.getAttribute('datetime'))!).getTime()).toBeGreaterThan(Date.now());
    await expect(settles.getAttribute('title')).resolves.toMatch(/UTC$/);
  });

  it('sums what is pending in SQL: the same figures as every open movement, only the soonest listed', async () => {
    const journal = gateway.app.get(JournalReader);
    const scope = { businessId: business.business_id, mode: 'test' as const, currency: 'IDR' };
    const open: OpenMovementRow[] = [];
    for await (const page of journal.openMovements(scope)) open.push(...page);
    const incoming = open.filter((movement) => movement.direction === 'INCOMING');
    expect(incoming.length).toBeGreaterThan(2);
    const summary = await journal.pendingSummary(scope, 2);
    expect(summary.incomingCount).toBe(incoming.length);
    expect(summary.incoming).toBe(incoming.reduce((sum, movement) => sum + movement.amount, 0n));
    const outgoing = open.filter((movement) => movement.direction === 'OUTGOING');
    expect(summary.outgoing).toBe(outgoing.reduce((sum, movement) => sum + movement.amount, 0n));
    expect(summary.due).toHaveLength(2);
    const soonest = incoming.map((movement) => movement.expectedAt?.getTime() ?? Infinity).sort((a, b) => a - b)[0];
    expect(summary.due[0].expectedAt?.getTime() ?? Infinity).toBe(soonest);
  });

  it('chooses the period: a day without money shows zeros', async () => {
    await page.goto('/dashboard/overview?from=2020-01-01&to=2020-01-02');
    await expect(page.locator('[data-figure="gross"]').innerText()).resolves.toBe('IDR 0');
    await expect(page.locator('#finance-days tbody tr').count()).resolves.toBe(2);
    const refused = await page.goto('/dashboard/overview?from=2020-13-01');
    expect(refused?.status()).toBe(400);
    await expect(page.locator('#form-error').innerText()).resolves.toContain('from');
  });

  it('runs the ledger reconciliation and shows its result with its date; a viewer may not run it', async () => {
    await page.goto('/dashboard/overview');
    await expect(page.locator('#reconciliation-result').innerText()).resolves.toContain('Not run yet');
    // Runs are kept per scope up to a limit: 100 older ones of this scope, of which the oldest goes.
    const scope = { businessId: business.business_id, mode: 'test' };
    const oldReport = JSON.stringify({ ok: true, scope, asOf: null, differences: [], overdrafts: [], durationMs: 1 });
    await gateway.db.pool.query(
      `INSERT INTO ledger_reconciliation_runs (business_id, mode, ran_at, ok, report)
       SELECT $1, 'test', now() - (n || ' days')::interval, true, $2::jsonb FROM generate_series(1, 100) AS n`,
      [business.business_id, oldReport],
    );
    await page.reload();
    await page.locator('#reconcile-now').click();
    await page.waitForURL(/notice=reconcile-started/);
    await expect(page.locator('p.notice[role=status]').innerText()).resolves.toContain('Reconciliation started');
    // It runs as a job: the page says so until its result is recorded.
    await until(async () => {
      await page.reload();
      expect(await page.locator('#reconciliation-running').count()).toBe(0);
      const ranAt = new Date((await page.locator('#reconciliation-h ~ p time').first().getAttribute('datetime'))!);
      expect(Math.abs(ranAt.getTime() - Date.now())).toBeLessThan(60_000);
    }, 30_000);
    await expect(page.locator('#reconciliation-result').innerText()).resolves.toContain('OK');
    const recent = `SELECT business_id, mode, ok FROM ledger_reconciliation_runs
                     WHERE ran_at > now() - interval '1 hour'`;
    const runs = await gateway.db.pool.query(recent);
    expect(runs.rows).toEqual([{ business_id: business.business_id, mode: 'test', ok: true }]);
    const all = 'SELECT count(*) AS count, min(ran_at) AS oldest FROM ledger_reconciliation_runs';
    const kept = await gateway.db.pool.query<{ count: string; oldest: Date }>(all);
    expect(Number(kept.rows[0].count)).toBe(100);
    expect(Date.now() - kept.rows[0].oldest.getTime()).toBeLessThan(100 * 86_400_000);
    await checkPage(page, 'finance-reconciled');

    const viewer = await createDashboardUser(gateway.app, business.business_id, 'viewer');
    const client = new DashboardClient(gateway.baseUrl);
    await client.signIn(viewer.email, TEST_PASSWORD);
    const overview = await client.get('/dashboard/overview');
    expect(overview.text).not.toContain('reconcile-now');
    expect(
      (await client.request('POST', '/dashboard/overview/reconcile', { _csrf: DashboardClient.csrfOf(overview.text) }))
        .status,
    ).toBe(403);
  });
});
