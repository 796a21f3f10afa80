import type { ProvisionedBusiness } from '@gateway/accounts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchBrowser } from './support/browser';
import { FUTURE_YEAR, TEST_CARDS } from './support/cards';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';

/**
 * The whole card journey in a real headless Chromium: a merchant's page (on its own origin) loads
 * cards.js from the gateway and tokenizes a 3DS test card; the payer completes 3DS on the hosted
 * page in an iframe; the handler hears VERIFIED; the merchant's server charges the token
 * (authorization) and captures it.
 */
describe('cards in the browser', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  let shop: Server;
  let shopUrl: string;
  /** The same shop server reached by another name: another origin, which no authentication names. */
  let foreignUrl: string;

  const shopPage = (
    script: string,
    show = `var frame = document.createElement('iframe');
      frame.id = 'three-ds';
      frame.width = 480;
      frame.height = 480;
      frame.src = response.payer_authentication_url;
      document.body.appendChild(frame);`,
  ) => `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title></head><body>
<h1>Checkout</h1>
<script src="${gateway.baseUrl}/js/v1/cards.js"></script>
<script>
  window.results = [];
  function handler(err, response) {
    window.results.push({ err: err, response: response });
    if (response && response.status === 'IN_REVIEW') {
      ${show}
    }
  }
  ${script}
</script></body></html>`;

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
    const pages = new Map<string, string>();
    shop = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://shop');
      const framed = url.pathname === '/frame' ? url.searchParams.get('src') : null;
      const page = framed
        ? `<!doctype html><iframe id="three-ds" width="480" height="480" src="${framed.replace(/"/g, '&quot;')}">` +
          '</iframe>'
        : pages.get(request.url ?? '');
      response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? 'not found');
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    // "localhost" and "127.0.0.1" are different origins: the shop really is cross-origin.
    shopUrl = `http://localhost:${(shop.address() as AddressInfo).port}`;
    foreignUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
    const card = (number: string) =>
      `{ amount: '25000', card_number: '${number}', card_exp_month: '12', card_exp_year: '${FUTURE_YEAR}', ` +
      `card_cvn: '123' }`;
    pages.set(
      '/checkout',
      shopPage(
        `Xendit.setPublishableKey('${merchant.test.public_key}'); ` +
          `Xendit.card.createToken(${card(TEST_CARDS.enrolledVisa)}, handler);`,
      ),
    );
    pages.set(
      '/invalid',
      shopPage(
        `Xendit.setPublishableKey('${merchant.test.public_key}'); ` +
          `Xendit.card.createToken(${card('4000000000000001')}, handler);`,
      ),
    );
    pages.set(
      '/popup',
      shopPage(
        `Xendit.setPublishableKey('${merchant.test.public_key}'); ` +
          `Xendit.card.createToken(${card(TEST_CARDS.enrolledVisa)}, handler);`,
        `window.open(response.payer_authentication_url, 'three-ds');`,
      ),
    );
    pages.set('/no-key', shopPage(`Xendit.card.createToken(${card(TEST_CARDS.enrolledVisa)}, handler);`));
    pages.set(
      '/offline',
      shopPage(
        `Xendit.setPublishableKey('${merchant.test.public_key}'); ` +
          `Xendit.card.createToken(${card(TEST_CARDS.enrolledVisa)}, handler);`,
      ),
    );
  });
  afterAll(async () => {
    await new Promise((resolve) => shop?.close(resolve));
    await gateway?.close();
  });

  it('tokenizes with cards.js, completes 3DS on the hosted page, then the merchant charges and captures', async () => {
    const { browser, close } = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`${shopUrl}/checkout`);
      const frame = page.frameLocator('#three-ds');
      await frame.locator('#card').waitFor();
      expect(await frame.locator('#card').innerText()).toBe('400000XXXXXX0002');
      expect(await frame.locator('#amount').innerText()).toBe('IDR 25,000');
      const first = await page.evaluate(() => (globalThis as any).results[0]);
      expect(first.err).toBeNull();
      expect(first.response).toMatchObject({
        status: 'IN_REVIEW',
        masked_card_number: '400000XXXXXX0002',
        payer_authentication_url: expect.stringContaining('/3ds/'),
      });

      await frame.locator('#code').fill('123456');
      await frame.locator('#complete').click();
      await page.waitForFunction(() => (globalThis as any).results.length === 2, undefined, { timeout: 15_000 });
      const second = await page.evaluate(() => (globalThis as any).results[1]);
      expect(second.err).toBeNull();
      expect(second.response).toMatchObject({
        id: first.response.id,
        authentication_id: first.response.authentication_id,
        status: 'VERIFIED',
      });
      expect(second.response.payer_authentication_url).toBeUndefined();
      expect(await frame.locator('#result').getAttribute('data-status')).toBe('VERIFIED');

      // The merchant's server, with its secret key: authorize, then capture.
      const api = (path: string, body: unknown) =>
        call(gateway.baseUrl, merchant.test.secret_key, 'POST', path, { body });
      const authorized = await api('/credit_card_charges', {
        token_id: second.response.id,
        authentication_id: second.response.authentication_id,
        external_id: 'browser-order',
        amount: 25_000,
        capture: false,
      });
      expect(authorized.body).toMatchObject({ status: 'AUTHORIZED', eci: '5' });
      const captured = await api(`/credit_card_charges/${authorized.body.id}/capture`, { amount: 25_000 });
      expect(captured.body).toMatchObject({ status: 'CAPTURED', capture_amount: 25_000 });
    } finally {
      await close();
    }
  });

  it(
    'hands the handler the server error code, TOKENIZATION_ERROR without a key, ' +
      'CONNECTION_ERROR when the gateway is unreachable',
    async () => {
      const { browser, close } = await launchBrowser();
      try {
        const resultOf = async (path: string, prepare?: (page: import('playwright-core').Page) => Promise<void>) => {
          const page = await browser.newPage();
          if (prepare) await prepare(page);
          await page.goto(`${shopUrl}${path}`);
          await page.waitForFunction(() => (globalThis as any).results.length > 0, undefined, { timeout: 15_000 });
          return page.evaluate(() => (globalThis as any).results[0]);
        };
        expect((await resultOf('/invalid')).err).toMatchObject({ error_code: 'ACCOUNT_NUMBER_INVALID_ERROR' });
        expect((await resultOf('/no-key')).err).toMatchObject({ error_code: 'TOKENIZATION_ERROR' });
        const offline = await resultOf('/offline', async (page) => {
          await page.route('**/v2/credit_card_tokens', (route) => route.abort('connectionrefused'));
        });
        expect(offline).toMatchObject({ err: { error_code: 'CONNECTION_ERROR' }, response: null });
      } finally {
        await close();
      }
    },
  );

  it(
    'the hosted 3DS page also works in a popup; the shop that asked may frame it, ' + 'another origin cannot',
    async () => {
      const { browser, close } = await launchBrowser();
      try {
        const page = await browser.newPage();
        const opened = page.waitForEvent('popup');
        await page.goto(`${shopUrl}/popup`);
        const popup = await opened;
        await popup.locator('#code').fill('123456');
        await popup.locator('#complete').click();
        await page.waitForFunction(() => (globalThis as any).results.length === 2, undefined, { timeout: 15_000 });
        const [first, second] = await page.evaluate(() => (globalThis as any).results);
        expect(second.response).toMatchObject({ id: first.response.id, status: 'VERIFIED' });
        const url: string = first.response.payer_authentication_url;
        expect(url).toContain(`?origin=${encodeURIComponent(shopUrl)}`);

        // Framed by the origin the URL names: the page shows; by any other origin: Chromium refuses to render it.
        const cardShownWhenFramedFrom = async (origin: string) => {
          const framer = await browser.newPage();
          await framer.goto(`${origin}/frame?src=${encodeURIComponent(url)}`, { waitUntil: 'load' });
          const child = framer.frames().find((frame) => frame !== framer.mainFrame());
          const shown = (await child?.locator('#card').count()) === 1;
          await framer.close();
          return shown;
        };
        expect(await cardShownWhenFramedFrom(shopUrl)).toBe(true);
        expect(await cardShownWhenFramedFrom(foreignUrl)).toBe(false);
      } finally {
        await close();
      }
    },
  );
});
