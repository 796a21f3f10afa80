import { IdempotencyInterceptor, idempotencyRouteInterceptor } from '@gateway/http-edge';
import { RequestMethod } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

describe('idempotency wiring in the real app', () => {
  let gateway: TestApp;
  beforeAll(async () => {
    gateway = await startTestApp();
  });
  afterAll(async () => gateway?.close());

  it('binds the interceptor to every POST and PATCH handler, and to no GET', () => {
    const scanner = new MetadataScanner();
    const seen = { mutating: 0, reading: 0 };
    for (const wrapper of gateway.app.get(DiscoveryService).getControllers()) {
      const prototype = (wrapper.metatype as { prototype?: object } | null)?.prototype;
      if (!prototype) continue;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = (prototype as Record<string, unknown>)[name] as object;
        const method = Reflect.getMetadata(METHOD_METADATA, handler);
        if (method === undefined) continue;
        const bound = ((Reflect.getMetadata(INTERCEPTORS_METADATA, handler) ?? []) as unknown[]).includes(
          idempotencyRouteInterceptor,
        );
        if (method === RequestMethod.POST || method === RequestMethod.PATCH) {
          seen.mutating++;
          expect([name, bound]).toEqual([name, true]);
        } else if (method === RequestMethod.GET) {
          seen.reading++;
          expect([name, bound]).toEqual([name, false]);
        }
      }
    }
    expect(seen.mutating).toBeGreaterThan(0);
    expect(seen.reading).toBeGreaterThan(0);
  });

  it('replays a real PATCH with the same key, and refuses the key with other parameters', async () => {
    const merchant = await provisionBusiness(gateway.app);
    const headers = { 'x-idempotency-key': 'settings-once' };
    const first = await call(gateway.baseUrl, merchant.test.secret_key, 'PATCH', '/settings', {
      body: { fraud_detection: true },
      headers,
    });
    const second = await call(gateway.baseUrl, merchant.test.secret_key, 'PATCH', '/settings', {
      body: { fraud_detection: true },
      headers,
    });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const mismatch = await call(gateway.baseUrl, merchant.test.secret_key, 'PATCH', '/settings', {
      body: { fraud_detection: false },
      headers,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error_code).toBe('IDEMPOTENCY_KEY_MISMATCH_ERROR');
  });

  it('runs an unkeyed POST or PATCH without the interceptor; a keyed or malformed key still meets it', async () => {
    const merchant = await provisionBusiness(gateway.app);
    const intercept = jest.spyOn(gateway.app.get(IdempotencyInterceptor), 'intercept');
    try {
      const patch = (headers: Record<string, string>) =>
        call(gateway.baseUrl, merchant.test.secret_key, 'PATCH', '/settings', {
          body: { fraud_detection: true },
          headers,
        });
      expect((await patch({})).status).toBe(200);
      const rotated = await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/settings/callback_token/rotate');
      expect(rotated.status).toBe(200);
      // Nest's pipeline was not built for either (installSkippableInterceptors): the interceptor never ran.
      expect(intercept).not.toHaveBeenCalled();
      const keyed = await patch({ 'x-idempotency-key': 'seen-by-the-interceptor' });
      expect([keyed.status, intercept.mock.calls.length]).toEqual([200, 1]);
      const empty = await patch({ 'x-idempotency-key': '' });
      expect([empty.status, empty.body.error_code, intercept.mock.calls.length]).toEqual([
        400,
        'API_VALIDATION_ERROR',
        2,
      ]);
      expect((await patch({ 'x-idempotency-key': 'seen-by-the-interceptor' })).headers.get('idempotent-replayed')).toBe(
        'true',
      );
    } finally {
      intercept.mockRestore();
    }
  });

  it('never stores a response that carries a secret (key creation, token rotation)', async () => {
    const merchant = await provisionBusiness(gateway.app);
    const headers = { 'x-idempotency-key': 'secret-bearing' };
    const created = await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/api_keys', {
      body: { name: 'k' },
      headers,
    });
    const rotated = await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/settings/callback_token/rotate', {
      headers: { 'x-idempotency-key': 'rotate' },
    });
    expect(created.status).toBe(201);
    expect(rotated.status).toBe(200);
    const { rows } = await gateway.db.pool.query('SELECT * FROM idempotency_records');
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(created.body.key);
    expect(stored).not.toContain(rotated.body.callback_token);
  });
});
