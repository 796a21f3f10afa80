import {
  badRequest,
  conflict,
  defineErrors,
  type ErrorCatalogue,
  gone,
  invalidField,
  invalidRequest,
  notFound,
  withCodes,
} from '@gateway/domain';
import {
  BadRequestException,
  ConflictException,
  HttpException,
  InternalServerErrorException,
  NotFoundException,
} from '@nestjs/common';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from './api-error';
import { errorStatusFor, registerErrorCatalogues, registeredErrorCodes } from './error-statuses';
import { registerErrorTranslator } from './error-translators';
import { toApiError } from './to-api-error';

class TeapotError extends Error {}
registerErrorTranslator((error) =>
  error instanceof TeapotError ? new ApiError('TEAPOT_ERROR', 418, 'short and stout') : undefined,
);

function named(name: string, message = 'x', extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { name }, extra);
}

describe('error statuses', () => {
  it('knows the shared and the edge codes before any app installs its catalogues, and nothing else', () => {
    expect(errorStatusFor('API_VALIDATION_ERROR')).toBe(400);
    expect(errorStatusFor('INVALID_API_KEY')).toBe(401);
    expect(errorStatusFor('REQUEST_FORBIDDEN_ERROR')).toBe(403);
    expect(errorStatusFor('DATA_NOT_FOUND')).toBe(404);
    expect(errorStatusFor('RATE_LIMIT_EXCEEDED')).toBe(429);
    expect(errorStatusFor('SERVICE_UNAVAILABLE')).toBe(503);
    expect(errorStatusFor('SOME_UNKNOWN_RULE_ERROR')).toBeUndefined();
  });

  it('refuses one code with two statuses (naming both catalogues), and non-error statuses', () => {
    const first = defineErrors('spec-first', { missing: notFound('SPEC_TEST_MISSING_ERROR') }).catalogue;
    const same = defineErrors('spec-same', { missing: notFound('SPEC_TEST_MISSING_ERROR') }).catalogue;
    const other = defineErrors('spec-other', { missing: gone('SPEC_TEST_MISSING_ERROR') }).catalogue;
    registerErrorCatalogues([first]);
    expect(() => registerErrorCatalogues([first, same])).not.toThrow();
    expect(registeredErrorCodes().find((entry) => entry.code === 'SPEC_TEST_MISSING_ERROR')?.owners).toEqual([
      'spec-first',
      'spec-same',
    ]);
    expect(() => registerErrorCatalogues([other])).toThrow(
      /SPEC_TEST_MISSING_ERROR: spec-other declares status 410, spec-first and spec-same 404/,
    );
    expect(() =>
      registerErrorCatalogues([
        defineErrors('a', { twice: badRequest('SPEC_TEST_TWICE_ERROR') }).catalogue,
        defineErrors('b', { twice: conflict('SPEC_TEST_TWICE_ERROR') }).catalogue,
      ]),
    ).toThrow(/declares status 409/);
    // Nothing of a refused list is kept.
    expect(errorStatusFor('SPEC_TEST_TWICE_ERROR')).toBeUndefined();
    const ok = withCodes({ SPEC_TEST_OK: { status: 200 as never } }, (errorOf) => () => errorOf('SPEC_TEST_OK', 'x'));
    expect(() => defineErrors('spec', { ok })).toThrow(/not an HTTP error status/);
  });

  it('keeps a local declaration out of the registry', () => {
    const local = withCodes(
      { SPEC_TEST_LOCAL_ERROR: { status: 400, local: true } },
      (errorOf) => () => errorOf('SPEC_TEST_LOCAL_ERROR', 'x'),
    );
    registerErrorCatalogues([defineErrors('spec-local', { local }).catalogue]);
    expect(errorStatusFor('SPEC_TEST_LOCAL_ERROR')).toBeUndefined();
  });

  it('builds errors only from declared codes, with their status', () => {
    const codes: ErrorCatalogue<'SPEC_TEST_GONE_ERROR'> = defineErrors('spec', {
      gone: gone('SPEC_TEST_GONE_ERROR'),
    }).catalogue;
    expect(codes.error('SPEC_TEST_GONE_ERROR', 'gone')).toMatchObject({
      code: 'SPEC_TEST_GONE_ERROR',
      status: 410,
      message: 'gone',
    });
    expect(codes.error('TEST_MODE_ONLY_ERROR', 'test only')).toMatchObject({ status: 403 });
    // @ts-expect-error: a code the catalogue does not declare is a type error.
    expect(() => codes.error('SPEC_TEST_UNDECLARED_ERROR', 'x')).toThrow(/not declared/);
  });
});

describe('toApiError', () => {
  it('keeps an ApiError as thrown', () => {
    const error = new ApiError('RATE_LIMIT_EXCEEDED', 429, 'slow down', { headers: { 'Retry-After': '2' } });
    expect(toApiError(error)).toBe(error);
  });

  it('gives a DomainError the status its catalogue declares', () => {
    const codes = defineErrors('spec', {
      missing: notFound('SPEC_TEST_DISBURSEMENT_NOT_FOUND_ERROR'),
      rule: conflict('SPEC_TEST_RULE_ERROR'),
    }).catalogue;
    expect(toApiError(codes.error('SPEC_TEST_DISBURSEMENT_NOT_FOUND_ERROR', 'no such disbursement')).toBody()).toEqual({
      error_code: 'SPEC_TEST_DISBURSEMENT_NOT_FOUND_ERROR',
      message: 'no such disbursement',
    });
    expect(toApiError(codes.error('SPEC_TEST_DISBURSEMENT_NOT_FOUND_ERROR', 'x')).status).toBe(404);
    expect(toApiError(codes.error('SPEC_TEST_RULE_ERROR', 'x')).status).toBe(409);
  });

  it('asks registered translators', () => {
    expect(toApiError(new TeapotError())).toMatchObject({ code: 'TEAPOT_ERROR', status: 418 });
  });

  it.each([
    ['EventStoreUnavailableError', named('EventStoreUnavailableError')],
    ['a refused connection', named('Error', 'connect ECONNREFUSED 127.0.0.1:1', { code: 'ECONNREFUSED' })],
    [
      'a refused dual-stack connection',
      new AggregateError([named('Error', 'a', { code: 'ECONNREFUSED' })], 'connect failed'),
    ],
    [
      'a Unix socket whose server is down',
      named('Error', 'connect ENOENT /data/postgres/.s.PGSQL.5432', { code: 'ENOENT', syscall: 'connect' }),
    ],
    ['a PostgreSQL shutdown', named('error', 'terminating connection due to administrator command', { code: '57P01' })],
    ['a connection exception', named('error', 'connection failure', { code: '08006' })],
    ['a lost pg connection', new Error('Connection terminated unexpectedly')],
    ['a wrapped cause', new Error('append failed', { cause: named('Error', 'x', { code: 'ETIMEDOUT' }) })],
  ])('answers %s with 503 SERVICE_UNAVAILABLE', (_label, error) => {
    expect(toApiError(error).toBody()).toEqual({
      error_code: 'SERVICE_UNAVAILABLE',
      message: 'The service is temporarily unavailable; retry later',
    });
    expect(toApiError(error).status).toBe(503);
  });

  it('answers data the store refuses (NUL) with 400 API_VALIDATION_ERROR', () => {
    expect(toApiError(named('InvalidEventDataError'))).toMatchObject({ code: 'API_VALIDATION_ERROR', status: 400 });
    expect(toApiError(named('error', 'unsupported Unicode escape sequence', { code: '22P05' }))).toMatchObject({
      status: 400,
    });
  });

  it(
    'gives every API_VALIDATION_ERROR an errors[] entry: ' +
      'the field it names, else the whole input (issue 19, item 7)',
    () => {
      expect(toApiError(invalidRequest('cursor is not a cursor')).toBody()).toEqual({
        error_code: 'API_VALIDATION_ERROR',
        message: 'cursor is not a cursor',
        errors: [{ field: [], location: 'body', messages: ['cursor is not a cursor'], types: ['invalid'] }],
      });
      expect(
        toApiError(invalidField(['payment_methods', '1'], 'unknown method', 'isPaymentChannel')).toBody().errors,
      ).toEqual([
        {
          field: ['payment_methods', '1'],
          location: 'body',
          messages: ['unknown method'],
          types: ['isPaymentChannel'],
        },
      ]);
      expect(new ApiError('API_VALIDATION_ERROR', 400, 'bad', { errors: [] }).toBody().errors).toHaveLength(1);
      expect(new ApiError('API_VALIDATION_ERROR', 400, 'bad').toBody('query').errors).toEqual([
        { field: [], location: 'query', messages: ['bad'], types: ['invalid'] },
      ]);
      expect(toApiError(new BadRequestException('x')).toBody().errors).toHaveLength(1);
      expect(new ApiError('DUPLICATE_TRANSACTION_ERROR', 400, 'used').toBody()).toEqual({
        error_code: 'DUPLICATE_TRANSACTION_ERROR',
        message: 'used',
      });
    },
  );

  it("maps Nest's HttpExceptions by status, keeping a declared error_code body", () => {
    expect(toApiError(new BadRequestException('Validation failed (numeric string is expected)'))).toMatchObject({
      code: 'API_VALIDATION_ERROR',
      status: 400,
    });
    expect(toApiError(new NotFoundException())).toMatchObject({ code: 'NOT_FOUND_ERROR', status: 404 });
    expect(toApiError(new ConflictException('busy'))).toMatchObject({ code: 'CONFLICT_ERROR', status: 409 });
    expect(toApiError(new HttpException({ error_code: 'INVALID_API_KEY', message: 'no key' }, 401)).toBody()).toEqual({
      error_code: 'INVALID_API_KEY',
      message: 'no key',
    });
    expect(toApiError(new InternalServerErrorException('pool exhausted at db.ts:12')).toBody()).toEqual({
      error_code: 'SERVER_ERROR',
      message: UNEXPECTED_ERROR_MESSAGE,
    });
  });

  it('answers anything else with a 500 that reveals nothing', () => {
    const missingFile = named('Error', "ENOENT: no such file or directory, open '/x'", {
      code: 'ENOENT',
      syscall: 'open',
    });
    for (const thrown of [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      missingFile,
      'a string',
      undefined,
      { weird: true },
    ]) {
      const error = toApiError(thrown);
      expect(error.status).toBe(500);
      expect(error.toBody()).toEqual({ error_code: 'SERVER_ERROR', message: UNEXPECTED_ERROR_MESSAGE });
    }
  });
});
