import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { INestApplication } from '@nestjs/common';
import { DashboardMailer } from '@gateway/dashboard';
import { TEST_PASSWORD } from './dashboard-client';

/** Where the browser suites write their screenshots (gitignored: test/artifacts/). */
export const DASHBOARD_ARTIFACTS = join(__dirname, '..', 'artifacts', 'dashboard');
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * A browser context for the dashboard: the viewer's time zone (Asia/Jakarta, so local and UTC
 * times differ), clipboard access for the copy buttons, and CSP bypassed only so the test can
 * inject axe-core (the pages' own scripts are same-origin files).
 */
export async function dashboardContext(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    bypassCSP: true,
    viewport,
    timezoneId: 'Asia/Jakarta',
    locale: 'en-GB',
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  context.setDefaultTimeout(10_000);
  return context;
}

export async function signIn(page: Page, email: string, password = TEST_PASSWORD): Promise<void> {
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard/overview');
}

/** axe-core in the page: no serious or critical violation. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await (
      globalThis as unknown as {
        axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run();
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect({ page: name, violations }).toEqual({ page: name, violations: [] });
}

/** Nothing wider than the viewport (a phone must never scroll sideways). */
export async function expectNoHorizontalOverflow(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate<{ scroll: number; viewport: number }>(
    '({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth })',
  );
  expect({ page: name, wider: overflow.scroll > overflow.viewport, ...overflow }).toEqual({
    page: name,
    wider: false,
    ...overflow,
  });
}

/**
 * The page at the current URL, at 1366 px and 390 px: a full-page screenshot of each under
 * test/artifacts/dashboard/, axe-core at both widths, and no sideways scrolling on the phone.
 */
export async function checkPage(page: Page, name: string): Promise<void> {
  mkdirSync(DASHBOARD_ARTIFACTS, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(DASHBOARD_ARTIFACTS, `${name}-${label}.png`), fullPage: true });
    await expectAccessible(page, `${name} (${label})`);
    if (label === 'phone') await expectNoHorizontalOverflow(page, name);
  }
  await page.setViewportSize(original);
}

/** Retries an assertion until it holds (pages are re-read inside it). */
export async function until(assertion: () => Promise<void>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * The reset link mailed to `email` without SMTP (MAIL_TRANSPORT=outbox): the mail is sent by a
 * job after the request is answered, and its deliverable copy can be read once.
 */
export async function takeResetLink(app: INestApplication, email: string, timeoutMs = 15_000): Promise<string> {
  const mailer = app.get(DashboardMailer);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = await mailer.takeReadable(email, new Date());
    const link = body && /(https?:\/\/\S+\/dashboard\/password-reset\/[A-Za-z0-9_-]{43})/.exec(body)?.[1];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No reset mail for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** RFC 4648 base32 (what the account page shows a TOTP secret as) back to bytes. */
export function base32Bytes(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}
