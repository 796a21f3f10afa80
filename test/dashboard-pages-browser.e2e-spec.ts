import type { ProvisionedBusiness } from '@gateway/accounts';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { TEST_CARDS, tokenize, updateTestSettings } from './support/cards';
import { createDashboardUser, DashboardClient } from './support/dashboard-client';
import { DashboardMailer } from '@gateway/dashboard';
import { checkPage, dashboardContext, signIn, takeResetLink, until } from './support/dashboard-browser';
import { eventually } from './support/eventually';
import { registeredRoutes } from './support/registered-routes';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

/** Dashboard GET routes that are not pages (files, downloads, redirects). */
const NOT_PAGES = [/\/assets\//, /\.csv$/, /^\/dashboard$/, /\/reports\/:id\/download$/];

/**
 * Issue 21, "Done when": every page of the dashboard (and its public pages) at 1366 px and 390 px:
 * axe-core finds no serious or critical violation, nothing is wider than a 390 px phone, and a
 * screenshot of each is written under test/artifacts/dashboard/. The table names every GET page
 * route the app serves: a new page fails the first test by name until it is here.
 */
describe('every dashboard page at desktop and phone widths (headless Chromium)', () => {
  let gateway: TestApp;
  let business: ProvisionedBusiness;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let page: Page;
  let pages: Record<string, string>;
  const api = (method: string, path: string, body?: unknown) =>
    call(gateway.baseUrl, business.test.secret_key, method, path, { body });

  beforeAll(async () => {
    gateway = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    business = await provisionBusiness(gateway.app, { name: 'Toko Semua Halaman' });
    await updateTestSettings(gateway.app, business.business_id, { optionalAuthentication: true });
    expect((await api('POST', '/balance/top_up', { amount: 5_000_000 })).status).toBe(200);
    const token = (
      await tokenize(gateway.baseUrl, business.test.public_key, TEST_CARDS.enrolledVisa, { multiple: true })
    ).body.id;
    const charge = (
      await api('POST', '/credit_card_charges', { token_id: token, external_id: `all-${randomUUID()}`, amount: 50_000 })
    ).body;
    const refund = (
      await api('POST', `/credit_card_charges/${charge.id}/refunds`, {
        external_id: `all-refund-${randomUUID()}`,
        amount: 5_000,
      })
    ).body;
    const invoice = (
      await api('POST', '/v2/invoices', {
        external_id: `all-inv-${randomUUID()}`,
        payer_email: 'p@example.com',
        description: 'All pages',
        amount: 64_000,
      })
    ).body;
    const va = (
      await api('POST', '/callback_virtual_accounts', {
        external_id: `all-va-${randomUUID()}`,
        bank_code: 'BNI',
        name: 'Budi Santoso',
      })
    ).body;
    const vaPayment = (
      await api('POST', '/pool_virtual_accounts/simulate_payment', {
        bank_code: 'BNI',
        bank_account_number: va.account_number,
        transfer_amount: 25_000,
      })
    ).body;
    const code = (
      await api('POST', '/fixed_payment_code', {
        external_id: `all-fpc-${randomUUID()}`,
        retail_outlet_name: 'ALFAMART',
        name: 'Budi Santoso',
      })
    ).body;
    const codePayment = (
      await api('POST', '/fixed_payment_code/simulate_payment', {
        retail_outlet_name: 'ALFAMART',
        payment_code: code.payment_code,
        transfer_amount: 25_000,
      })
    ).body;
    const ewallet = (
      await api('POST', '/ewallets', {
        external_id: `all-ew-${randomUUID()}`,
        amount: 20_000,
        ewallet_type: 'DANA',
        callback_url: 'https://shop.example/cb',
        redirect_url: 'https://shop.example/done',
      })
    ).body;
    const disbursement = (
      await api('POST', '/disbursements', {
        external_id: `all-disb-${randomUUID()}`,
        bank_code: 'BCA',
        account_holder_name: 'Ani',
        account_number: '1234567890',
        description: 'Payout',
        amount: 10_000,
      })
    ).body;
    const customer = (
      await call(gateway.baseUrl, business.test.secret_key, 'POST', '/customers', {
        body: {
          reference_id: `all-cust-${randomUUID()}`,
          type: 'INDIVIDUAL',
          individual_detail: { given_names: 'Dewi' },
          email: 'dewi@example.com',
          identity_accounts: [],
        },
        headers: { 'api-version': '2020-10-31' },
      })
    ).body;
    const plan = (
      await api('POST', '/recurring_payments', {
        external_id: `all-plan-${randomUUID()}`,
        payer_email: 'member@example.com',
        description: 'Gym',
        amount: 150_000,
        interval: 'MONTH',
        interval_count: 1,
      })
    ).body;
    await api('POST', '/callback_urls/invoice', { url: 'http://127.0.0.1:9/callbacks' });
    const webhookId = (await api('POST', '/callback_urls/invoice/test')).body.webhook_id;
    await eventually(
      () => api('GET', `/callback_deliveries/${webhookId}`),
      (response) => response.status === 200,
    );
    // The API names a DANA payment by its external id; the dashboard's detail page by the payment's id.
    const ewalletPaymentId = await eventually(
      async () =>
        (
          await gateway.db.pool.query<{ id: string }>(
            `SELECT id FROM dashboard_list_rows WHERE kind = 'ewallet-payments' AND external_id = $1`,
            [ewallet.external_id],
          )
        ).rows[0]?.id,
      (id) => id !== undefined,
    );

    const admin = await createDashboardUser(gateway.app, business.business_id, 'admin');
    // A reset link, for its page.
    const visitor = new DashboardClient(gateway.baseUrl);
    const form = await visitor.get('/dashboard/password-reset');
    await visitor.request('POST', '/dashboard/password-reset', {
      _csrf: DashboardClient.csrfOf(form.text),
      email: admin.email,
    });
    // Without SMTP the link is readable once (then the outbox holds it redacted only).
    const resetToken = (await takeResetLink(gateway.app, admin.email)).slice(-43);
    await expect(gateway.app.get(DashboardMailer).takeReadable(admin.email, new Date())).resolves.toBeUndefined();
    const outbox = 'SELECT body FROM dashboard_mail_outbox WHERE to_address = $1';
    const stored = await gateway.db.pool.query<{ body: string }>(outbox, [admin.email]);
    expect(stored.rows[0].body).not.toContain(resetToken);

    pages = {
      'GET /dashboard/sign-in': '/dashboard/sign-in',
      'GET /dashboard/password-reset': '/dashboard/password-reset',
      'GET /dashboard/password-reset/:token': `/dashboard/password-reset/${resetToken}`,
      'GET /dashboard/overview': '/dashboard/overview',
      'GET /dashboard/transactions': '/dashboard/transactions',
      'GET /dashboard/transactions/:source/:id': `/dashboard/transactions/card-charges/${charge.id}`,
      'GET /dashboard/invoices/new': '/dashboard/invoices/new',
      'GET /dashboard/payouts/new': '/dashboard/payouts/new',
      'GET /dashboard/payouts/batch': '/dashboard/payouts/batch',
      'GET /dashboard/customers': '/dashboard/customers',
      'GET /dashboard/customers/:id': `/dashboard/customers/${customer.id}`,
      'GET /dashboard/recurring-plans': '/dashboard/recurring-plans',
      'GET /dashboard/recurring-plans/:id': `/dashboard/recurring-plans/${plan.id}`,
      'GET /dashboard/fixed-vas': '/dashboard/fixed-vas',
      'GET /dashboard/fixed-vas/new': '/dashboard/fixed-vas/new',
      'GET /dashboard/fixed-vas/:id': `/dashboard/fixed-vas/${va.id}`,
      'GET /dashboard/payment-codes': '/dashboard/payment-codes',
      'GET /dashboard/payment-codes/new': '/dashboard/payment-codes/new',
      'GET /dashboard/payment-codes/:id': `/dashboard/payment-codes/${code.id}`,
      'GET /dashboard/callbacks': '/dashboard/callbacks',
      'GET /dashboard/callbacks/deliveries/:id': `/dashboard/callbacks/deliveries/${webhookId}`,
      'GET /dashboard/developers': '/dashboard/developers',
      'GET /dashboard/request-log': '/dashboard/request-log',
      'GET /dashboard/listen': '/dashboard/listen',
      'GET /dashboard/reports': '/dashboard/reports',
      'GET /dashboard/settings': '/dashboard/settings',
      'GET /dashboard/test-tools': '/dashboard/test-tools',
      'GET /dashboard/test-tools/simulate/result/:source/:id':
        `/dashboard/test-tools/simulate/result/va-payments/` + `${vaPayment.id}`,
      'GET /dashboard/team': '/dashboard/team',
      'GET /dashboard/account': '/dashboard/account',
    };
    // The other transaction kinds' detail pages (the same route, other sources).
    Object.assign(pages, {
      'card refund': `/dashboard/transactions/card-refunds/${refund.id}`,
      invoice: `/dashboard/transactions/invoices/${invoice.id}`,
      'VA payment': `/dashboard/transactions/va-payments/${vaPayment.id}`,
      'payment-code payment':
        `/dashboard/transactions/payment-code-payments/` + `${codePayment.fixed_payment_code_payment_id}`,
      'eWallet payment': `/dashboard/transactions/ewallet-payments/${ewalletPaymentId}`,
      disbursement: `/dashboard/transactions/disbursements/${disbursement.id}`,
    });

    ({ browser, close: closeBrowser } = await launchBrowser());
    page = await (await dashboardContext(browser, gateway.baseUrl)).newPage();
    await signIn(page, admin.email);
  }, 120_000);
  afterAll(async () => {
    await closeBrowser?.();
    await gateway?.close();
  });

  it('names every dashboard page route the app serves (a new page fails here by name)', () => {
    const served = registeredRoutes(gateway.app)
      .filter(
        (route) =>
          route.method === 'GET' &&
          route.path.startsWith('/dashboard') &&
          !NOT_PAGES.some((pattern) => pattern.test(route.path)),
      )
      .map((route) => `${route.method} ${route.path}`);
    expect(served.filter((name) => !(name in pages))).toEqual([]);
  });

  it('passes axe-core at 1366 px and 390 px, never wider than a phone, with a screenshot of each', async () => {
    for (const [name, path] of Object.entries(pages)) {
      if (path.startsWith('/dashboard/sign-in') || path.startsWith('/dashboard/password-reset')) continue;
      await until(async () => {
        const response = await page.goto(path);
        expect({ name, path, status: response?.status() }).toEqual({ name, path, status: 200 });
      });
      await checkPage(page, `all-${name.replace(/^GET \/dashboard\/?/, '').replace(/[/:]+/g, '-') || 'root'}`);
    }
    // The pages outside a session, in a context of their own.
    const visitor = await (await dashboardContext(browser, gateway.baseUrl)).newPage();
    for (const name of [
      'GET /dashboard/sign-in',
      'GET /dashboard/password-reset',
      'GET /dashboard/password-reset/:token',
    ]) {
      expect((await visitor.goto(pages[name]))?.status()).toBe(200);
      await checkPage(visitor, `all-${name.replace(/^GET \/dashboard\//, '').replace(/[/:]+/g, '-')}`);
    }
  }, 300_000);

  it('checks the payer pages in every state: invoices paid, expired, not found; eWallet and 3DS outcomes', async () => {
    const context = await browser.newContext({ baseURL: gateway.baseUrl, bypassCSP: true, timezoneId: 'Asia/Jakarta' });
    const payer = await context.newPage();
    const invoiceOf = (description: string, extra: Record<string, unknown> = {}) =>
      api('POST', '/v2/invoices', {
        external_id: `all-${randomUUID()}`,
        payer_email: 'p@example.com',
        description,
        amount: 30_000,
        ...extra,
      });
    const paid = (await invoiceOf('Paid', { payment_methods: ['BCA'] })).body;
    const number = paid.available_banks[0].bank_account_number;
    const payment = { bank_code: 'BCA', bank_account_number: number, transfer_amount: 30_000 };
    expect((await api('POST', '/pool_virtual_accounts/simulate_payment', payment)).status).toBe(200);
    const expired = (await invoiceOf('Expired')).body;
    expect((await api('POST', `/invoices/${expired.id}/expire!`)).status).toBe(200);
    const shop = { callback_url: 'https://shop.example/cb', redirect_url: 'https://shop.example/done' };
    const danaRequest = { external_id: `all-dana-${randomUUID()}`, amount: 21_000, ewallet_type: 'DANA', ...shop };
    const dana = (await api('POST', '/ewallets', danaRequest)).body;
    const paidCheckout = await payer.request.post(`${dana.checkout_url}/pay`, { maxRedirects: 0 });
    expect(paidCheckout.status()).toBeLessThan(400);
    const token = await tokenize(gateway.baseUrl, business.test.public_key, TEST_CARDS.enrolledVisa, {
      amount: 25_000,
    });
    expect(token.body.status).toBe('IN_REVIEW');
    await payer.goto(token.body.payer_authentication_url);
    await payer.locator('#complete').click();
    await payer.locator('#result').waitFor();
    const states: [string, string, number, string][] = [
      ['payer-invoice-paid', `/web/invoices/${paid.id}`, 200, 'paid'],
      ['payer-invoice-expired', `/web/invoices/${expired.id}`, 200, 'expired'],
      ['payer-invoice-not-found', '/web/invoices/inv-does-not-exist', 404, 'not found'],
      ['payer-ewallet-checkout-paid', new URL(dana.checkout_url).pathname, 200, ''],
      ['payer-ewallet-checkout-not-found', '/ewallets/checkout/not-a-checkout', 404, 'not found'],
      ['payer-3ds-completed', new URL(token.body.payer_authentication_url).pathname, 200, ''],
      ['payer-3ds-not-found', '/3ds/auth-does-not-exist', 404, 'not found'],
    ];
    for (const [name, path, status, text] of states) {
      const response = await payer.goto(path);
      expect({ name, status: response?.status() }).toEqual({ name, status });
      const shown = (await payer.locator('body').innerText()).toLowerCase();
      if (text) expect({ name, text: shown }).toEqual({ name, text: expect.stringContaining(text) });
      await checkPage(payer, `all-${name}`);
    }
    await payer.goto(new URL(dana.checkout_url).pathname);
    expect(await payer.locator('#outcome').count()).toBe(1);
    await context.close();
  }, 120_000);
});
