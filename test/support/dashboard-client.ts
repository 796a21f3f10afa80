import { CreateDashboardUserCommand, type DashboardRole } from '@gateway/dashboard';
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';

export const TEST_PASSWORD = 'correct horse battery staple';

export async function createDashboardUser(
  app: INestApplication,
  businessId: string,
  role: DashboardRole,
  email = `${role}-${randomUUID().slice(0, 8)}@toko.test`,
) {
  const created = await app.get(CommandBus).execute(
    new CreateDashboardUserCommand(businessId, email, role, TEST_PASSWORD, {
      requestId: `req_${randomUUID()}`,
      actor: 'system:test',
    }),
  );
  return { ...created, password: TEST_PASSWORD };
}

/** A cookie-keeping HTTP client of the dashboard (what a browser does, without the browser). */
export class DashboardClient {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async request(
    method: string,
    path: string,
    form?: Record<string, string>,
  ): Promise<{ status: number; text: string; location: string | null }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === '' || /Max-Age=0/.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, text: await response.text(), location: response.headers.get('location') };
  }

  get(path: string) {
    return this.request('GET', path);
  }

  /** The CSRF token of the last page (hidden `_csrf` field). */
  static csrfOf(page: string): string {
    const match = /name="_csrf" value="([^"]+)"/.exec(page);
    if (!match) throw new Error('No CSRF field on the page');
    return match[1];
  }

  async signIn(email: string, password: string) {
    const page = await this.get('/dashboard/sign-in');
    return this.request('POST', '/dashboard/sign-in', { _csrf: DashboardClient.csrfOf(page.text), email, password });
  }

  /** POSTs a form with the CSRF token of `fromPage`. */
  async post(fromPage: string, path: string, form: Record<string, string> = {}) {
    const page = await this.get(fromPage);
    return this.request('POST', path, { _csrf: DashboardClient.csrfOf(page.text), ...form });
  }
}
