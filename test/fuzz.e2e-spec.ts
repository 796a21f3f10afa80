import fc from 'fast-check';
import type { ProvisionedBusiness } from '@gateway/accounts';
import { basicAuth, provisionBusiness } from './support/test-business';
import { fillPath, registeredRoutes, type RegisteredRoute } from './support/registered-routes';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Property: no input of any shape makes any registered route answer 5xx. Each route gets random
 * JSON, wrong types, deep nesting, unicode, raw bytes and random path values, with a valid owner
 * key (to get past authentication into validation) and without one.
 */
describe('fuzzing every registered route', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
    routes = registeredRoutes(gateway.app);
  });
  afterAll(async () => gateway?.close());

  const pathValue = fc.oneof(
    fc.string(),
    fc.stringMatching(/^[a-z_]{1,12}-[0-9a-f-]{1,36}$/),
    fc.constant('undefined'),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.constant('a\u0000b'),
  );
  const weirdNumbers = fc.constantFrom(0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1, 1e-300);
  const deep = fc.integer({ min: 20, max: 200 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)));
  // Strings PostgreSQL cannot store: lone UTF-16 surrogates (JSON.stringify writes them as `\ud800` escapes) and NUL.
  const unstorable = fc.string({
    unit: fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\u0000', 'a', '\ud83d\ude00'),
    minLength: 1,
    maxLength: 6,
  });
  // Amounts: whole, fractional, beyond 2^53, and as strings.
  const amounts = fc.oneof(
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.constantFrom(20_000.5, 64_000.5, 2 ** 53, 1e21, '20000.5', '1e4'),
  );
  const body = fc.oneof(
    fc.json().map((text) => ({ text, contentType: 'application/json' })),
    fc.anything().map((value) => ({ text: JSON.stringify(value) ?? 'null', contentType: 'application/json' })),
    fc
      .dictionary(fc.string(), fc.oneof(weirdNumbers, fc.string(), fc.boolean(), fc.constant(null)))
      .map((value) => ({ text: JSON.stringify(value), contentType: 'application/json' })),
    deep.map((value) => ({ text: JSON.stringify(value), contentType: 'application/json' })),
    fc
      .dictionary(
        fc.oneof(
          fc.constantFrom(
            'external_id',
            'name',
            'description',
            'reference_id',
            'given_names',
            'payer_email',
            'account_holder_name',
          ),
          unstorable,
        ),
        unstorable,
      )
      .map((value) => ({ text: JSON.stringify(value), contentType: 'application/json' })),
    fc
      .record(
        {
          amount: amounts,
          transfer_amount: amounts,
          expected_amount: amounts,
          external_id: fc.constant('fuzz-1'),
          bank_code: fc.constant('BCA'),
          name: fc.constant('Budi'),
        },
        { requiredKeys: [] },
      )
      .map((value) => ({ text: JSON.stringify(value), contentType: 'application/json' })),
    fc
      .uint8Array({ maxLength: 200 })
      .map((bytes) => ({ text: Buffer.from(bytes).toString('latin1'), contentType: 'application/json' })),
    fc.string().map((text) => ({ text, contentType: 'application/x-www-form-urlencoded' })),
    fc.string().map((text) => ({ text, contentType: 'text/plain' })),
    fc.constant({ text: 'x'.repeat(1_100_000), contentType: 'application/json' }),
  );

  it('answers every route with < 500, whatever it is sent', async () => {
    expect(routes.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathValue, { minLength: 1, maxLength: 3 }),
          body,
          fc.boolean(),
          async (values, payload, authenticated) => {
            const path = fillPath(route.path, values);
            const withBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
            const response = await fetch(`${gateway.baseUrl}${path.startsWith('/') ? path : `/${path}`}`, {
              method: route.method,
              headers: {
                ...(authenticated && { authorization: basicAuth(merchant.test.secret_key) }),
                ...(withBody && { 'content-type': payload.contentType }),
              },
              body: withBody ? payload.text : undefined,
            });
            await response.arrayBuffer();
            if (response.status >= 500)
              failures.push(
                `${route.method} ${path} -> ${response.status} (${payload.contentType}: ${payload.text.slice(0, 80)})`,
              );
            return response.status < 500;
          },
        ),
        { numRuns: 25, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
