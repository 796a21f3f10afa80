import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../errors/api-error';
import { edgeError } from '../errors/edge-error-codes';

/** What body-parser attaches to the errors it raises. */
interface BodyParserError {
  type?: unknown;
  status?: unknown;
  /** Set by http-errors, which body-parser uses for every error it raises. */
  expose?: unknown;
}

export function invalidJson(): ApiError {
  return edgeError('INVALID_JSON_FORMAT', 'The request body is not valid JSON');
}

export function bodyTooLarge(limitBytes: number): ApiError {
  return edgeError('REQUEST_ENTITY_TOO_LARGE', `The request body is larger than the limit of ${limitBytes} bytes`);
}

/**
 * body-parser's errors as the spec's answers. Without this, Nest would turn them into generic
 * HttpExceptions and the reason (bad JSON, too large, bad charset) would be lost.
 */
export function bodyParserErrorToApiError(error: unknown, limitBytes: number): ApiError | undefined {
  // Errors of earlier middleware (the TLS refusal) pass through these handlers too: leave them be.
  if (typeof error !== 'object' || error === null || error instanceof ApiError) return undefined;
  const { type, status, expose } = error as BodyParserError;
  switch (type) {
    case 'entity.parse.failed':
      return invalidJson();
    case 'entity.too.large':
    case 'parameters.too.many':
      return bodyTooLarge(limitBytes);
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return edgeError(
        'UNSUPPORTED_CONTENT_TYPE_ERROR',
        'The request body uses an unsupported charset or content encoding: send UTF-8 JSON',
      );
    case 'request.aborted':
    case 'request.size.invalid':
      return edgeError('API_VALIDATION_ERROR', 'The request body did not match its Content-Length', { errors: [] });
    case 'querystring.parse.rangeError':
      return edgeError('API_VALIDATION_ERROR', 'The form body is nested too deeply', { errors: [] });
    default:
      // A corrupt compressed body and the like: still the client's fault, never a 500.
      return typeof expose === 'boolean' && typeof status === 'number' && status >= 400 && status < 500
        ? invalidJson()
        : undefined;
  }
}

/** Express error middleware placed right after the body parsers. */
export function translateBodyParserErrors(limitBytes: number) {
  return (error: unknown, _request: Request, _response: Response, next: NextFunction): void => {
    next(bodyParserErrorToApiError(error, limitBytes) ?? error);
  };
}
