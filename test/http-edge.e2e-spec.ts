import { defineErrors, notFound, unprocessable } from '@gateway/domain';
import { EventStoreUnavailableError, InvalidEventDataError } from '@gateway/event-store';
import {
  ApiError,
  JsonLogger,
  NoAuth,
  registerErrorCatalogues,
  registerErrorTranslator,
  UNEXPECTED_ERROR_MESSAGE,
  ValidationErrorStatus,
} from '@gateway/http-edge';
import { Body, Controller, Get, HttpException, Logger, Module, Param, Post, Query } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsArray, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateNested } from 'class-validator';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { startTestApp, type TestApp } from './support/test-app';

const EDGE_TEST_ERROR_CODES = defineErrors('edge-test', {
  thing: notFound('EDGE_TEST_THING_NOT_FOUND_ERROR'),
}).catalogue;
registerErrorCatalogues([EDGE_TEST_ERROR_CODES]);
/** Declared, but in no installed catalogue (as if missing from libs/bootstrap/src/all-error-codes.ts). */
const UNINSTALLED_ERROR_CODES = defineErrors('edge-test-uninstalled', {
  rule: unprocessable('EDGE_TEST_RULE_ERROR'),
}).catalogue;

class TeapotError extends Error {}
registerErrorTranslator((error) =>
  error instanceof TeapotError ? new ApiError('TEAPOT_ERROR', 418, 'I am a teapot') : undefined,
);

class AddressDto {
  @IsString()
  city!: string;
}

class CustomerDto {
  @IsString()
  name!: string;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => AddressDto)
  addresses!: AddressDto[];
}

class CreateThingDto {
  @IsString()
  reference!: string;

  @IsInt()
  @Min(1)
  amount!: number;

  @ValidateNested()
  @Type(() => CustomerDto)
  customer!: CustomerDto;
}

class ListThingsQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

class ThingParams {
  @Matches(/^thing_[a-z0-9]+$/)
  id!: string;
}

const CARD_NUMBER = '4111111111111111';
const API_KEY = 'xnd_development_EdgeTestSecretKey0123456789';

/** Routes that exercise the edge: DTO validation, every kind of thrown error. */
@Controller('edge-test')
class EdgeTestController {
  private readonly logger = new Logger('EdgeTest');

  constructor(private readonly pool: Pool) {}

  @NoAuth()
  @Post('things')
  create(@Body() body: CreateThingDto) {
    return { received: body };
  }

  @NoAuth()
  @Post('things-422')
  @ValidationErrorStatus(422)
  createWith422(@Body() body: CreateThingDto) {
    return { received: body };
  }

  @NoAuth()
  @Get('things')
  list(@Query() query: ListThingsQuery) {
    return { limit: query.limit ?? null };
  }

  @NoAuth()
  @Get('things/:id')
  get(@Param() params: ThingParams) {
    this.logger.log('reading a thing');
    return { id: params.id };
  }

  @NoAuth()
  @Post('form')
  form(@Body() body: unknown) {
    return { received: body ?? null };
  }

  @NoAuth()
  @Get('domain-error')
  domainError() {
    throw EDGE_TEST_ERROR_CODES.error('EDGE_TEST_THING_NOT_FOUND_ERROR', 'No thing has this id');
  }

  @NoAuth()
  @Get('unregistered-domain-error')
  unregisteredDomainError() {
    throw UNINSTALLED_ERROR_CODES.error('EDGE_TEST_RULE_ERROR', 'A rule said no');
  }

  @NoAuth()
  @Get('api-error')
  apiError() {
    throw new ApiError('EDGE_TEST_BUSY_ERROR', 409, 'Busy', { headers: { 'Retry-After': '3' } });
  }

  @NoAuth()
  @Get('http-exception')
  httpException() {
    throw new HttpException({ error_code: 'REQUEST_FORBIDDEN_ERROR', message: 'Not for you' }, 403);
  }

  @NoAuth()
  @Get('translated')
  translated() {
    throw new TeapotError('short and stout');
  }

  @NoAuth()
  @Get('designed-timeout')
  designedTimeout() {
    throw new ApiError('EDGE_TEST_DECISION_TIMEOUT_ERROR', 504, 'The payer has not decided yet');
  }

  @NoAuth()
  @Get('boom')
  boom() {
    throw new TypeError(
      `Cannot charge card ${CARD_NUMBER} with key ${API_KEY}: password=hunter2 in /srv/gateway/charges.ts`,
    );
  }

  @NoAuth()
  @Get('event-store-down')
  eventStoreDown() {
    throw new EventStoreUnavailableError(new Error('connect ECONNREFUSED 10.0.0.5:2113'));
  }

  @NoAuth()
  @Get('invalid-event-data')
  invalidEventData() {
    throw new InvalidEventDataError('text contains the NUL character (\\u0000)');
  }

  @NoAuth()
  @Get('database')
  async database() {
    await this.pool.query('SELECT 1');
    return { database: 'up' };
  }
}

/** Never called: its only job is to show up in the OpenAPI document as a route that needs a key. */
@Controller('edge-test-secured')
class EdgeSecuredController {
  @Get()
  secured() {
    return {};
  }
}

@Module({ controllers: [EdgeTestController, EdgeSecuredController] })
class EdgeTestModule {}

const REQUEST_ID = /^req_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The parsed JSON body; `any` so that assertions can reach into it. */
async function json(response: Response): Promise<any> {
  return response.json();
}

function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const validThing = { reference: 'ref-1', amount: 10_000, customer: { name: 'Budi', addresses: [{ city: 'Jakarta' }] } };

describe('HTTP edge (real app over HTTP)', () => {
  let gateway: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    gateway = await startTestApp({
      extraModules: [EdgeTestModule],
      env: { LOG_REQUEST_CONTEXT: 'true' },
      logger: new JsonLogger({ level: 'info', write: (line) => logLines.push(line) }),
    });
  });
  afterAll(async () => gateway?.close());

  const url = (path: string) => `${gateway.baseUrl}${path}`;

  describe('validation', () => {
    it('accepts a valid body, drops unknown fields instead of refusing them', async () => {
      const response = await postJson(url('/edge-test/things'), {
        ...validThing,
        bank_account_name: 'dup',
        customer: { ...validThing.customer, extra: true },
      });
      expect(response.status).toBe(201);
      expect(await json(response)).toEqual({ received: validThing });
    });

    it('answers without an ETag: nothing is served from a cache, so no body is hashed for one', async () => {
      const [created, health] = await Promise.all([
        postJson(url('/edge-test/things'), validThing),
        fetch(url('/health')),
      ]);
      expect([created.status, health.status]).toEqual([201, 200]);
      expect([created.headers.get('etag'), health.headers.get('etag')]).toEqual([null, null]);
      await Promise.all([created.arrayBuffer(), health.arrayBuffer()]);
    });

    it('lists nested failures with their full paths', async () => {
      const response = await postJson(url('/edge-test/things'), {
        reference: 5,
        amount: 0,
        customer: { name: 'Budi', addresses: [{ city: 'Jakarta' }, { city: 42 }] },
      });
      expect(response.status).toBe(400);
      const body = await json(response);
      expect(body).toEqual({
        error_code: 'API_VALIDATION_ERROR',
        message:
          'reference must be a string; amount must not be less than 1; customer.addresses.1.city must be a string',
        errors: [
          { field: ['reference'], location: 'body', messages: ['reference must be a string'], types: ['isString'] },
          { field: ['amount'], location: 'body', messages: ['amount must not be less than 1'], types: ['min'] },
          {
            field: ['customer', 'addresses', '1', 'city'],
            location: 'body',
            messages: ['city must be a string'],
            types: ['isString'],
          },
        ],
      });
    });

    it('names query and path locations', async () => {
      const query = await fetch(url('/edge-test/things?limit=500'));
      expect(query.status).toBe(400);
      expect((await json(query)).errors).toEqual([
        { field: ['limit'], location: 'query', messages: ['limit must not be greater than 100'], types: ['max'] },
      ]);
      expect(await json(await fetch(url('/edge-test/things?limit=5')))).toEqual({ limit: 5 });

      const path = await fetch(url('/edge-test/things/NOT-A-THING'));
      expect(path.status).toBe(400);
      expect((await json(path)).errors).toEqual([
        expect.objectContaining({ field: ['id'], location: 'path', types: ['matches'] }),
      ]);
    });

    it('answers a missing body with the missing fields, and one of another content type with 415', async () => {
      const missing = await fetch(url('/edge-test/things'), { method: 'POST' });
      expect(missing.status).toBe(400);
      expect((await json(missing)).error_code).toBe('API_VALIDATION_ERROR');
      const response = await fetch(url('/edge-test/things'), {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify(validThing),
      });
      expect(response.status).toBe(415);
      expect(await json(response)).toEqual({
        error_code: 'UNSUPPORTED_CONTENT_TYPE_ERROR',
        message: "The request body's content type text/plain is not read: send application/json",
      });
    });

    it('uses the status a route declares with @ValidationErrorStatus', async () => {
      const response = await postJson(url('/edge-test/things-422'), { amount: 'x' });
      expect(response.status).toBe(422);
      expect((await json(response)).error_code).toBe('API_VALIDATION_ERROR');
      expect((await postJson(url('/edge-test/things-422'), validThing)).status).toBe(201);
    });
  });

  describe('request bodies', () => {
    it('answers malformed JSON with 400 INVALID_JSON_FORMAT', async () => {
      for (const text of ['{"amount": ', '{amount: 1}', '"just a string"', 'null']) {
        const response = await postJson(url('/edge-test/things'), text);
        expect(response.status).toBe(400);
        expect(await json(response)).toEqual({
          error_code: 'INVALID_JSON_FORMAT',
          message: 'The request body is not valid JSON',
        });
      }
    });

    it('answers a body over the limit with 413 and an error body', async () => {
      const response = await postJson(url('/edge-test/things'), { ...validThing, padding: 'x'.repeat(1_100_000) });
      expect(response.status).toBe(413);
      expect(await json(response)).toEqual({
        error_code: 'REQUEST_ENTITY_TOO_LARGE',
        message: 'The request body is larger than the limit of 1048576 bytes',
      });
      expect(response.headers.get('request-id')).toMatch(REQUEST_ID);
    });

    it('refuses JSON nested deeper than 32 levels with 400', async () => {
      const response = await postJson(url('/edge-test/things'), `${'['.repeat(40)}${']'.repeat(40)}`);
      expect(response.status).toBe(400);
      const body = await json(response);
      expect(body).toMatchObject({ error_code: 'API_VALIDATION_ERROR', message: 'The body is nested too deeply' });
      expect(body.errors[0]).toMatchObject({ location: 'body', types: ['maxDepth'] });
      // Deep enough to hurt a recursive parser or walker.
      expect((await postJson(url('/edge-test/things'), `${'['.repeat(100_000)}${']'.repeat(100_000)}`)).status).toBe(
        400,
      );
    });

    it('refuses the NUL character anywhere in a string, naming the field', async () => {
      const response = await postJson(url('/edge-test/things'), {
        ...validThing,
        customer: { ...validThing.customer, name: 'Bu\u0000di' },
      });
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({
        error_code: 'API_VALIDATION_ERROR',
        message: 'The body contains the NUL character (\\u0000)',
        errors: [
          {
            field: ['customer', 'name'],
            location: 'body',
            messages: ['must not contain the NUL character (\\u0000)'],
            types: ['noNulCharacter'],
          },
        ],
      });
      const query = await fetch(url('/edge-test/things?limit=%00'));
      expect(query.status).toBe(400);
      expect((await json(query)).errors[0]).toMatchObject({ location: 'query', types: ['noNulCharacter'] });
    });

    it('reads URL-encoded forms as flat string fields', async () => {
      const response = await fetch(url('/edge-test/form'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1&b[c]=2',
      });
      expect(response.status).toBe(201);
      expect(await json(response)).toEqual({ received: { a: '1', 'b[c]': '2' } });
    });

    it('never answers bad input with a 5xx', async () => {
      const attempts: [string, RequestInit][] = [
        [
          '/edge-test/things',
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: randomBytes(4096) },
        ],
        [
          '/edge-test/things',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
            body: randomBytes(256),
          },
        ],
        [
          '/edge-test/things',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-encoding': 'compress' },
            body: '{}',
          },
        ],
        [
          '/edge-test/things',
          { method: 'POST', headers: { 'content-type': 'application/json; charset=latin1' }, body: '{}' },
        ],
        [
          '/edge-test/things',
          { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: randomBytes(512) },
        ],
        [
          '/edge-test/things',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"amount": 1e999, "reference": [], "customer": null}',
          },
        ],
        [
          '/edge-test/things',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"amount": 123456789012345678901234567890, "customer": {"addresses": "x"}}',
          },
        ],
        [
          '/edge-test/things',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"__proto__": {"amount": 1}, "constructor": {"prototype": {}}}',
          },
        ],
        ['/edge-test/things/%E0%A4%A', { method: 'GET' }],
        ['/edge-test/things/undefined', { method: 'GET' }],
        ['/edge-test/things?limit=abc&limit=2', { method: 'GET' }],
        ['/edge-test/things?limit[$gt]=1', { method: 'GET' }],
      ];
      const outcomes: { path: string; status: number; hasErrorCode: boolean }[] = [];
      for (const [path, init] of attempts) {
        const response = await fetch(url(path), init);
        const body = (await json(response)) as { error_code?: unknown };
        outcomes.push({ path, status: response.status, hasErrorCode: typeof body.error_code === 'string' });
      }
      for (const outcome of outcomes) expect(outcome.status).toBeLessThan(500);
      // Only the unknown query field (`limit[$gt]`, dropped) gets a 200; everything else is refused with an error body.
      expect(
        outcomes.filter((outcome) => outcome.status >= 400 && outcome.hasErrorCode).map((outcome) => outcome.path),
      ).toHaveLength(attempts.length - 1);
    });

    it('never answers arbitrary JSON bodies or path segments with a 5xx (property)', async () => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 6 }), fc.string({ maxLength: 40 }), async (body, segment) => {
          const posted = await postJson(url('/edge-test/things'), JSON.stringify(body));
          expect(posted.status).toBeLessThan(500);
          const read = await fetch(url(`/edge-test/things/${encodeURIComponent(segment)}`));
          expect(read.status).toBeLessThan(500);
          await Promise.all([posted.arrayBuffer(), read.arrayBuffer()]);
        }),
        { numRuns: 60 },
      );
    });
  });

  describe('errors', () => {
    it('answers an unknown route with 404 and an error body', async () => {
      const response = await fetch(url('/v2/no-such-endpoint/123?x=1'), { method: 'POST' });
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({
        error_code: 'NOT_FOUND_ERROR',
        message: 'No endpoint answers POST /v2/no-such-endpoint/123',
      });
    });

    it(
      'gives a DomainError the status its catalogue declares, ' + 'and warns when the app installed no such catalogue',
      async () => {
        const registered = await fetch(url('/edge-test/domain-error'));
        expect(registered.status).toBe(404);
        expect(await json(registered)).toEqual({
          error_code: 'EDGE_TEST_THING_NOT_FOUND_ERROR',
          message: 'No thing has this id',
        });
        const before = logLines.length;
        const unregistered = await fetch(url('/edge-test/unregistered-domain-error'));
        expect(unregistered.status).toBe(422);
        expect(await json(unregistered)).toEqual({ error_code: 'EDGE_TEST_RULE_ERROR', message: 'A rule said no' });
        const warning = logLines
          .slice(before)
          .find((line) => line.includes('EDGE_TEST_RULE_ERROR (declared by edge-test-uninstalled)'));
        expect(warning).toBeDefined();
      },
    );

    it('renders ApiError with its headers, HttpExceptions with a declared body, and translated errors', async () => {
      const apiError = await fetch(url('/edge-test/api-error'));
      expect(apiError.status).toBe(409);
      expect(apiError.headers.get('retry-after')).toBe('3');
      expect(await json(apiError)).toEqual({ error_code: 'EDGE_TEST_BUSY_ERROR', message: 'Busy' });
      const httpException = await fetch(url('/edge-test/http-exception'));
      expect(httpException.status).toBe(403);
      expect(await json(httpException)).toEqual({ error_code: 'REQUEST_FORBIDDEN_ERROR', message: 'Not for you' });
      const translated = await fetch(url('/edge-test/translated'));
      expect(translated.status).toBe(418);
      expect(await json(translated)).toEqual({ error_code: 'TEAPOT_ERROR', message: 'I am a teapot' });
    });

    it('answers an unexpected error with 500 SERVER_ERROR and nothing internal', async () => {
      const response = await fetch(url('/edge-test/boom'));
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error_code: 'SERVER_ERROR', message: UNEXPECTED_ERROR_MESSAGE });
      expect(text).not.toMatch(/TypeError|charges\.ts|hunter2|4111|stack/);
    });

    it('answers an unavailable event store with 503, and data it cannot store with 400', async () => {
      const down = await fetch(url('/edge-test/event-store-down'));
      expect(down.status).toBe(503);
      expect(await json(down)).toEqual({
        error_code: 'SERVICE_UNAVAILABLE',
        message: 'The service is temporarily unavailable; retry later',
      });
      const invalid = await fetch(url('/edge-test/invalid-event-data'));
      expect(invalid.status).toBe(400);
      expect((await json(invalid)).error_code).toBe('API_VALIDATION_ERROR');
    });
  });

  describe('Request-ID', () => {
    it('is on every response: success, 4xx, 404, 500, docs and metrics', async () => {
      const responses = await Promise.all(
        [
          '/health',
          '/edge-test/things?limit=0',
          '/nowhere',
          '/edge-test/boom',
          '/docs',
          '/docs/openapi.json',
          '/metrics',
        ].map((path) => fetch(url(path))),
      );
      expect(responses.map((response) => response.status)).toEqual([200, 400, 404, 500, 200, 200, 200]);
      const ids = responses.map((response) => response.headers.get('request-id'));
      for (const id of ids) expect(id).toMatch(REQUEST_ID);
      expect(new Set(ids).size).toBe(ids.length);
      await Promise.all(responses.map((response) => response.arrayBuffer()));
    });

    it('is chosen by the server, not by the client', async () => {
      const response = await fetch(url('/health'), {
        headers: { 'Request-ID': 'req_chosen-by-client', 'X-Request-ID': 'mine' },
      });
      expect(response.headers.get('request-id')).toMatch(REQUEST_ID);
    });
  });

  describe('OpenAPI', () => {
    it('serves the UI at /docs with its assets', async () => {
      const page = await fetch(url('/docs'));
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).toContain('swagger-ui');
      for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'swagger-ui-init.js']) {
        expect(html).toContain(asset);
        const response = await fetch(url(`/docs/${asset}`));
        expect({ asset, status: response.status }).toEqual({ asset, status: 200 });
        expect((await response.text()).length).toBeGreaterThan(100);
      }
    });

    it('serves the document at /docs/openapi.json with Basic auth only where a key is needed', async () => {
      const response = await fetch(url('/docs/openapi.json'));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
      const document = await json(response);
      expect(document.openapi).toMatch(/^3\./);
      expect(document.components.securitySchemes.secretKey).toMatchObject({ type: 'http', scheme: 'basic' });
      expect(document.paths['/health'].get).toBeDefined();
      // Documented and open: an empty requirement. An undocumented @NoAuth() route is a page, not an operation.
      expect(document.paths['/health'].get.security).toEqual([]);
      expect(document.paths['/edge-test/things']).toBeUndefined();
      expect(document.paths['/edge-test-secured'].get.security).toEqual([{ secretKey: [] }]);
      expect(document.paths['/metrics']).toBeUndefined();
    });
  });

  describe('metrics', () => {
    it('counts requests per route template, with unknown routes as "unmatched"', async () => {
      for (const id of ['thing_a1', 'thing_b2', 'thing_c3'])
        await (await fetch(url(`/edge-test/things/${id}`))).arrayBuffer();
      await (await fetch(url('/no/such/route/4111111111111111'))).arrayBuffer();
      const response = await fetch(url('/metrics'));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain');
      const text = await response.text();
      const count = /http_requests_total\{method="GET",route="\/edge-test\/things\/:id",status="200"\} (\d+)/.exec(
        text,
      );
      expect(Number(count?.[1])).toBeGreaterThanOrEqual(3);
      expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} \d+/);
      expect(text).toMatch(
        /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/edge-test\/things\/:id"\} \d+/,
      );
      expect(text).toContain('process_cpu_user_seconds_total');
      expect(text).not.toMatch(/thing_a1|4111111111111111/);
    });
  });

  describe('logs', () => {
    it('are JSON lines with the access log fields, and hold no credentials, keys or card numbers', async () => {
      const credential = Buffer.from(`${API_KEY}:`).toString('base64');
      const headers = { Authorization: `Basic ${credential}`, 'x-callback-token': 'cb-token-secret' };
      const read = await fetch(url(`/edge-test/things/thing_logged?card=${CARD_NUMBER}`), { headers });
      const requestId = read.headers.get('request-id');
      await read.arrayBuffer();
      await (await fetch(url(`/edge-test/things/${CARD_NUMBER}`), { headers })).arrayBuffer();
      await (await fetch(url(`/v2/credit_card_tokens/${CARD_NUMBER}`), { headers })).arrayBuffer();
      const boom = await fetch(url(`/edge-test/boom?card_number=${CARD_NUMBER}`), { headers });
      const boomId = boom.headers.get('request-id');
      await boom.arrayBuffer();
      await postJson(url('/edge-test/things'), { ...validThing, card: CARD_NUMBER, password: 'hunter2' }, headers);
      const timeout = await fetch(url('/edge-test/designed-timeout'));
      const timeoutId = timeout.headers.get('request-id');
      expect(timeout.status).toBe(504);
      expect(await timeout.json()).toEqual({
        error_code: 'EDGE_TEST_DECISION_TIMEOUT_ERROR',
        message: 'The payer has not decided yet',
      });
      await new Promise((resolve) => setTimeout(resolve, 50));

      const entries = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
      for (const entry of entries)
        expect(entry).toEqual(
          expect.objectContaining({
            time: expect.any(String),
            level: expect.any(String),
            context: expect.any(String),
            message: expect.any(String),
          }),
        );
      const access = entries.find((entry) => entry.context === 'HttpAccess' && entry.requestId === requestId);
      expect(access).toEqual({
        time: expect.any(String),
        level: 'info',
        context: 'HttpAccess',
        requestId,
        message: 'GET /edge-test/things/:id 200',
        method: 'GET',
        route: '/edge-test/things/:id',
        status: 200,
        durationMs: expect.any(Number),
      });
      // A log line written inside the handler carries the request id too.
      expect(entries).toContainEqual(
        expect.objectContaining({ context: 'EdgeTest', message: 'reading a thing', requestId }),
      );
      // The 500 was logged with its request id and a masked error.
      const failure = entries.find((entry) => entry.context === 'HttpEdge' && entry.requestId === boomId);
      expect(failure).toMatchObject({
        level: 'error',
        status: 500,
        errorCode: 'SERVER_ERROR',
        error: { name: 'TypeError' },
      });
      // A 5xx the API defines as an outcome is no bug: a warning with its code, without a stack.
      const designed = entries.find((entry) => entry.context === 'HttpEdge' && entry.requestId === timeoutId);
      expect(designed).toMatchObject({
        level: 'warn',
        status: 504,
        errorCode: 'EDGE_TEST_DECISION_TIMEOUT_ERROR',
        message: 'Answered 504 EDGE_TEST_DECISION_TIMEOUT_ERROR: The payer has not decided yet',
      });
      expect(designed).not.toHaveProperty('error');

      const everything = logLines.join('\n');
      for (const secret of [CARD_NUMBER, credential, API_KEY, 'EdgeTestSecretKey', 'hunter2', 'cb-token-secret'])
        expect(everything).not.toContain(secret);
    });
  });
});

describe('HTTP edge when the database is down', () => {
  it('answers a failed query with 503 SERVICE_UNAVAILABLE', async () => {
    const gateway = await startTestApp({
      extraModules: [EdgeTestModule],
      databaseUrl: 'postgres://nobody:nothing@127.0.0.1:1/none',
    });
    try {
      const response = await fetch(`${gateway.baseUrl}/edge-test/database`);
      expect(response.status).toBe(503);
      expect(await json(response)).toEqual({
        error_code: 'SERVICE_UNAVAILABLE',
        message: 'The service is temporarily unavailable; retry later',
      });
      expect(response.headers.get('request-id')).toMatch(REQUEST_ID);
    } finally {
      await gateway.close();
    }
  });
});

describe('TLS policy', () => {
  it('behind a trusted proxy: X-Forwarded-Proto decides; probes stay reachable', async () => {
    const gateway = await startTestApp({
      extraModules: [EdgeTestModule],
      env: { REQUIRE_TLS: 'true', TRUST_PROXY: 'loopback' },
    });
    try {
      const plain = await fetch(`${gateway.baseUrl}/edge-test/things`);
      expect(plain.status).toBe(403);
      expect(await json(plain)).toEqual({
        error_code: 'TLS_REQUIRED_ERROR',
        message: 'Plain HTTP is refused: use HTTPS',
      });
      expect(plain.headers.get('request-id')).toMatch(REQUEST_ID);

      const forwardedHttp = await fetch(`${gateway.baseUrl}/edge-test/things`, {
        headers: { 'X-Forwarded-Proto': 'http' },
      });
      expect(forwardedHttp.status).toBe(403);
      const forwardedHttps = await fetch(`${gateway.baseUrl}/edge-test/things?limit=2`, {
        headers: { 'X-Forwarded-Proto': 'https' },
      });
      expect(forwardedHttps.status).toBe(200);
      expect(await json(forwardedHttps)).toEqual({ limit: 2 });

      // Refused before the body is read: a body never reaches the parser over plain HTTP.
      expect((await postJson(`${gateway.baseUrl}/edge-test/things`, '{not json')).status).toBe(403);
      for (const probe of ['/health', '/ready', '/metrics', '/health/'])
        expect((await fetch(`${gateway.baseUrl}${probe}`)).status).toBe(200);
      expect((await fetch(`${gateway.baseUrl}/docs`)).status).toBe(403);
    } finally {
      await gateway.close();
    }
  });

  it("ignores an untrusted client's X-Forwarded-Proto", async () => {
    const gateway = await startTestApp({
      extraModules: [EdgeTestModule],
      env: { REQUIRE_TLS: 'true', TRUST_PROXY: '10.0.0.0/8' },
    });
    try {
      const response = await fetch(`${gateway.baseUrl}/edge-test/things`, {
        headers: { 'X-Forwarded-Proto': 'https' },
      });
      expect(response.status).toBe(403);
      expect((await json(response)).error_code).toBe('TLS_REQUIRED_ERROR');
      expect((await fetch(`${gateway.baseUrl}/health`)).status).toBe(200);
    } finally {
      await gateway.close();
    }
  });
});
