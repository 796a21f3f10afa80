import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`; `.ci/run` installs it when missing). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * A real headless Chromium for the pages payers see (invoice page, 3DS, eWallet checkout).
 * The flags keep it off the network this machine does not have (it would otherwise try to reach
 * Google's services at every start) and let it run as root.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`${CHROMIUM_PATH} is missing: install Debian's chromium package (apt-get install -y chromium)`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    // Playwright gives each launch a fresh temporary profile and removes it on close.
    close: () => browser.close(),
  };
}
