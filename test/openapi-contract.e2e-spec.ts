import {
  ApiDoc,
  ApiTag,
  buildOpenApiDocument,
  NoAuth,
  type OpenApiDocument,
  RequestExample,
  RequirePermissions,
  schema,
} from '@gateway/http-edge';
import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { Type } from 'class-transformer';
import { type Exchange, OpenApiContract } from './support/openapi-contract';
import { assertContractsHeld, participate } from './support/openapi-contract.registry';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

@RequestExample({ name: 'tea', size: 'L' })
class OrderDrinkDto {
  @IsString() name!: string;
  @IsIn(['S', 'M', 'L']) size!: string;
}

class PageQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(10) limit?: number;
}

const DRINK = schema.object({ name: schema.string(), size: schema.oneOfStrings(['S', 'M', 'L']) });

/**
 * A route that answers a shape its document does not promise (a number where a string is
 * documented, a field the schema does not name), and one that lets through what its document
 * refuses: what the contract check exists to catch.
 */
@ApiTag('Contract check')
@Controller('contract-check')
class ContractCheckController {
  @Post('drinks')
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  @ApiDoc({ summary: 'Order a drink', response: DRINK })
  order(@Body() body: OrderDrinkDto) {
    return body.name === 'wrong'
      ? { name: 42, size: body.size }
      : body.name === 'extra'
        ? { ...body, price: 1 }
        : { name: body.name, size: body.size };
  }

  @Get('drinks')
  @NoAuth()
  @ApiDoc({ summary: 'List drinks', response: schema.arrayOf(DRINK) })
  list(@Query() query: PageQueryDto) {
    return [{ name: 'tea', size: 'L' }].slice(0, query.limit ?? 1);
  }

  /** Lax on purpose: the document says `limit` is at most 10, the route never checks. */
  @Get('lax')
  @NoAuth()
  @ApiDoc({ summary: 'A route laxer than its document', response: schema.object({ ok: schema.boolean() }) })
  lax() {
    return { ok: true };
  }
}

/** The document says `limit` ≤ 10 for the lax route too, through its own parameters. */
function laxDocument(document: OpenApiDocument): OpenApiDocument {
  document.paths['/contract-check/lax'].get.parameters = [
    { name: 'limit', in: 'query', required: false, schema: { type: 'integer', maximum: 10 } },
  ];
  return document;
}

describe('OpenAPI contract check', () => {
  let gateway: TestApp;
  let secretKey: string;

  beforeAll(async () => {
    gateway = await startTestApp({
      extraModules: [{ module: class ContractCheckModule {}, controllers: [ContractCheckController] }],
    });
    secretKey = (await provisionBusiness(gateway.app)).test.secret_key;
  });

  afterAll(async () => {
    await gateway?.close();
  });

  const exchange = (overrides: Partial<Exchange>): Exchange => ({
    method: 'GET',
    path: '/',
    query: {},
    jsonBody: false,
    status: 200,
    contentType: 'application/json',
    ...overrides,
  });

  it('records every exchange of an e2e suite: a conforming one leaves nothing', async () => {
    const ordered = await call(gateway.baseUrl, secretKey, 'POST', '/contract-check/drinks', {
      body: { name: 'tea', size: 'L' },
    });
    expect(ordered.status).toBe(200);
    const refused = await call(gateway.baseUrl, secretKey, 'POST', '/contract-check/drinks', {
      body: { name: 'tea', size: 'XXL' },
    });
    expect(refused.body.error_code).toBe('API_VALIDATION_ERROR');
    const unauthenticated = await call(gateway.baseUrl, undefined, 'POST', '/contract-check/drinks', {
      body: { name: 'tea', size: 'L' },
    });
    expect(unauthenticated.status).toBe(401);
    expect(gateway.contract!.violations).toEqual([]);
  });

  it('fails the suite on a response whose shape is wrong, naming the operation and the field', async () => {
    const response = await call(gateway.baseUrl, secretKey, 'POST', '/contract-check/drinks', {
      body: { name: 'wrong', size: 'L' },
    });
    expect(response.status).toBe(200);
    await eventually(() => gateway.contract!.violations.length > 0);
    expect(gateway.contract!.violations).toEqual([
      expect.stringMatching(/POST \/contract-check\/drinks .*does not match its schema: \/name must be string/),
    ]);
    expect(() => gateway.contract!.assertConforms()).toThrow(/OpenAPI contract .*1 violation/);
    gateway.contract!.violations.splice(0);
  });

  it(
    'fails the test file: its contract hook (an afterAll) ' + 'throws every violation of every app it started',
    async () => {
      const other = await startTestApp({
        extraModules: [{ module: class ContractCheckModule {}, controllers: [ContractCheckController] }],
      });
      const key = (await provisionBusiness(other.app)).test.secret_key;
      await call(other.baseUrl, key, 'POST', '/contract-check/drinks', { body: { name: 'wrong', size: 'S' } });
      await eventually(() => other.contract!.violations.length > 0);
      await other.close();
      await expect(assertContractsHeld()).rejects.toThrow(
        new RegExp(
          String.raw`OpenAPI contract \(docs\/api-reference.md\): 1 violation\(s\):\n` +
            String.raw`- POST \/contract-check\/drinks .*\/name must be string`,
        ),
      );
      // The hook forgets what it reported; this file's own app goes on being checked.
      await expect(assertContractsHeld()).resolves.toBeUndefined();
      participate(gateway.contract!);
    },
  );

  it('refuses a field the response schema does not name', async () => {
    await call(gateway.baseUrl, secretKey, 'POST', '/contract-check/drinks', { body: { name: 'extra', size: 'L' } });
    await eventually(() => gateway.contract!.violations.length > 0);
    expect(gateway.contract!.violations).toEqual([
      expect.stringMatching(/must NOT have additional properties \(price\)/),
    ]);
    gateway.contract!.violations.splice(0);
  });

  describe("against the gateway's own document", () => {
    let contract: OpenApiContract;
    beforeAll(() => {
      contract = new OpenApiContract(laxDocument(buildOpenApiDocument(gateway.app)));
    });

    it('passes a documented invoice answer and an error it lists', () => {
      const invoice = {
        id: 'inv_1',
        user_id: 'biz',
        external_id: 'x',
        status: 'PENDING',
        merchant_name: 'M',
        merchant_profile_picture_url: null,
        amount: 50000,
        payer_email: 'a@b.co',
        description: 'd',
        invoice_url: 'http://localhost/web/invoices/inv_1',
        expiry_date: '2030-01-01T00:00:00.000Z',
        available_banks: [],
        available_retail_outlets: [],
        available_ewallets: [],
        should_exclude_credit_card: false,
        should_send_email: false,
        created: '2030-01-01T00:00:00.000Z',
        updated: '2030-01-01T00:00:00.000Z',
        currency: 'IDR',
        fixed_va: false,
      };
      expect(contract.check(exchange({ path: '/v2/invoices/inv_1', responseText: JSON.stringify(invoice) }))).toEqual(
        [],
      );
      const notFound = { error_code: 'INVOICE_NOT_FOUND_ERROR', message: 'no' };
      expect(
        contract.check(exchange({ path: '/v2/invoices/inv_1', status: 404, responseText: JSON.stringify(notFound) })),
      ).toEqual([]);
      // Missing a field the schema requires: the same answer, one field short.
      const { status: _status, ...withoutStatus } = invoice;
      expect(
        contract.check(exchange({ path: '/v2/invoices/inv_1', responseText: JSON.stringify(withoutStatus) })),
      ).toEqual([expect.stringContaining("must have required property 'status'")]);
    });

    it('fails an error code or a status the operation does not document', () => {
      const wrongCode = { error_code: 'DATA_NOT_FOUND', message: 'no' };
      expect(
        contract.check(exchange({ path: '/v2/invoices/inv_1', status: 404, responseText: JSON.stringify(wrongCode) })),
      ).toEqual([expect.stringMatching(/error_code must be equal to one of the allowed values/)]);
      expect(contract.check(exchange({ path: '/v2/invoices/inv_1', status: 418, responseText: '{}' }))).toEqual([
        expect.stringContaining('status 418 is not documented'),
      ]);
    });

    it('fails a 2xx answer to a request the document refuses', () => {
      expect(
        contract.check(exchange({ path: '/contract-check/lax', query: { limit: '50' }, responseText: '{"ok":true}' })),
      ).toEqual([
        expect.stringMatching(/answered 2xx to query parameters the document refuses: \/limit must be <= 10/),
      ]);
      expect(
        contract.check(exchange({ path: '/contract-check/lax', query: { limit: '5' }, responseText: '{"ok":true}' })),
      ).toEqual([]);
      const body = { external_id: 'x', payer_email: 'a@b.co', description: 'd', amount: 1.5 };
      expect(
        contract.check(
          exchange({
            method: 'POST',
            path: '/v2/invoices',
            body,
            jsonBody: true,
            status: 400,
            responseText: '{"error_code":"API_VALIDATION_ERROR","message":"m"}',
          }),
        ),
      ).toEqual([]);
      expect(
        contract.check(
          exchange({ method: 'POST', path: '/v2/invoices', body, jsonBody: true, status: 200, responseText: '[]' }),
        )[1],
      ).toMatch(/answered 2xx to a body the document refuses: \/amount must be integer/);
    });

    it("checks callback bodies against the document's webhooks", () => {
      const paid = {
        id: 'inv_1',
        external_id: 'x',
        user_id: 'biz',
        status: 'PAID',
        merchant_name: 'M',
        amount: 50000,
        paid_amount: 50000,
        payer_email: 'a@b.co',
        description: 'd',
        created: '2030-01-01T00:00:00.000Z',
        updated: '2030-01-01T00:00:00.000Z',
        paid_at: '2030-01-01T00:00:00.000Z',
        currency: 'IDR',
        payment_method: 'BANK_TRANSFER',
        payment_channel: 'BCA',
        payment_destination: '123',
        payment_id: 'p1',
        bank_code: 'BCA',
      };
      expect(contract.checkCallback('invoice', paid)).toEqual([]);
      expect(contract.checkCallback('invoice', { ...paid, status: 'PENDING' })).toEqual([
        expect.stringContaining('/status must be equal to one of the allowed values'),
      ]);
      expect(contract.checkCallback('invoice', { ...paid, secret: 'x' })).toEqual([
        expect.stringContaining('must NOT have additional properties (secret)'),
      ]);
      expect(contract.checkCallback('carrier_pigeon', {})).toEqual([
        'callback carrier_pigeon: not documented in the webhooks of the document',
      ]);
    });

    it('matches paths as Express does: literal segments first, `%21` as `!`, a trailing slash', () => {
      expect(contract.operationOf('GET', '/callback_deliveries/summary')?.route.template).toBe(
        '/callback_deliveries/summary',
      );
      expect(contract.operationOf('GET', '/callback_deliveries/msg_1')?.route.template).toBe(
        '/callback_deliveries/{id}',
      );
      expect(contract.operationOf('POST', '/invoices/abc/expire%21')?.route.template).toBe('/invoices/{id}/expire!');
      expect(contract.operationOf('POST', '/recurring_payments/')?.route.template).toBe('/recurring_payments');
      expect(contract.operationOf('GET', '/dashboard/overview')).toBeUndefined();
    });
  });
});

async function eventually(condition: () => boolean): Promise<void> {
  for (let waited = 0; waited < 2000 && !condition(); waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20));
}
