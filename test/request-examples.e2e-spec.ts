import type { ProvisionedBusiness } from '@gateway/accounts';
import { inventoryRoutes, type InventoriedRoute, requestSchemasOf } from '@gateway/http-edge';
import type { Type } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from './support/test-app';
import { TEST_CARDS, tokenize } from './support/cards';
import { PNG_BYTES, uploadFile } from './support/files';
import { call, provisionBusiness } from './support/test-business';

/**
 * Every request example of the API reference is a request the gateway ACCEPTS: sent as it is
 * documented, over HTTP, with a fresh business's test secret key, it answers 2xx. The DTO-only
 * check (openapi-document.e2e-spec.ts) runs the validation pipe alone, so an example that passes
 * the field rules but breaks a rule behind them (a BANK_ACCOUNT identity account without
 * `account_holder_name`, refused by the customer rules) went unnoticed.
 *
 * Each body choice is sent: each `API-Version` of a versioned body, each DTO of a body chosen by a
 * field (`ewallet_type`). Operations with path parameters are sent to a resource made for them
 * where one is listed in PATH_RESOURCES; examples that name a resource by id in their body (a
 * token, a payment code to pay) cannot be accepted by a fresh business and are listed, with why,
 * in NAMES_A_RESOURCE. A new operation that fits neither list is sent, and must be accepted.
 */

/** Operations whose example names, in its body, a resource a fresh business does not have. */
const NAMES_A_RESOURCE: Record<string, string> = {
  'POST /credit_card_charges': 'token_id of a card token',
  'POST /fixed_payment_code/simulate_payment': 'external_id of a payment code',
  'POST /pool_virtual_accounts/simulate_payment': 'a pool virtual account number',
};

type Call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<any>;

interface Made {
  api: Call;
  baseUrl: string;
  publicKey: string;
  /** The `API-Version` the example is sent with, where the body is versioned. */
  headers: Record<string, string>;
}

const made = async (what: string, response: Promise<{ status: number; body: any }>) => {
  const { status, body } = await response;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
};
const unique = (prefix: string) => `${prefix}-${randomUUID()}`;
const cardToken = async ({ baseUrl, publicKey }: Made) =>
  (await made('token', tokenize(baseUrl, publicKey, TEST_CARDS.enrolledVisa, { multiple: true }))).id as string;
const cardCharge = async (context: Made, capture: boolean) =>
  (
    await made(
      'charge',
      context.api('POST', '/credit_card_charges', {
        token_id: await cardToken(context),
        external_id: unique('charge'),
        amount: 50_000,
        capture,
      }),
    )
  ).id as string;

/** Path parameters: the resource a path's example acts on, made for it (its value replaces `{name}`). */
const PATH_RESOURCES: Record<string, (context: Made) => Promise<Record<string, string>>> = {
  'POST /callback_urls/{type}': async () => ({ type: 'invoice' }),
  'PATCH /callback_virtual_accounts/{id}': async ({ api }) => ({
    id: (
      await made(
        'VA',
        api('POST', '/callback_virtual_accounts', { external_id: unique('va'), bank_code: 'BCA', name: 'Budi' }),
      )
    ).id,
  }),
  'PATCH /fixed_payment_code/{id}': async ({ api }) => ({
    id: (
      await made(
        'payment code',
        api('POST', '/fixed_payment_code', {
          external_id: unique('fpc'),
          retail_outlet_name: 'ALFAMART',
          name: 'Budi',
          expected_amount: 20_000,
        }),
      )
    ).id,
  }),
  'PATCH /customers/{id}': async ({ api, headers }) => ({
    id: (
      await made(
        'customer',
        api(
          'POST',
          '/customers',
          headers['api-version'] === '2020-10-31'
            ? {
                reference_id: unique('ref'),
                type: 'INDIVIDUAL',
                individual_detail: { given_names: 'Siti' },
                identity_accounts: [],
              }
            : { reference_id: unique('ref'), given_names: 'Siti', email: 'siti@example.com' },
          headers,
        ),
      )
    ).id,
  }),
  'PATCH /recurring_payments/{id}': async ({ api }) => ({
    id: (
      await made(
        'recurring payment',
        api('POST', '/recurring_payments', {
          external_id: unique('rec'),
          payer_email: 'payer@example.com',
          description: 'Membership',
          amount: 150_000,
          interval: 'MONTH',
          interval_count: 1,
        }),
      )
    ).id,
  }),
  'POST /credit_card_tokens/{token_id}/authentications': async (context) => ({ token_id: await cardToken(context) }),
  'POST /credit_card_charges/{credit_card_charge_id}/capture': async (context) => ({
    credit_card_charge_id: await cardCharge(context, false),
  }),
  'POST /credit_card_charges/{credit_card_charge_id}/auth_reversal': async (context) => ({
    credit_card_charge_id: await cardCharge(context, false),
  }),
  'POST /credit_card_charges/{credit_card_charge_id}/refunds': async (context) => ({
    credit_card_charge_id: await cardCharge(context, true),
  }),
};

interface Example {
  name: string;
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
  /** Sent as multipart/form-data with a file under this field (the example holds the text fields). */
  multipartFile?: string;
}

/** Every request body example of a route, with the header that selects its DTO. */
function examplesOf(route: InventoriedRoute): Example[] {
  const choices = route.doc?.body;
  const byVersion = Object.entries(choices?.byVersion ?? {}).map(([version, dto]) => ({
    dto,
    headers: { 'api-version': version },
  }));
  const byField = Object.values(choices?.byField?.dtos ?? {}).map((dto) => ({ dto, headers: {} }));
  const own = route.body?.dto ? [{ dto: route.body.dto, headers: {} }] : [];
  const dtos: { dto: Type; headers: Record<string, string> }[] = [...byVersion, ...byField];
  if (dtos.length === 0) dtos.push(...own);
  return dtos.map(({ dto, headers }) => ({
    name: `${route.method} ${route.path}${headers['api-version'] ? ` (${headers['api-version']})` : ''} ${dto.name}`,
    method: route.method,
    path: route.path,
    body: requestSchemasOf(dto).components[dto.name].examples?.[0],
    headers,
    multipartFile: route.doc?.multipartFile,
  }));
}

describe('request examples of the API reference', () => {
  let gateway: TestApp;
  let business: ProvisionedBusiness;

  const api: Call = (method, path, body, headers) =>
    call(gateway.baseUrl, business.test.secret_key, method, path, { body, headers });

  beforeAll(async () => {
    gateway = await startTestApp();
    business = await provisionBusiness(gateway.app);
    // Enough balance for the disbursement examples (the top-up example is sent too, in its turn).
    const topUp = await api('POST', '/balance/top_up', { amount: 100_000_000 });
    expect(topUp.status).toBe(200);
    // Card charges without 3DS, for the examples that act on a charge (the settings example leaves this alone).
    expect((await api('PATCH', '/settings', { optional_authentication: true })).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
  });

  it('accepts every request body example, sent as documented with a test key', async () => {
    const routes = inventoryRoutes(gateway.app).filter(
      (route) => !route.noAuth && ['POST', 'PATCH', 'PUT'].includes(route.method),
    );
    const examples = routes.flatMap(examplesOf).filter((example) => example.body !== undefined);
    expect(examples.map((example) => example.name)).toEqual(
      expect.arrayContaining([expect.stringContaining('POST /customers (2020-10-31)')]),
    );
    const refused: string[] = [];
    const notSent: string[] = [];
    const sent: string[] = [];
    for (const example of examples) {
      const operation = `${example.method} ${example.path}`;
      if (NAMES_A_RESOURCE[operation]) continue;
      let path = example.path;
      if (path.includes('{')) {
        const resource = PATH_RESOURCES[operation];
        if (!resource) {
          notSent.push(operation);
          continue;
        }
        const context = {
          api,
          baseUrl: gateway.baseUrl,
          publicKey: business.test.public_key,
          headers: example.headers,
        };
        for (const [name, value] of Object.entries(await resource(context)))
          path = path.replace(`{${name}}`, encodeURIComponent(value));
      }
      const response = example.multipartFile
        ? await uploadFile(gateway.baseUrl, business.test.secret_key, {
            ...(example.body as { purpose?: string }),
            field: example.multipartFile,
            bytes: PNG_BYTES,
            type: 'image/png',
          })
        : await api(example.method, path, example.body, example.headers);
      sent.push(example.name);
      if (response.status < 200 || response.status >= 300)
        refused.push(`${example.name}: ${response.status} ${JSON.stringify(response.body)}`);
    }
    expect(refused).toEqual([]);
    // Body choices and path resources were sent, not skipped.
    expect(sent).toEqual(
      expect.arrayContaining([
        'POST /customers (2020-05-19) CreateLegacyCustomerRequestDto',
        'PATCH /customers/{id} (2020-10-31) UpdateCustomerRequestDto',
        'POST /ewallets LinkajaPaymentRequestDto',
        expect.stringContaining('POST /credit_card_charges/{credit_card_charge_id}/refunds'),
        'POST /files UploadFileRequestDto',
      ]),
    );
    // Operations with path parameters and no resource listed: none takes a body (a new one fails here until listed).
    expect([...new Set(notSent)].sort()).toEqual([]);
  });
});
