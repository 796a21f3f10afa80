import type { ProvisionedBusiness } from '@gateway/accounts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchBrowser } from './support/browser';
import { FUTURE_YEAR, TEST_CARDS } from './support/cards';
import { startTestApp, type TestApp } from './support/test-app';
import { provisionBusiness } from './support/test-business';

/**
 * Issue 19 (conformance), the payer's pages in a real headless Chromium: item 9 (an unknown id
 * gets a page a person can read, not the API's JSON) and item 10 (the 3DS page posts its result
 * only to the origin that asked for the authentication, never to `*`).
 */
describe('conformance, payer pages in the browser (issue 19)', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  let shop: Server;
  let port: number;
  const pages = new Map<string, string>();

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
    shop = createServer((request, response) => {
      const page = pages.get((request.url ?? '').split('?')[0]);
      response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? 'not found');
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    port = (shop.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => shop?.close(resolve));
    await gateway?.close();
  });

  it('item 9: the invoice page and the 3DS page answer an unknown id with a 404 HTML page', async () => {
    const { browser, close } = await launchBrowser();
    try {
      const page = await browser.newPage();
      for (const [path, heading] of [
        ['/web/invoices/0123456789abcdef01234567', 'Invoice not found'],
        ['/web/invoices/not-an-invoice', 'Invoice not found'],
        ['/3ds/0123456789abcdef01234567', 'Card authentication not found'],
        ['/3ds/not-an-authentication', 'Card authentication not found'],
      ]) {
        const response = await page.goto(`${gateway.baseUrl}${path}`);
        expect({ path, status: response?.status(), type: response?.headers()['content-type'] }).toEqual({
          path,
          status: 404,
          type: 'text/html; charset=utf-8',
        });
        expect({ path, heading: await page.locator('h1').innerText() }).toEqual({ path, heading });
      }
    } finally {
      await close();
    }
    // The page's forms on an unknown invoice: the same page, not JSON.
    const posted = await fetch(`${gateway.baseUrl}/web/invoices/0123456789abcdef01234567/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'channel=BCA',
    });
    expect([posted.status, posted.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
    expect(await posted.text()).toContain('Invoice not found');
  });

  it(
    'item 10: the 3DS result reaches the shop that asked for it; ' +
      'a page of another origin framing the same URL hears nothing',
    async () => {
      // "localhost" and "127.0.0.1" are different origins (same server).
      const shopOrigin = `http://localhost:${port}`;
      const otherOrigin = `http://127.0.0.1:${port}`;
      const card =
        `{ amount: '25000', card_number: '${TEST_CARDS.enrolledVisa}', card_exp_month: '12', ` +
        `card_exp_year: '${FUTURE_YEAR}', card_cvn: '123' }`;
      pages.set(
        '/checkout',
        `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title></head><body>
<script src="${gateway.baseUrl}/js/v1/cards.js"></script>
<script>
  window.results = [];
  Xendit.setPublishableKey('${merchant.test.public_key}');
  Xendit.card.createToken(${card}, function (err, response) {
    window.results.push({ err: err, response: response });
    if (response && response.status === 'IN_REVIEW') {
      var frame = document.createElement('iframe');
      frame.id = 'three-ds';
      frame.src = response.payer_authentication_url;
      document.body.appendChild(frame);
    }
  });
</script></body></html>`,
      );
      pages.set(
        '/spy',
        `<!doctype html><html><head><meta charset="utf-8"><title>Elsewhere</title></head><body>
<script>
  window.heard = [];
  window.addEventListener('message', function (event) { window.heard.push({ origin: event.origin, ` +
          `data: event.data }); });
  var frame = document.createElement('iframe');
  frame.id = 'three-ds';
  frame.src = new URLSearchParams(location.search).get('url');
  document.body.appendChild(frame);
</script></body></html>`,
      );

      const { browser, close } = await launchBrowser();
      try {
        const shopPage = await browser.newPage();
        await shopPage.goto(`${shopOrigin}/checkout`);
        const frame = shopPage.frameLocator('#three-ds');
        await frame.locator('#code').waitFor();
        const first = await shopPage.evaluate(() => (globalThis as any).results[0]);
        const url = new URL(first.response.payer_authentication_url);
        expect(url.searchParams.get('origin')).toBe(shopOrigin);
        await frame.locator('#code').fill('123456');
        await frame.locator('#complete').click();
        await shopPage.waitForFunction(() => (globalThis as any).results.length === 2, undefined, { timeout: 15_000 });
        expect((await shopPage.evaluate(() => (globalThis as any).results[1])).response).toMatchObject({
          id: first.response.id,
          status: 'VERIFIED',
        });

        // Another origin frames the same (now finished) authentication page: the browser does not show
        // it there (frame-ancestors names the shop only), and nothing is posted to it.
        const spy = await browser.newPage();
        await spy.goto(`${otherOrigin}/spy?url=${encodeURIComponent(url.toString())}`);
        await spy.waitForTimeout(1_500);
        expect(await spy.frameLocator('#three-ds').locator('#result').count()).toBe(0);
        expect(await spy.evaluate(() => (globalThis as any).heard)).toEqual([]);
        // Nor when the URL is stripped of its origin: then only the gateway's own pages may frame it.
        await spy.goto(`${otherOrigin}/spy?url=${encodeURIComponent(`${url.origin}${url.pathname}`)}`);
        await spy.waitForTimeout(1_500);
        expect(await spy.frameLocator('#three-ds').locator('#result').count()).toBe(0);
        expect(await spy.evaluate(() => (globalThis as any).heard)).toEqual([]);
      } finally {
        await close();
      }
    },
  );
});
