import { ApiError } from '../errors/api-error';
import { bodyParserErrorToApiError } from './body-parser-errors';

describe('bodyParserErrorToApiError', () => {
  it.each([
    [{ type: 'entity.parse.failed', status: 400 }, 'INVALID_JSON_FORMAT', 400],
    [{ type: 'entity.too.large', status: 413 }, 'REQUEST_ENTITY_TOO_LARGE', 413],
    [{ type: 'parameters.too.many', status: 413 }, 'REQUEST_ENTITY_TOO_LARGE', 413],
    [{ type: 'charset.unsupported', status: 415 }, 'UNSUPPORTED_CONTENT_TYPE_ERROR', 415],
    [{ type: 'encoding.unsupported', status: 415 }, 'UNSUPPORTED_CONTENT_TYPE_ERROR', 415],
    [{ type: 'request.size.invalid', status: 400 }, 'API_VALIDATION_ERROR', 400],
    [{ status: 400, expose: true }, 'INVALID_JSON_FORMAT', 400],
  ])('%j -> %s', (error, code, status) => {
    expect(bodyParserErrorToApiError(Object.assign(new Error('x'), error), 1024)).toMatchObject({ code, status });
  });

  it('leaves errors that are not about the body alone', () => {
    expect(bodyParserErrorToApiError(new Error('boom'), 1024)).toBeUndefined();
    expect(bodyParserErrorToApiError(new ApiError('TLS_REQUIRED_ERROR', 403, 'use HTTPS'), 1024)).toBeUndefined();
    expect(
      bodyParserErrorToApiError(Object.assign(new Error('x'), { status: 500, type: 'stream.not.readable' }), 1024),
    ).toBeUndefined();
  });
});
