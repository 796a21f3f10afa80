import { CALLBACK_KINDS } from '@gateway/accounts';
import {
  GatewayValidationPipe,
  type OpenApiDocument,
  type Operation,
  inventoryRoutes,
  requestSchemasOf,
} from '@gateway/http-edge';
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { launchBrowser } from './support/browser';
import { startTestApp, type TestApp } from './support/test-app';

const run = promisify(execFile);
const ARTIFACTS = join(__dirname, 'artifacts', 'openapi');

/**
 * The OpenAPI document served at /docs/openapi.json is the API reference (issue 20): a maintained
 * linter passes on it, and every operation is complete (summary, description, tag, permission,
 * parameters, request schema with examples, 2xx schema, error codes).
 */
describe('OpenAPI document', () => {
  let gateway: TestApp;
  let document: OpenApiDocument;
  const operations: { name: string; path: string; method: string; operation: Operation }[] = [];

  beforeAll(async () => {
    gateway = await startTestApp({ withWorker: false });
    const response = await fetch(`${gateway.baseUrl}/docs/openapi.json`);
    expect(response.status).toBe(200);
    document = (await response.json()) as OpenApiDocument;
    for (const [path, byMethod] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(byMethod))
        operations.push({ name: `${method.toUpperCase()} ${path}`, path, method, operation });
    }
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it("is OpenAPI 3.1 and passes Redocly's recommended rules with no error and no warning", async () => {
    expect(document.openapi).toBe('3.1.0');
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = join(ARTIFACTS, 'openapi.json');
    writeFileSync(file, JSON.stringify(document, null, 2));
    const { stdout } = await run(process.execPath, [join(__dirname, 'support', 'lint-openapi.mjs'), file], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const problems = JSON.parse(stdout) as { ruleId: string; severity: string; message: string; location: string }[];
    expect(
      problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location}`),
    ).toEqual([]);
  });

  it('lists every API operation of the app and no page route', () => {
    const pages = [
      '/dashboard',
      '/web/invoices',
      '/3ds/',
      '/ewallets/checkout',
      '/js/v1/cards.js',
      '/docs',
      '/metrics',
    ];
    expect(
      operations.filter(({ path }) => pages.some((page) => path.startsWith(page))).map(({ name }) => name),
    ).toEqual([]);
    const documented = new Set(operations.map(({ path, method }) => `${method} ${path}`));
    const apiRoutes = inventoryRoutes(gateway.app).filter((route) => !route.noAuth || route.doc);
    expect(apiRoutes.length).toBeGreaterThan(70);
    expect(
      apiRoutes.map((route) => `${route.method.toLowerCase()} ${route.path}`).filter((name) => !documented.has(name)),
    ).toEqual([]);
  });

  it('gives every operation a summary, a description, a product area, an id and who may call it', () => {
    const incomplete = operations
      .filter(
        ({ operation }) =>
          !(
            operation.summary &&
            operation.description &&
            (operation.tags as string[] | undefined)?.length === 1 &&
            operation.operationId &&
            Array.isArray(operation.security)
          ),
      )
      .map(({ name }) => name);
    expect(incomplete).toEqual([]);
    const secured = operations.filter(({ operation }) => (operation.security as unknown[]).length > 0);
    expect(
      secured
        .filter(
          ({ operation }) =>
            !Array.isArray(operation['x-permissions']) ||
            !/\*\*(Permission|Authentication):\*\*/.test(String(operation.description)),
        )
        .map(({ name }) => name),
    ).toEqual([]);
    expect(document.paths['/v2/invoices'].post['x-permissions']).toEqual(['money_in:write']);
    expect(document.paths['/balance'].get['x-permissions']).toEqual([['money_out:read', 'balance:read']]);
    expect(document.paths['/v2/credit_card_tokens'].post.security).toEqual([{ publicKey: [] }, { secretKey: [] }]);
    expect(document.paths['/health'].get.security).toEqual([]);
    expect(Object.keys(document.components.securitySchemes as object).sort()).toEqual(['publicKey', 'secretKey']);
  });

  it('gives every operation that takes a body a request schema with its fields, rules and an example', () => {
    const takesBody = inventoryRoutes(gateway.app).filter(
      (route) => (route.body?.dto || route.doc?.body) && (!route.noAuth || route.doc),
    );
    expect(takesBody.length).toBeGreaterThan(25);
    const missing: string[] = [];
    for (const route of takesBody) {
      const operation = document.paths[route.path][route.method.toLowerCase()];
      const content = operation.requestBody?.content ?? {};
      const [mediaType] = Object.values(content);
      const schema = mediaType?.schema ?? {};
      const resolved = schema.$ref ? document.components.schemas[String(schema.$ref).split('/').pop()!] : schema;
      const hasFields =
        Object.keys(resolved.properties ?? {}).length > 0 || (resolved.oneOf ?? resolved.anyOf ?? []).length > 1;
      if (!hasFields) missing.push(`${route.method} ${route.path}: empty request schema`);
      else if (content['application/json'] && content['application/json'].example === undefined)
        missing.push(`${route.method} ${route.path}: no example`);
    }
    expect(missing).toEqual([]);
    // Field rules come from the DTO's validation decorators.
    const invoice = document.components.schemas.CreateInvoiceRequestDto;
    expect(invoice.required).toEqual(expect.arrayContaining(['external_id', 'payer_email', 'description', 'amount']));
    expect(invoice.properties!.amount).toMatchObject({
      type: 'integer',
      maximum: Number.MAX_SAFE_INTEGER,
      examples: [50000],
    });
    expect(invoice.properties!.payer_email).toMatchObject({ type: 'string', format: 'email', maxLength: 320 });
    expect(invoice.properties!.invoice_duration).toMatchObject({ type: 'integer', minimum: 1, maximum: 31_536_000 });
    expect(document.components.schemas.OvoPaymentRequestDto.properties!.ewallet_type).toMatchObject({ enum: ['OVO'] });
  });

  it('has request and query examples the gateway itself accepts', async () => {
    const pipe = new GatewayValidationPipe();
    const refused: string[] = [];
    for (const route of inventoryRoutes(gateway.app).filter((route) => !route.noAuth || route.doc)) {
      const dtos = [
        route.body?.dto,
        ...route.query.map((argument) => argument.dto),
        ...Object.values(route.doc?.body?.byField?.dtos ?? {}),
        ...Object.values(route.doc?.body?.byVersion ?? {}),
      ];
      for (const dto of dtos) {
        if (!dto) continue;
        const example = requestSchemasOf(dto).components[dto.name].examples?.[0];
        if (example === undefined) {
          refused.push(`${dto.name}: no example`);
          continue;
        }
        const asQuery = route.query.some((argument) => argument.dto === dto);
        const input = asQuery
          ? Object.fromEntries(
              Object.entries(example as object).map(([name, value]) => [
                name,
                Array.isArray(value) ? value.map(String) : String(value),
              ]),
            )
          : structuredClone(example);
        await pipe
          .transform(input, { type: asQuery ? 'query' : 'body', metatype: dto, data: '' })
          .catch((error: { errors?: unknown }) => refused.push(`${dto.name}: ${JSON.stringify(error.errors)}`));
      }
    }
    expect([...new Set(refused)]).toEqual([]);
  });

  it('gives every operation a 2xx schema and its error codes with their statuses and examples', () => {
    const problems: string[] = [];
    for (const { name, operation } of operations) {
      const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      if (success.length !== 1) problems.push(`${name}: ${success.length} 2xx responses`);
      for (const [, response] of success) {
        const [mediaType, content] = Object.entries(response.content ?? {})[0] ?? [];
        if (!content || (mediaType === 'application/json' && Object.keys(content.schema).length === 0))
          problems.push(`${name}: no 2xx schema`);
      }
      const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
      if (!errors.some(([status]) => status.startsWith('4'))) problems.push(`${name}: no 4xx`);
      for (const [status, response] of errors) {
        const body = response.content?.['application/json'];
        const codes =
          (body?.schema.allOf?.[1]?.properties as { error_code?: { enum?: string[] } } | undefined)?.error_code?.enum ??
          [];
        if (codes.length === 0) problems.push(`${name} ${status}: no error_code enum`);
        if (
          Object.keys(body?.examples ?? {})
            .sort()
            .join() !== [...codes].sort().join()
        )
          problems.push(`${name} ${status}: not one example per code`);
      }
    }
    expect(problems).toEqual([]);
    const expire = document.paths['/invoices/{id}/expire!'].post.responses;
    expect(expire['404'].description).toContain('INVOICE_NOT_FOUND_ERROR');
    expect(expire['400'].description).toContain('INVOICE_NOT_PENDING_ERROR');
    expect(expire['401'].description).toBe('INVALID_API_KEY');
    expect(document.paths['/disbursements'].post.responses['400'].description).toContain('DUPLICATE_TRANSACTION_ERROR');
    expect(document.paths['/ewallets'].post.responses['422'].description).toContain('API_VALIDATION_ERROR');
  });

  it('documents the headers each operation takes: versions, idempotency keys, sub-accounts', () => {
    const header = (operation: Operation, name: string) =>
      operation.parameters?.find((parameter) => parameter.in === 'header' && parameter.name === name);
    expect(header(document.paths['/customers'].post, 'API-Version')?.schema).toEqual({
      type: 'string',
      enum: ['2020-05-19', '2020-10-31'],
    });
    expect(header(document.paths['/ewallets'].post, 'X-API-VERSION')?.schema).toEqual({
      type: 'string',
      enum: ['2019-02-04', '2020-02-01', '2020-02-21'],
    });
    expect(header(document.paths['/v2/invoices'].post, 'x-idempotency-key')?.description).toContain(
      'first answer again',
    );
    expect(header(document.paths['/disbursements'].post, 'x-idempotency-key')?.description).toContain(
      'DUPLICATE_TRANSACTION_ERROR',
    );
    expect(header(document.paths['/api_keys'].post, 'x-idempotency-key')).toBeUndefined();
    const withoutForUserId = operations.filter(
      ({ operation }) => (operation.security as unknown[]).length > 0 && !header(operation, 'for-user-id'),
    );
    expect(withoutForUserId.map(({ name }) => name)).toEqual([]);
    const statuses = document.paths['/v2/invoices'].get.parameters!.find((parameter) => parameter.name === 'statuses');
    expect(statuses).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'array', items: { enum: ['PENDING', 'PAID', 'SETTLED', 'EXPIRED'] } },
    });
  });

  it('shows each version of a versioned resource and the body of every callback kind', () => {
    const customer = document.paths['/customers/{id}'].get.responses['200'].content!['application/json'].schema;
    expect((customer.anyOf as { title: string }[]).map((shape) => shape.title)).toEqual([
      'API-Version 2020-05-19',
      'API-Version 2020-10-31',
    ]);
    expect(Object.keys(document.webhooks).sort()).toEqual([...CALLBACK_KINDS].sort());
    for (const [kind, { post }] of Object.entries(document.webhooks)) {
      expect({ kind, body: Object.keys(post.requestBody!.content['application/json'].schema).length > 0 }).toEqual({
        kind,
        body: true,
      });
    }
  });

  it('renders as a readable reference at /docs, offline, in a real browser', async () => {
    const { browser, close } = await launchBrowser();
    try {
      const page = await browser.newPage();
      const external: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(gateway.baseUrl) && !request.url().startsWith('data:'))
          external.push(request.url());
      });
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      const answer = await page.goto(`${gateway.baseUrl}/docs`);
      expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await page.getByText('Create an invoice').first().waitFor({ timeout: 20_000 });
      for (const tag of ['Invoices', 'Virtual accounts', 'Disbursements', 'Cards', 'Callbacks'])
        await page.locator(`h3#operations-tag-${tag.replace(/ /g, '_')}`).waitFor();
      await page.getByText('Create an invoice').first().click();
      await page.getByText('payer_email').first().waitFor();
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'docs.png'), fullPage: false });
      expect(external).toEqual([]);
      expect(refused).toEqual([]);
      // With a trailing slash: sent to /docs, where its relative asset paths resolve.
      await page.goto(`${gateway.baseUrl}/docs/`);
      expect(page.url()).toBe(`${gateway.baseUrl}/docs`);
      await page.getByText('Create an invoice').first().waitFor({ timeout: 20_000 });
    } finally {
      await close();
    }
  });

  it("sends /docs/ to /docs and gives the reference's pages and assets the HTML pages' security headers", async () => {
    const slash = await fetch(`${gateway.baseUrl}/docs/?x=1`, { redirect: 'manual' });
    expect([slash.status, slash.headers.get('location')]).toEqual([301, '/docs?x=1']);
    for (const path of ['/docs', '/docs/swagger-ui.css', '/docs/swagger-ui-init.js', '/docs/openapi.json']) {
      const response = await fetch(`${gateway.baseUrl}${path}`);
      await response.arrayBuffer();
      expect([path, response.status]).toEqual([path, 200]);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none';.*frame-ancestors 'none'/);
    }
  });
});
