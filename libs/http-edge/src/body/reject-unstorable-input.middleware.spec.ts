import type { Request } from 'express';
import { ApiError } from '../errors/api-error';
import { rejectUnstorableInput } from './reject-unstorable-input.middleware';

/** What the middleware passes to `next`: nothing, or the error to answer. */
function verdict(request: Partial<Request>): ApiError | undefined {
  let passed: unknown = 'not called';
  rejectUnstorableInput()(
    { body: {}, query: {}, headers: {}, ...request } as Request,
    {} as never,
    (error?: unknown) => {
      passed = error;
    },
  );
  if (passed === 'not called') throw new Error('next was not called');
  return passed as ApiError | undefined;
}

describe('rejectUnstorableInput', () => {
  it('lets storable input through', () => {
    expect(
      verdict({
        body: { name: 'Budi 😀' },
        query: { q: '東京' },
        headers: { 'x-idempotency-key': 'key-1', 'for-user-id': 'biz_1' },
      }),
    ).toBeUndefined();
  });

  it('refuses a lone surrogate in the body with 400 API_VALIDATION_ERROR naming the field', () => {
    const error = verdict({ body: { customer: { given_names: '\ud800' } } });
    expect(error).toBeInstanceOf(ApiError);
    expect(error?.toBody()).toEqual({
      error_code: 'API_VALIDATION_ERROR',
      message: 'The body contains a lone UTF-16 surrogate (not well-formed Unicode) at customer.given_names',
      errors: [
        {
          field: ['customer', 'given_names'],
          location: 'body',
          messages: [expect.stringContaining('lone UTF-16 surrogate')],
          types: ['wellFormedUnicode'],
        },
      ],
    });
  });

  it('refuses a lone surrogate or NUL in the query', () => {
    expect(verdict({ query: { external_id: '\udc00' } })?.errors).toEqual([
      expect.objectContaining({ field: ['external_id'], location: 'query', types: ['wellFormedUnicode'] }),
    ]);
    expect(verdict({ query: { external_id: 'a\u0000' } })?.errors).toEqual([
      expect.objectContaining({ field: ['external_id'], location: 'query', types: ['noNulCharacter'] }),
    ]);
  });

  it('refuses a raw query whose escapes are not UTF-8, which the parsed query no longer shows', () => {
    const error = verdict({
      originalUrl: '/v2/invoices?limit=5&external_id=%ED%A0%80',
      query: { external_id: '\ufffd' },
    });
    expect(error?.toBody()).toEqual({
      error_code: 'API_VALIDATION_ERROR',
      message: 'The query parameter external_id has percent-escapes that are not UTF-8',
      errors: [expect.objectContaining({ field: ['external_id'], location: 'query', types: ['percentEncodedUtf8'] })],
    });
  });

  it.each(['x-idempotency-key', 'for-user-id', 'api-version', 'x-api-version'])(
    'refuses NUL or a lone surrogate in the stored header %s, naming it',
    (name) => {
      expect(verdict({ headers: { [name]: 'a\u0000b' } })?.errors).toEqual([
        expect.objectContaining({ field: [name], location: 'header', types: ['noNulCharacter'] }),
      ]);
      expect(verdict({ headers: { [name]: ['ok', 'b\ud800'] } })?.errors).toEqual([
        expect.objectContaining({ field: [name], location: 'header', types: ['wellFormedUnicode'] }),
      ]);
    },
  );
});
