import type { ProvisionedBusiness } from '@gateway/accounts';
import { basicAuth, call, provisionBusiness } from './support/test-business';
import { createDashboardUser, DashboardClient, TEST_PASSWORD } from './support/dashboard-client';
import { startTestApp, type TestApp } from './support/test-app';

/** Sessions, CSRF, roles, tenant isolation and throttling of the dashboard, over plain HTTP. */
describe('dashboard security', () => {
  let gateway: TestApp;
  let business: ProvisionedBusiness;
  let other: ProvisionedBusiness;
  let admin: Awaited<ReturnType<typeof createDashboardUser>>;
  let viewer: Awaited<ReturnType<typeof createDashboardUser>>;

  beforeAll(async () => {
    gateway = await startTestApp();
    business = await provisionBusiness(gateway.app);
    other = await provisionBusiness(gateway.app);
    admin = await createDashboardUser(gateway.app, business.business_id, 'admin');
    viewer = await createDashboardUser(gateway.app, business.business_id, 'viewer');
  }, 60_000);
  afterAll(async () => gateway?.close());

  it('sends a visitor without a session to sign-in, on every page and every POST', async () => {
    const client = new DashboardClient(gateway.baseUrl);
    for (const path of [
      '/dashboard/overview',
      '/dashboard/callbacks',
      '/dashboard/developers',
      '/dashboard/team',
      '/dashboard/settings',
    ]) {
      const page = await client.get(path);
      expect(page.status).toBe(303);
      expect(page.location).toBe('/dashboard/sign-in');
    }
    const post = await client.request('POST', '/dashboard/developers/keys', { name: 'x', perm_money_in_read: 'on' });
    expect(post.status).toBe(303);
    // An API key does not open the dashboard either.
    const withKey = await fetch(`${gateway.baseUrl}/dashboard/overview`, {
      redirect: 'manual',
      headers: { authorization: basicAuth(business.test.secret_key) },
    });
    expect(withKey.status).toBe(303);
  });

  it('signs in with a hashed-at-rest session cookie (HttpOnly, SameSite=Strict) and signs out', async () => {
    const client = new DashboardClient(gateway.baseUrl);
    const page = await client.get('/dashboard/sign-in');
    const response = await fetch(`${gateway.baseUrl}/dashboard/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `gw_dashboard_signin=${client.cookie('gw_dashboard_signin')}`,
      },
      body: new URLSearchParams({
        _csrf: DashboardClient.csrfOf(page.text),
        email: admin.email.toUpperCase(),
        password: TEST_PASSWORD,
      }).toString(),
    });
    expect(response.status).toBe(303);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('gw_dashboard='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const token = cookie.split(';')[0].split('=')[1];
    const stored = await gateway.db.pool.query(
      'SELECT encode(token_hash, $2) AS hash FROM dashboard_sessions WHERE user_id = $1',
      [admin.userId, 'hex'],
    );
    expect(stored.rows.map((row) => row.hash)).not.toContain(Buffer.from(token).toString('hex'));
    const credentials = await gateway.db.pool.query(
      'SELECT password_hash FROM dashboard_credentials WHERE user_id = $1',
      [admin.userId],
    );
    expect(credentials.rows[0].password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);

    client.setCookie('gw_dashboard', token);
    expect((await client.get('/dashboard/overview')).status).toBe(200);
    expect((await client.post('/dashboard/overview', '/dashboard/sign-out')).location).toBe('/dashboard/sign-in');
    expect((await client.get('/dashboard/overview')).status).toBe(303);
    const events = await gateway.db.pool.query(
      `SELECT type, metadata->>'actor' AS actor FROM es_events WHERE stream_name = $1 ORDER BY position`,
      [`dashboardteam-${business.business_id}`],
    );
    expect(events.rows).toEqual(
      expect.arrayContaining([
        { type: 'DashboardUserSignedIn', actor: `dashboard:${admin.userId}` },
        { type: 'DashboardUserSignedOut', actor: `dashboard:${admin.userId}` },
      ]),
    );
  });

  it("shows the sign-in page's own notices only, never a member of Object.prototype", async () => {
    const client = new DashboardClient(gateway.baseUrl);
    const known = await client.get('/dashboard/sign-in?notice=password-reset');
    expect(known.text).toContain('<p class="notice" role="status">');
    for (const notice of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const page = await client.get(`/dashboard/sign-in?notice=${notice}`);
      expect([notice, page.status]).toEqual([notice, 200]);
      expect(page.text).not.toContain('<p class="notice"');
      expect(page.text).not.toContain('native code');
    }
  });

  it('refuses a POST without the session CSRF token, and a sign-in without its own token', async () => {
    const client = new DashboardClient(gateway.baseUrl);
    await client.signIn(admin.email, TEST_PASSWORD);
    const refused = await client.request('POST', '/dashboard/developers/keys', {
      name: 'csrf',
      perm_money_in_read: 'on',
    });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('DASHBOARD_CSRF_ERROR');
    const wrong = await client.request('POST', '/dashboard/developers/keys', {
      _csrf: 'x'.repeat(43),
      name: 'csrf',
      perm_money_in_read: 'on',
    });
    expect(wrong.status).toBe(403);
    const fresh = new DashboardClient(gateway.baseUrl);
    const noToken = await fresh.request('POST', '/dashboard/sign-in', { email: admin.email, password: TEST_PASSWORD });
    expect(noToken.status).toBe(403);
  });

  it('lets a viewer read but change nothing, even by direct POSTs with its session and CSRF token', async () => {
    const client = new DashboardClient(gateway.baseUrl);
    expect((await client.signIn(viewer.email, TEST_PASSWORD)).status).toBe(303);
    const developers = await client.get('/dashboard/developers');
    expect(developers.status).toBe(200);
    expect(developers.text).not.toContain('Create a secret key');
    expect(developers.text).not.toContain('>Revoke<');
    const settings = await client.get('/dashboard/settings');
    expect(settings.text).toContain('Read-only');
    expect((await client.get('/dashboard/team')).status).toBe(403);
    const csrf = DashboardClient.csrfOf(developers.text);
    const attempts: [string, Record<string, string>][] = [
      ['/dashboard/developers/keys', { name: 'viewer key', perm_money_in_read: 'on' }],
      ['/dashboard/developers/keys/key_x/revoke', {}],
      ['/dashboard/developers/api-versions', {}],
      ['/dashboard/settings', { fraud_detection: 'on' }],
      ['/dashboard/callbacks/url', { kind: 'invoice', url: 'https://viewer.example/cb' }],
      ['/dashboard/callbacks/token/rotate', {}],
      ['/dashboard/callbacks/token/reveal', {}],
      ['/dashboard/callbacks/test', { kind: 'invoice' }],
      ['/dashboard/callbacks/resend-failed', { since: '2020-01-01T00:00' }],
      ['/dashboard/reports', { type: 'TRANSACTIONS', currency: 'IDR' }],
      ['/dashboard/test-tools/top-up', { amount: '1000', currency: 'IDR' }],
      ['/dashboard/test-tools/advance-clock', { minutes: '5' }],
      ['/dashboard/team/users', { email: 'sneaky@toko.test', role: 'admin' }],
      [`/dashboard/team/users/${viewer.userId}/role`, { role: 'admin' }],
      [`/dashboard/team/users/${admin.userId}/remove`, {}],
    ];
    for (const [path, form] of attempts) {
      const response = await client.request('POST', path, { _csrf: csrf, ...form });
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
    }
    const settingsAfter = await call(gateway.baseUrl, business.test.secret_key, 'GET', '/settings');
    expect(settingsAfter.body.fraud_detection).toBe(false);
    const keys = await call(gateway.baseUrl, business.test.secret_key, 'GET', '/api_keys');
    expect(keys.body.map((key: { name: string }) => key.name)).not.toContain('viewer key');
  });

  it("never shows one business's data to another business's session", async () => {
    const intruderAdmin = await createDashboardUser(gateway.app, other.business_id, 'admin');
    const created = await call(gateway.baseUrl, business.test.secret_key, 'POST', '/api_keys', {
      body: { name: 'Victim key' },
    });
    const client = new DashboardClient(gateway.baseUrl);
    await client.signIn(intruderAdmin.email, TEST_PASSWORD);
    const developers = await client.get('/dashboard/developers');
    expect(developers.text).not.toContain('Victim key');
    const revoke = await client.post(
      '/dashboard/developers',
      `/dashboard/developers/keys/${created.body.key_id}/revoke`,
    );
    expect(revoke.status).toBe(404);
    expect((await client.post('/dashboard/team', `/dashboard/team/users/${admin.userId}/remove`)).status).toBe(404);
    expect(
      (await client.post('/dashboard/team', `/dashboard/team/users/${admin.userId}/role`, { role: 'viewer' })).status,
    ).toBe(404);
    const team = await client.get('/dashboard/team');
    expect(team.text).not.toContain(admin.email);
    const keys = await call(gateway.baseUrl, business.test.secret_key, 'GET', '/api_keys');
    expect(keys.body.find((key: { key_id: string }) => key.key_id === created.body.key_id).revoked).toBeNull();
  });

  it('ends a session after the idle time', async () => {
    const client = new DashboardClient(gateway.baseUrl);
    await client.signIn(admin.email, TEST_PASSWORD);
    expect((await client.get('/dashboard/overview')).status).toBe(200);
    await gateway.db.pool.query(
      `UPDATE dashboard_sessions SET last_seen_at = last_seen_at - interval '31 minutes' WHERE user_id = $1`,
      [admin.userId],
    );
    expect((await client.get('/dashboard/overview')).status).toBe(303);
  });

  it('throttles sign-in per account and address after five failures, even with the right password', async () => {
    const target = await createDashboardUser(gateway.app, business.business_id, 'finance');
    const client = new DashboardClient(gateway.baseUrl);
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await client.signIn(target.email, 'wrong password!!')).status).toBe(401);
    const blocked = await client.signIn(target.email, TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.text).toContain('Too many failed sign-in attempts');
  }, 60_000);

  it('throttles sign-in per client IP across accounts', async () => {
    const client = new DashboardClient(gateway.baseUrl);
    // This IP already spent some failures above; spray unknown accounts until the IP is refused.
    let status = 0;
    for (let attempt = 0; attempt < 25 && status !== 429; attempt += 1)
      status = (await client.signIn(`nobody${attempt}@toko.test`, 'whatever password')).status;
    expect(status).toBe(429);
    await gateway.db.pool.query('DELETE FROM dashboard_sign_in_failures');
  }, 60_000);
});
