import type { ProvisionedBusiness } from '@gateway/accounts';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { launchBrowser } from './support/browser';
import { createDashboardUser } from './support/dashboard-client';
import { checkPage, dashboardContext, signIn, until } from './support/dashboard-browser';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

interface Made {
  id: string;
  kind: 'invoices' | 'disbursements' | 'va-payments';
  amount: number;
  email?: string;
  externalId: string;
}

/**
 * Issue 21, item 3 ("Done when": a test creates 120 transactions and pages, filters and exports
 * through all of them in the browser). 50 invoices, a batch of 40 disbursements (created in the
 * same instant: the keyset must neither repeat nor skip them) and 30 VA payments; the pages,
 * the filters (product, status, dates in the viewer's zone, amount range), the search (external
 * id, payer email, customer) and the CSV export all answer exactly the expected rows.
 */
describe('dashboard lists with 120 transactions (headless Chromium)', () => {
  let gateway: TestApp;
  let business: ProvisionedBusiness;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  const made: Made[] = [];
  const run = randomUUID().slice(0, 6);
  const api = (method: string, path: string, body?: unknown) =>
    call(gateway.baseUrl, business.test.secret_key, method, path, { body });

  beforeAll(async () => {
    gateway = await startTestApp();
    business = await provisionBusiness(gateway.app, { name: 'Toko Daftar' });
    expect((await api('POST', '/balance/top_up', { amount: 100_000_000 })).status).toBe(200);
    for (let index = 0; index < 50; index += 1) {
      const email = index % 5 === 0 ? 'vip@example.com' : `payer${index}@example.com`;
      const amount = 11_000 + index * 1_000;
      const invoice = await api('POST', '/v2/invoices', {
        external_id: `${run}-inv-${index}`,
        payer_email: email,
        description: `Order ${index}`,
        amount,
      });
      if (invoice.status !== 200) throw new Error(JSON.stringify(invoice.body));
      made.push({ id: invoice.body.id, kind: 'invoices', amount, email, externalId: invoice.body.external_id });
    }
    const batch = await api('POST', '/batch_disbursements', {
      reference: `${run}-batch`,
      disbursements: Array.from({ length: 40 }, (_, index) => ({
        external_id: `${run}-disb-${index}`,
        bank_code: 'BCA',
        account_holder_name: `Penerima ${index}`,
        account_number: '1234567890',
        description: 'Payout',
        amount: 5_000 + index,
      })),
    });
    expect(batch.status).toBe(200);
    for (let index = 0; index < 40; index += 1) {
      const found = await api('GET', `/disbursements?external_id=${run}-disb-${index}`);
      made.push({
        id: found.body[0].id,
        kind: 'disbursements',
        amount: 5_000 + index,
        externalId: `${run}-disb-${index}`,
      });
    }
    for (const name of ['Budi Santoso', 'Siti Aminah', 'Citra Lestari']) {
      const va = await api('POST', '/callback_virtual_accounts', {
        external_id: `${run}-va-${name.split(' ')[0]}`,
        bank_code: 'BRI',
        name,
      });
      for (let index = 0; index < 10; index += 1) {
        const amount = 20_000 + index * 500;
        const paid = await api('POST', '/pool_virtual_accounts/simulate_payment', {
          bank_code: 'BRI',
          bank_account_number: va.body.account_number,
          transfer_amount: amount,
        });
        expect(paid.status).toBe(200);
        made.push({ id: paid.body.id, kind: 'va-payments', amount, externalId: va.body.external_id });
      }
    }
    expect(made).toHaveLength(120);
    const admin = await createDashboardUser(gateway.app, business.business_id, 'admin');
    ({ browser, close: closeBrowser } = await launchBrowser());
    context = await dashboardContext(browser, gateway.baseUrl);
    page = await context.newPage();
    await signIn(page, admin.email);
    // The lists are a read model: wait until it holds all 120.
    await until(async () => {
      await page.goto('/dashboard/transactions');
      expect(await page.locator('#transactions-range').innerText()).toBe('Rows 1–50 of 120');
    }, 30_000);
  }, 180_000);
  afterAll(async () => {
    await closeBrowser?.();
    await gateway?.close();
  });

  /** Every row id of the list at `path`, following "Next page" to the end; the range texts seen on the way. */
  async function pageThrough(path: string): Promise<{ ids: string[]; ranges: string[] }> {
    const ids: string[] = [];
    const ranges: string[] = [];
    await page.goto(path);
    for (;;) {
      ranges.push(await page.locator('.pager p').first().innerText());
      ids.push(
        ...(await page
          .locator('table.list tbody tr')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id') as string))),
      );
      if ((await page.locator('#next-page').count()) === 0) return { ids, ranges };
      await page.locator('#next-page').click();
    }
  }

  async function exported(path: string): Promise<Record<string, string>[]> {
    await page.goto(path);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#export-csv').click()]);
    return parse<Record<string, string>>(readFileSync(await download.path(), 'utf8'), { columns: true });
  }

  it('pages through all 120 by cursor, each once, newest first', async () => {
    const { ids, ranges } = await pageThrough('/dashboard/transactions');
    expect(ranges).toEqual(['Rows 1–50 of 120', 'Rows 51–100 of 120', 'Rows 101–120 of 120']);
    expect(ids).toHaveLength(120);
    expect(new Set(ids)).toEqual(new Set(made.map((row) => row.id)));
    await checkPage(page, 'transactions-last-page');
    await page.locator('#first-page').click();
    await expect(page.locator('#transactions-range').innerText()).resolves.toBe('Rows 1–50 of 120');
    await checkPage(page, 'transactions');
  });

  it('filters by product, status and amount, and pages the 40 disbursements created in one instant', async () => {
    const disbursements = await pageThrough('/dashboard/transactions?product=disbursements');
    expect(new Set(disbursements.ids)).toEqual(
      new Set(made.filter((row) => row.kind === 'disbursements').map((row) => row.id)),
    );
    expect(disbursements.ids).toHaveLength(40);
    const pending = await pageThrough('/dashboard/transactions?product=invoices&status=PENDING');
    expect(pending.ids).toHaveLength(50);
    await page.goto('/dashboard/transactions');
    await page.getByLabel('Amount from').fill('20000');
    await page.getByLabel('Amount to').fill('30000');
    await page.getByRole('button', { name: 'Search' }).click();
    const inRange = made.filter((row) => row.amount >= 20_000 && row.amount <= 30_000);
    const filtered = await pageThrough(page.url().replace(gateway.baseUrl, ''));
    expect(new Set(filtered.ids)).toEqual(new Set(inRange.map((row) => row.id)));
    await checkPage(page, 'transactions-filtered');
  });

  it('searches external ids, payer emails and customers', async () => {
    const search = async (text: string) =>
      (await pageThrough(`/dashboard/transactions?q=${encodeURIComponent(text)}`)).ids;
    expect(await search(`${run}-inv-7`)).toEqual([made.find((row) => row.externalId === `${run}-inv-7`)!.id]);
    expect(new Set(await search('VIP@example.com'))).toEqual(
      new Set(made.filter((row) => row.email === 'vip@example.com').map((row) => row.id)),
    );
    expect(await search('siti aminah')).toHaveLength(10);
    expect(await search(made[60].id)).toEqual([made[60].id]);
    expect(await search('nothing-matches-this')).toEqual([]);
    await expect(page.locator('#transactions-empty').count()).resolves.toBe(1);
  });

  it("filters by days in the viewer's time zone and shows local times with UTC on hover", async () => {
    const now = new Date();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(now);
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(
      new Date(now.getTime() + 86_400_000),
    );
    await page.goto(`/dashboard/transactions?from=${today}&to=${today}`);
    await expect(page.locator('#transactions-range').innerText()).resolves.toBe('Rows 1–50 of 120');
    await page.goto(`/dashboard/transactions?from=${tomorrow}`);
    await expect(page.locator('#transactions-empty').count()).resolves.toBe(1);
    await page.goto('/dashboard/transactions');
    const time = page.locator('table.list tbody tr time').first();
    const iso = (await time.getAttribute('datetime'))!;
    await expect(time.getAttribute('title')).resolves.toBe(`${iso.replace('T', ' ').replace(/\.\d{3}Z$/, '')} UTC`);
    await expect(time.innerText()).resolves.toContain('GMT+7');
    await expect(page.locator('html').getAttribute('data-tz')).resolves.toBe('Asia/Jakarta');
    // One money format on the list and the detail page.
    const invoice = made.find((row) => row.kind === 'invoices' && row.amount === 59_000)!;
    await page.goto(`/dashboard/transactions?q=${invoice.externalId}`);
    await expect(page.locator('table.list tbody .amount').innerText()).resolves.toBe('IDR 59,000');
    await page.locator('table.list tbody a').click();
    await expect(page.locator('dl.fields').innerText()).resolves.toContain('IDR 59,000');
  });

  it('exports the filtered rows as CSV, all of them', async () => {
    const all = await exported('/dashboard/transactions');
    expect(all).toHaveLength(120);
    expect(new Set(all.map((row) => row.id))).toEqual(new Set(made.map((row) => row.id)));
    const vip = await exported('/dashboard/transactions?q=vip%40example.com');
    expect(vip.map((row) => row.payer_email)).toEqual(Array(10).fill('vip@example.com'));
    const vaPayments = await exported('/dashboard/transactions?product=va-payments&min=22000');
    const expected = made.filter((row) => row.kind === 'va-payments' && row.amount >= 22_000);
    expect(vaPayments.map((row) => Number(row.amount)).sort()).toEqual(expected.map((row) => row.amount).sort());
    expect(vaPayments[0]).toMatchObject({ type: 'VA payment', currency: 'IDR', channel: 'BRI', status: 'COMPLETED' });
    expect(vaPayments[0]['created_local (Asia/Jakarta)']).toContain('GMT+7');
  });

  it('lists customers, recurring plans, fixed VAs and payment codes, with search and export', async () => {
    const customer = await call(gateway.baseUrl, business.test.secret_key, 'POST', '/customers', {
      body: {
        reference_id: `${run}-cust-1`,
        type: 'INDIVIDUAL',
        individual_detail: { given_names: 'Dewi', surname: 'Kartika' },
        email: 'dewi@example.com',
        identity_accounts: [
          {
            type: 'BANK_ACCOUNT',
            company: 'BCA',
            country: 'ID',
            properties: { account_number: '9876543210', account_holder_name: 'Dewi Kartika' },
          },
        ],
      },
      headers: { 'api-version': '2020-10-31' },
    });
    if (customer.status !== 200) throw new Error(JSON.stringify(customer.body));
    await api('POST', '/recurring_payments', {
      external_id: `${run}-plan`,
      payer_email: 'member@example.com',
      description: 'Gym',
      amount: 150_000,
      interval: 'MONTH',
      interval_count: 1,
    });
    await api('POST', '/fixed_payment_code', {
      external_id: `${run}-code`,
      retail_outlet_name: 'ALFAMART',
      name: 'Dewi Kartika',
    });
    for (const [path, name, text] of [
      ['/dashboard/customers', 'customers', 'Dewi Kartika'],
      ['/dashboard/recurring-plans', 'recurring-plans', 'member@example.com'],
      ['/dashboard/fixed-vas', 'fixed-vas', 'Siti Aminah'],
      ['/dashboard/payment-codes', 'payment-codes', 'Dewi Kartika'],
    ] as const) {
      await until(async () => {
        await page.goto(`${path}?q=${encodeURIComponent(text)}`);
        expect(await page.locator('table.list tbody').innerText()).toContain(text);
      });
      await checkPage(page, name);
      await page.locator('table.list tbody a').first().click();
      await checkPage(page, `${name}-detail`);
    }
    const customers = await exported(`/dashboard/customers?q=dewi`);
    expect(customers).toEqual([
      expect.objectContaining({ id: customer.body.id, customer: 'Dewi Kartika', payer_email: 'dewi@example.com' }),
    ]);
    // The list row keeps what the list shows and searches, not the identity accounts.
    const rowOf = `SELECT data FROM dashboard_list_rows WHERE kind = 'customers' AND id = $1`;
    const stored = await gateway.db.pool.query<{ data: Record<string, unknown> }>(rowOf, [customer.body.id]);
    const individual = { given_names: 'Dewi', surname: 'Kartika' };
    const listed = { type: 'INDIVIDUAL', email: 'dewi@example.com', individual_detail: individual };
    expect(stored.rows[0].data).toEqual(listed);
    expect(JSON.stringify(stored.rows[0].data)).not.toContain('9876543210');
    // Customers have no amount: no amount filter is offered.
    await page.goto('/dashboard/customers');
    expect(await page.locator('#customers-min, #customers-max').count()).toBe(0);
    await page.goto('/dashboard/recurring-plans');
    expect(await page.locator('#recurring-plans-min').count()).toBe(1);
  });
});
