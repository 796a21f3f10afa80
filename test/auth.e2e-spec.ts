import { type ProvisionedBusiness } from '@gateway/accounts';
import { PERMISSIONS, type Permission } from '@gateway/domain';
import {
  AllowPublicKey,
  type Caller,
  CurrentCaller,
  declareApiVersions,
  RequestApiVersion,
  RequirePermissions,
  VersionedResource,
} from '@gateway/http-edge';
import { Controller, Get, Module, Post } from '@nestjs/common';
import { basicAuth, call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

declareApiVersions('probe_resource', { versions: ['2019-02-04', '2020-02-01'], fallback: '2019-02-04' });

/** One read and one write route per permission, so the matrix below covers every pair. */
function probeControllerFor(permission: Permission) {
  const path = `probe/${permission.replace(':', '-')}`;
  @Controller(path)
  class Probe {
    @Get()
    @RequirePermissions(permission)
    read(@CurrentCaller() caller: Caller) {
      return { permission, businessId: caller.businessId, mode: caller.mode };
    }

    @Post()
    @RequirePermissions(permission)
    write(@CurrentCaller() caller: Caller) {
      return { permission, businessId: caller.businessId, mode: caller.mode };
    }
  }
  return Probe;
}

@Controller('probe')
class ProbeController {
  @Get('undeclared')
  undeclared() {
    return { reached: true };
  }

  @Post('tokenize')
  @AllowPublicKey()
  tokenize(@CurrentCaller() caller: Caller) {
    return { kind: caller.key.kind, businessId: caller.businessId };
  }

  @Get('caller')
  @RequirePermissions('money_in:read')
  caller(@CurrentCaller() caller: Caller) {
    return caller;
  }

  @Get('versioned')
  @RequirePermissions('money_in:read')
  @VersionedResource('probe_resource')
  versioned(@RequestApiVersion() version: string) {
    return { version };
  }
}

@Module({ controllers: [ProbeController, ...PERMISSIONS.map(probeControllerFor)] })
class ProbeModule {}

describe('authentication and permissions (real keys, real app)', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  let other: ProvisionedBusiness;

  beforeAll(async () => {
    gateway = await startTestApp({ extraModules: [ProbeModule] });
    merchant = await provisionBusiness(gateway.app);
    other = await provisionBusiness(gateway.app);
  });
  afterAll(async () => gateway?.close());

  const get = (key: string | undefined, path: string, headers?: Record<string, string>) =>
    call(gateway.baseUrl, key, 'GET', path, { headers });

  describe('every way to fail authentication answers 401 INVALID_API_KEY', () => {
    it.each([
      ['no header', undefined],
      ['a Bearer token', 'Bearer abc'],
      ['Basic without a colon', `Basic ${Buffer.from('xnd_development_nocolon').toString('base64')}`],
      ['Basic with garbage', 'Basic %%%'],
      ['an unknown key', basicAuth('xnd_development_unknownkeyunknownkeyunknownkey000000')],
      ['an empty key', `Basic ${Buffer.from(':').toString('base64')}`],
    ])('%s', async (_label, authorization) => {
      const response = await call(gateway.baseUrl, undefined, 'GET', '/probe/caller', {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error_code: 'INVALID_API_KEY', message: expect.any(String) });
    });

    it('a valid key with a password (spec: "the password is empty")', async () => {
      const withPassword = `Basic ${Buffer.from(`${merchant.test.secret_key}:a-password`).toString('base64')}`;
      const response = await call(gateway.baseUrl, undefined, 'GET', '/probe/caller', {
        headers: { authorization: withPassword },
      });
      expect([response.status, response.body.error_code]).toEqual([401, 'INVALID_API_KEY']);
      expect((await call(gateway.baseUrl, merchant.test.secret_key, 'GET', '/probe/caller')).status).toBe(200);
    });

    it('a revoked key stops working at once', async () => {
      const created = await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/api_keys', {
        body: { name: 'short-lived' },
      });
      expect(created.status).toBe(201);
      expect((await get(created.body.key, '/probe/caller')).status).toBe(200);
      const revoked = await call(
        gateway.baseUrl,
        merchant.test.secret_key,
        'DELETE',
        `/api_keys/${created.body.key_id}`,
      );
      expect(revoked.status).toBe(200);
      expect((await get(created.body.key, '/probe/caller')).status).toBe(401);
    });
  });

  describe('permission matrix: a key with one permission reaches exactly the routes that need it', () => {
    it.each(PERMISSIONS.map((permission) => [permission]))('%s', async (permission) => {
      const created = await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/api_keys', {
        body: { name: `only ${permission}`, permissions: [permission] },
      });
      expect(created.status).toBe(201);
      expect(created.body.permissions).toEqual([permission]);
      for (const target of PERMISSIONS) {
        const path = `/probe/${target.replace(':', '-')}`;
        const read = await get(created.body.key, path);
        const write = await call(gateway.baseUrl, created.body.key, 'POST', path);
        const expected = target === permission ? [200, 201] : [403, 403];
        expect([target, read.status, write.status]).toEqual([target, ...expected]);
        if (target !== permission) expect(read.body.error_code).toBe('REQUEST_FORBIDDEN_ERROR');
      }
    });
  });

  it('a route that declares no permission is closed to secret keys', async () => {
    const response = await get(merchant.test.secret_key, '/probe/undeclared');
    expect(response.status).toBe(403);
    expect(response.body.error_code).toBe('REQUEST_FORBIDDEN_ERROR');
  });

  it('a public key reaches only public-key routes', async () => {
    expect((await call(gateway.baseUrl, merchant.test.public_key, 'POST', '/probe/tokenize')).body).toEqual({
      kind: 'public',
      businessId: merchant.business_id,
    });
    const refused = await get(merchant.test.public_key, '/probe/caller');
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe('REQUEST_FORBIDDEN_ERROR');
  });

  it('the key decides business and mode', async () => {
    expect((await get(merchant.test.secret_key, '/probe/caller')).body).toMatchObject({
      businessId: merchant.business_id,
      mode: 'test',
    });
    expect((await get(merchant.live.secret_key, '/probe/caller')).body).toMatchObject({
      businessId: merchant.business_id,
      mode: 'live',
    });
    expect((await get(other.test.secret_key, '/probe/caller')).body).toMatchObject({
      businessId: other.business_id,
      mode: 'test',
    });
  });

  it('keys are listed per business and mode, never across', async () => {
    const testKeys = (await get(merchant.test.secret_key, '/api_keys')).body as { business_id: string; mode: string }[];
    const liveKeys = (await get(merchant.live.secret_key, '/api_keys')).body as { business_id: string; mode: string }[];
    expect(testKeys.length).toBeGreaterThanOrEqual(2);
    expect(testKeys.every((key) => key.business_id === merchant.business_id && key.mode === 'test')).toBe(true);
    expect(liveKeys.every((key) => key.business_id === merchant.business_id && key.mode === 'live')).toBe(true);
    expect(JSON.stringify(testKeys)).not.toContain(merchant.test.secret_key);
  });

  it("another business's or mode's key answers 404 as if absent", async () => {
    const mine = await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/api_keys', {
      body: { name: 'isolation' },
    });
    for (const outsider of [other.test.secret_key, merchant.live.secret_key]) {
      const response = await call(gateway.baseUrl, outsider, 'DELETE', `/api_keys/${mine.body.key_id}`);
      expect(response.status).toBe(404);
      expect(response.body.error_code).toBe('API_KEY_NOT_FOUND_ERROR');
    }
    expect((await get(mine.body.key, '/probe/caller')).status).toBe(200);
  });

  describe('for-user-id', () => {
    let platform: ProvisionedBusiness;
    let subAccount: ProvisionedBusiness;
    let otherPlatform: ProvisionedBusiness;
    let otherSub: ProvisionedBusiness;

    beforeAll(async () => {
      platform = await provisionBusiness(gateway.app, { isPlatform: true });
      subAccount = await provisionBusiness(gateway.app, { parentBusinessId: platform.business_id });
      otherPlatform = await provisionBusiness(gateway.app, { isPlatform: true });
      otherSub = await provisionBusiness(gateway.app, { parentBusinessId: otherPlatform.business_id });
    });

    it('lets a platform act for its own sub-account', async () => {
      const response = await get(platform.test.secret_key, '/probe/caller', { 'for-user-id': subAccount.business_id });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        businessId: subAccount.business_id,
        mode: 'test',
        onBehalfOf: { platformBusinessId: platform.business_id },
      });
    });

    it.each([
      ["another platform's sub-account", () => [platform.test.secret_key, otherSub.business_id]],
      ['a business that is not a platform', () => [merchant.test.secret_key, subAccount.business_id]],
      ['a sub-account naming its platform', () => [subAccount.test.secret_key, platform.business_id]],
      ['an unknown business', () => [platform.test.secret_key, 'biz_does_not_exist']],
    ])('refuses %s with 403', async (_label, pick) => {
      const [key, target] = pick();
      const response = await get(key, '/probe/caller', { 'for-user-id': target });
      expect(response.status).toBe(403);
      expect(response.body.error_code).toBe('REQUEST_FORBIDDEN_ERROR');
    });

    it('ignores an empty for-user-id', async () => {
      expect((await get(merchant.test.secret_key, '/probe/caller', { 'for-user-id': '' })).body.businessId).toBe(
        merchant.business_id,
      );
    });
  });

  describe('API versions', () => {
    it('uses the header, else the account default for the mode, else the fallback', async () => {
      expect((await get(merchant.test.secret_key, '/probe/versioned')).body).toEqual({ version: '2019-02-04' });
      expect((await get(merchant.test.secret_key, '/probe/versioned', { 'api-version': '2020-02-01' })).body).toEqual({
        version: '2020-02-01',
      });
      expect((await get(merchant.test.secret_key, '/probe/versioned', { 'x-api-version': '2020-02-01' })).body).toEqual(
        { version: '2020-02-01' },
      );
      expect((await get(merchant.test.secret_key, '/probe/versioned', { 'api-version': '' })).body).toEqual({
        version: '2019-02-04',
      });

      const patched = await call(gateway.baseUrl, merchant.test.secret_key, 'PATCH', '/settings', {
        body: { api_versions: { probe_resource: '2020-02-01' } },
      });
      expect(patched.status).toBe(200);
      expect((await get(merchant.test.secret_key, '/probe/versioned')).body).toEqual({ version: '2020-02-01' });
      // Live mode has its own account version.
      expect((await get(merchant.live.secret_key, '/probe/versioned')).body).toEqual({ version: '2019-02-04' });
    });

    it('refuses an unknown version', async () => {
      const response = await get(merchant.test.secret_key, '/probe/versioned', { 'api-version': '2021-01-01' });
      expect(response.status).toBe(400);
      expect(response.body.error_code).toBe('API_VERSION_NOT_SUPPORTED_ERROR');
    });
  });

  describe('settings API', () => {
    it('is closed to keys created without settings permissions', async () => {
      const ordinary = await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/api_keys', {
        body: { name: 'ordinary' },
      });
      expect(ordinary.body.permissions).not.toContain('settings:write');
      const response = await call(gateway.baseUrl, ordinary.body.key, 'PATCH', '/settings', {
        body: { fraud_detection: true },
      });
      expect(response.status).toBe(403);
    });

    it('reads and changes settings per mode; null removes a setting', async () => {
      const before = await get(other.test.secret_key, '/settings');
      expect(before.status).toBe(200);
      expect(before.body.callback_token).toBe(other.test.callback_token);
      const changed = await call(gateway.baseUrl, other.test.secret_key, 'PATCH', '/settings', {
        body: {
          fraud_detection: true,
          retail_payment_code_prefix: 'TOKO',
          callback_urls: { invoice: 'https://merchant.example/invoice' },
        },
      });
      expect(changed.body).toMatchObject({
        fraud_detection: true,
        retail_payment_code_prefix: 'TOKO',
        callback_urls: { invoice: 'https://merchant.example/invoice' },
      });
      const cleared = await call(gateway.baseUrl, other.test.secret_key, 'PATCH', '/settings', {
        body: { retail_payment_code_prefix: null },
      });
      expect(cleared.body.retail_payment_code_prefix).toBeNull();
      expect(cleared.body.fraud_detection).toBe(true);
      expect((await get(other.live.secret_key, '/settings')).body.fraud_detection).toBe(false);
    });

    it(
      'refuses bad settings with 400 API_VALIDATION_ERROR: ' + 'wrong types per field, and rules across fields',
      async () => {
        const typed = await call(gateway.baseUrl, other.test.secret_key, 'PATCH', '/settings', {
          body: { fraud_detection: 'yes', retail_payment_code_prefix: 'no!', callback_urls: { invoice: 'not a url' } },
        });
        expect(typed.status).toBe(400);
        expect(typed.body.error_code).toBe('API_VALIDATION_ERROR');
        const fields = (typed.body.errors as { field: string[]; location: string }[]).map((error) =>
          error.field.join('.'),
        );
        expect(fields).toEqual(
          expect.arrayContaining(['fraud_detection', 'retail_payment_code_prefix', 'callback_urls.invoice']),
        );
        const ruled = await call(gateway.baseUrl, other.test.secret_key, 'PATCH', '/settings', {
          body: { virtual_account_ranges: { BCA: { merchant_code: '10766', range_start: '900', range_end: '100' } } },
        });
        expect(ruled.status).toBe(400);
        expect(ruled.body.error_code).toBe('API_VALIDATION_ERROR');
        const empty = await call(gateway.baseUrl, other.test.secret_key, 'PATCH', '/settings', { body: {} });
        expect(empty.status).toBe(400);
      },
    );

    it('refuses bad key requests, and a second revocation', async () => {
      for (const body of [
        {},
        { name: '' },
        { name: 'x', permissions: ['money_in:fly'] },
        { name: 'x', kind: 'master' },
        { name: 'x', permissions: 'all' },
      ]) {
        const response = await call(gateway.baseUrl, other.test.secret_key, 'POST', '/api_keys', { body });
        expect([JSON.stringify(body), response.status, response.body.error_code]).toEqual([
          JSON.stringify(body),
          400,
          'API_VALIDATION_ERROR',
        ]);
      }
      const created = await call(gateway.baseUrl, other.test.secret_key, 'POST', '/api_keys', {
        body: { name: 'twice' },
      });
      expect(
        (await call(gateway.baseUrl, other.test.secret_key, 'DELETE', `/api_keys/${created.body.key_id}`)).status,
      ).toBe(200);
      const again = await call(gateway.baseUrl, other.test.secret_key, 'DELETE', `/api_keys/${created.body.key_id}`);
      expect(again.status).toBe(409);
      expect(again.body.error_code).toBe('API_KEY_ALREADY_REVOKED_ERROR');
    });

    it('rotates the callback token', async () => {
      const rotated = await call(gateway.baseUrl, other.live.secret_key, 'POST', '/settings/callback_token/rotate');
      expect(rotated.status).toBe(200);
      expect(rotated.body.callback_token).toMatch(/^[0-9a-f]{64}$/);
      expect(rotated.body.callback_token).not.toBe(other.live.callback_token);
      expect((await get(other.live.secret_key, '/settings')).body.callback_token).toBe(rotated.body.callback_token);
    });
  });

  it('never writes a key or callback token into the event log', async () => {
    const { rows } = await gateway.db.pool.query(
      'SELECT data::text AS data, metadata::text AS metadata FROM es_events',
    );
    const log = rows.map((row) => row.data + row.metadata).join('\n');
    for (const secret of [
      merchant.test.secret_key,
      merchant.live.secret_key,
      merchant.test.public_key,
      merchant.test.callback_token,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
