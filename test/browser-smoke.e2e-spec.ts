import { launchBrowser } from './support/browser';
import { startTestApp, type TestApp } from './support/test-app';

/** The browser the payer-page tests use starts, and reaches the gateway over loopback. */
describe('headless Chromium', () => {
  let gateway: TestApp;
  beforeAll(async () => {
    gateway = await startTestApp();
  });
  afterAll(async () => gateway.close());

  it('loads a gateway page', async () => {
    const { browser, close } = await launchBrowser();
    try {
      const page = await browser.newPage();
      const response = await page.goto(`${gateway.baseUrl}/health`);
      expect(response?.status()).toBe(200);
      expect(JSON.parse(await page.locator('body').innerText())).toMatchObject({ status: 'ok' });
    } finally {
      await close();
    }
  });
});
