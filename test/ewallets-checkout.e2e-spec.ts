import { AdvanceTestClockCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { eventually } from './support/eventually';
import { holdLogReaders } from './support/log-readers-held';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * The hosted checkout of DANA and LINKAJA in a real headless Chromium: the simulated payer pays,
 * cancels or lets it expire (test clock), and the request's callback_url receives the gaps.md body.
 */
describe('eWallet checkout pages (Chromium)', () => {
  let gateway: TestApp;
  let receiver: WebhookReceiver;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;

  beforeAll(async () => {
    gateway = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    receiver = await WebhookReceiver.start();
    ({ browser, close: closeBrowser } = await launchBrowser());
  });
  afterAll(async () => {
    await closeBrowser?.();
    await receiver?.close();
    await gateway?.close();
  });

  const advance = (business: ProvisionedBusiness, ms: number) =>
    gateway.app.get(CommandBus).execute(
      new AdvanceTestClockCommand(business.business_id, ms, {
        requestId: `req_${randomUUID()}`,
        actor: 'system:test',
      }),
    );
  const callbacksFor = (externalId: string) => receiver.received.filter((c) => c.json?.external_id === externalId);
  const waitForCallback = async (externalId: string) => {
    const found = await eventually(
      async () => callbacksFor(externalId),
      (list) => list.length > 0,
      20_000,
    );
    expect(found).toHaveLength(1);
    return found[0];
  };
  const dana = (overrides: Record<string, unknown> = {}) => ({
    external_id: `dana-${randomUUID()}`,
    amount: 75_000,
    callback_url: `${receiver.url}/dana-callback`,
    redirect_url: 'https://shop.example/thanks?order=1',
    ewallet_type: 'DANA',
    ...overrides,
  });
  const linkaja = (overrides: Record<string, unknown> = {}) => ({
    external_id: `linkaja-${randomUUID()}`,
    amount: 30_000,
    phone: '081298765432',
    items: [
      { id: 'tea', name: 'Teh botol', price: 10_000, quantity: 2 },
      { id: 'rice', name: 'Nasi', price: 10_000, quantity: 1 },
    ],
    callback_url: `${receiver.url}/linkaja-callback`,
    redirect_url: 'https://shop.example/thanks',
    ewallet_type: 'LINKAJA',
    ...overrides,
  });

  it('pays a DANA checkout: page, PAID callback with the callback token, GET and HOLDING balance', async () => {
    const business = await provisionBusiness(gateway.app);
    const api = (method: string, path: string, body?: unknown) =>
      call(gateway.baseUrl, business.test.secret_key, method, path, { body });
    const request = dana();
    const created = await api('POST', '/ewallets', request);
    expect(created.status).toBe(200);

    const page = await browser.newPage();
    try {
      const opened = await page.goto(created.body.checkout_url);
      expect(opened?.status()).toBe(200);
      expect(opened?.headers()['content-security-policy']).toContain("default-src 'none'");
      expect(await page.locator('h1').innerText()).toBe('DANA checkout');
      expect(await page.locator('#amount').innerText()).toBe('IDR 75,000');
      expect(await page.locator('#external-id').innerText()).toBe(request.external_id);
      expect(await page.locator('#expires').count()).toBe(1);
      expect(await page.locator('#cancel').count()).toBe(0);

      await Promise.all([page.waitForURL(created.body.checkout_url), page.locator('#pay').click()]);
      expect(await page.locator('#outcome').innerText()).toBe('Payment successful');
      expect(await page.locator('main').getAttribute('data-status')).toBe('PAID');
      expect(await page.locator('#return').getAttribute('href')).toBe(request.redirect_url);
      expect(await page.locator('#pay').count()).toBe(0);
    } finally {
      await page.close();
    }

    const callback = await waitForCallback(request.external_id);
    const found = await call(
      gateway.baseUrl,
      business.test.secret_key,
      'GET',
      `/ewallets?external_id=${request.external_id}&ewallet_type=DANA`,
    );
    expect(found.body.status).toBe('PAID');
    expect(callback.path).toBe('/dana-callback');
    expect(callback.headers['x-callback-token']).toBe(business.test.callback_token);
    expect(callback.json).toEqual({
      external_id: request.external_id,
      amount: 75_000,
      business_id: business.business_id,
      payment_status: 'PAID',
      transaction_date: found.body.transaction_date,
      ewallet_type: 'DANA',
      callback_authentication_token: business.test.callback_token,
    });
    // 75,000 − 2,175 fee − 239 VAT on it.
    const holding = await eventually(
      async () => (await api('GET', '/balance?account_type=HOLDING')).body.balance,
      (balance) => balance === 72_586,
    );
    expect(holding).toBe(72_586);

    // Paying again changes nothing: the page shows the outcome, no second callback.
    const again = await fetch(`${created.body.checkout_url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(again.status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(callbacksFor(request.external_id)).toHaveLength(1);
  });

  it("keeps a long unbroken item name within a phone's width", async () => {
    const business = await provisionBusiness(gateway.app);
    const request = linkaja({
      amount: 10_000,
      items: [{ id: 'long', name: 'N'.repeat(250), price: 10_000, quantity: 1 }],
    });
    const created = await call(gateway.baseUrl, business.test.secret_key, 'POST', '/ewallets', { body: request });
    expect(created.status).toBe(200);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(created.body.checkout_url);
      expect(await page.locator('#items').innerText()).toContain('NNNN');
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390 + 2);
    } finally {
      await context.close();
    }
  });

  it('lets a LINKAJA checkout expire on the test clock: the page says so, the callback is FAILED', async () => {
    const business = await provisionBusiness(gateway.app);
    const request = linkaja();
    const created = await call(gateway.baseUrl, business.test.secret_key, 'POST', '/ewallets', { body: request });
    expect(created.status).toBe(200);

    const page = await browser.newPage();
    try {
      await page.goto(created.body.checkout_url);
      expect(await page.locator('h1').innerText()).toBe('LINKAJA checkout');
      expect(await page.locator('#items tr').count()).toBe(2);
      expect(await page.locator('#items').innerText()).toContain('Teh botol × 2');
      expect(await page.locator('#cancel').count()).toBe(1);

      await advance(business, 24 * 3_600_000 + 1000);
      const callback = await waitForCallback(request.external_id);
      expect(callback.path).toBe('/linkaja-callback');
      expect(callback.json).toEqual({
        external_id: request.external_id,
        amount: 30_000,
        items: request.items,
        status: 'FAILED',
        ewallet_type: 'LINKAJA',
        callback_authentication_token: business.test.callback_token,
      });

      // The payer still has the old page open and presses Pay: too late.
      await Promise.all([page.waitForURL(created.body.checkout_url), page.locator('#pay').click()]);
      expect(await page.locator('#outcome').innerText()).toBe('This payment has expired');
      expect(await page.locator('main').getAttribute('data-status')).toBe('FAILED');
      expect(await page.locator('#pay').count()).toBe(0);
    } finally {
      await page.close();
    }
    const found = await call(
      gateway.baseUrl,
      business.test.secret_key,
      'GET',
      `/ewallets?external_id=${request.external_id}&ewallet_type=LINKAJA`,
    );
    expect(found.body.status).toBe('FAILED');
    expect(
      (await call(gateway.baseUrl, business.test.secret_key, 'GET', '/balance?account_type=HOLDING')).body.balance,
    ).toBe(0);
  });

  it(
    'expires a DANA checkout at its expiration_date (EXPIRED callback); ' +
      'paying a stale page after the time is refused',
    async () => {
      const business = await provisionBusiness(gateway.app);
      const request = dana({ expiration_date: new Date(Date.now() + 3_600_000).toISOString() });
      const created = await call(gateway.baseUrl, business.test.secret_key, 'POST', '/ewallets', { body: request });
      expect(created.status).toBe(200);
      const page = await browser.newPage();
      try {
        await page.goto(created.body.checkout_url);
        await advance(business, 3_600_000 + 1000);
        await Promise.all([page.waitForURL(created.body.checkout_url), page.locator('#pay').click()]);
        expect(await page.locator('#outcome, #notice').first().innerText()).toMatch(/expired/);
      } finally {
        await page.close();
      }
      const callback = await waitForCallback(request.external_id);
      expect(callback.json).toMatchObject({
        payment_status: 'EXPIRED',
        external_id: request.external_id,
        ewallet_type: 'DANA',
      });
    },
  );

  it(
    'a second Pay, refused because the payment is already paid, answers once the page shows it paid, ' +
      'not a stale pay button',
    async () => {
      const business = await provisionBusiness(gateway.app);
      const request = dana();
      const created = await call(gateway.baseUrl, business.test.secret_key, 'POST', '/ewallets', { body: request });
      expect(created.status).toBe(200);
      const page = created.body.checkout_url as string;
      // Keep the read model behind the log: the payment is in the log (the decider sees it), no
      // projection has it yet.
      const held = await holdLogReaders(gateway.db.pool);
      try {
        // The first press pays, then waits for the read model.
        const first = fetch(`${page}/pay`, { method: 'POST', redirect: 'manual' });
        const paid = () =>
          gateway.db.pool.query(
            `SELECT 1 FROM es_events WHERE type = 'EwalletPaymentCompleted' AND data->'payment'->>'externalId' = $1`,
            [request.external_id],
          );
        await eventually(paid, (result) => result.rowCount === 1);
        // A second press (another tab) is refused by the log's state; the page it lands on must say so.
        const cancel = held.releaseAfter(1000);
        try {
          const second = await fetch(`${page}/pay`, { method: 'POST', redirect: 'manual' });
          expect(second.status).toBe(303);
          const shown = await (await fetch(page)).text();
          expect(shown).toContain('<p id="outcome" class="status">Payment successful</p>');
          expect(shown).not.toContain('id="pay"');
        } finally {
          cancel();
        }
        expect((await first).status).toBe(303);
      } finally {
        await held.release();
      }
    },
  );

  it('the LINKAJA payer cancels: FAILED callback', async () => {
    const business = await provisionBusiness(gateway.app);
    const request = linkaja();
    const created = await call(gateway.baseUrl, business.test.secret_key, 'POST', '/ewallets', { body: request });
    const page = await browser.newPage();
    try {
      await page.goto(created.body.checkout_url);
      await Promise.all([page.waitForURL(created.body.checkout_url), page.locator('#cancel').click()]);
      expect(await page.locator('#outcome').innerText()).toBe('This payment was cancelled');
    } finally {
      await page.close();
    }
    expect((await waitForCallback(request.external_id)).json).toMatchObject({ status: 'FAILED' });
  });

  it('pays a LINKAJA checkout: SUCCESS_COMPLETED callback', async () => {
    const business = await provisionBusiness(gateway.app);
    const request = linkaja();
    const created = await call(gateway.baseUrl, business.test.secret_key, 'POST', '/ewallets', { body: request });
    const page = await browser.newPage();
    try {
      await page.goto(created.body.checkout_url);
      await Promise.all([page.waitForURL(created.body.checkout_url), page.locator('#pay').click()]);
      expect(await page.locator('main').getAttribute('data-status')).toBe('SUCCESS_COMPLETED');
    } finally {
      await page.close();
    }
    expect((await waitForCallback(request.external_id)).json).toMatchObject({
      status: 'SUCCESS_COMPLETED',
      items: request.items,
    });
    const found = await call(
      gateway.baseUrl,
      business.test.secret_key,
      'GET',
      `/ewallets?external_id=${request.external_id}&ewallet_type=LINKAJA`,
    );
    expect(found.body.status).toBe('SUCCESS_COMPLETED');
  });

  it('shows merchant text as text (no markup injection), and 404 for unknown or malformed tokens', async () => {
    const business = await provisionBusiness(gateway.app);
    const request = dana({ external_id: `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>` });
    const created = await call(gateway.baseUrl, business.test.secret_key, 'POST', '/ewallets', { body: request });
    expect(created.status).toBe(200);
    const page = await browser.newPage();
    try {
      await page.goto(created.body.checkout_url);
      expect(await page.locator('#external-id').innerText()).toBe(request.external_id);
      expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(await page.locator('script, img').count()).toBe(0);
      const missing = await page.goto(`${gateway.baseUrl}/ewallets/checkout/${'0'.repeat(64)}`);
      expect(missing?.status()).toBe(404);
      expect(await page.locator('h1').innerText()).toBe('Checkout not found');
    } finally {
      await page.close();
    }
    for (const path of [
      '/ewallets/checkout/not-a-token',
      `/ewallets/checkout/${'0'.repeat(64)}/pay`,
      '/ewallets/checkout/x/cancel',
    ]) {
      const response = await fetch(`${gateway.baseUrl}${path}`, {
        method: path.endsWith('pay') || path.endsWith('cancel') ? 'POST' : 'GET',
      });
      expect([path, response.status]).toEqual([path, 404]);
    }
  });
});
