import { defineErrorCodes, type SharedErrorCode } from '@gateway/domain';
import { ApiError, type ApiErrorOptions } from './api-error';

/**
 * The codes the HTTP edge answers by itself, whatever the route (body parsing, authentication,
 * TLS, rate limits, versions, idempotency, the server's own trouble), with their statuses.
 * `API_VALIDATION_ERROR`, `REQUEST_FORBIDDEN_ERROR` and `NOT_FOUND_ERROR` are the shared ones.
 */
export const EDGE_ERROR_CODES = defineErrorCodes('http-edge', {
  INVALID_JSON_FORMAT: { status: 400 },
  API_VERSION_NOT_SUPPORTED_ERROR: { status: 400 },
  IDEMPOTENCY_KEY_MISMATCH_ERROR: { status: 400 },
  INVALID_API_KEY: { status: 401 },
  TLS_REQUIRED_ERROR: { status: 403 },
  IDEMPOTENCY_KEY_IN_PROGRESS_ERROR: { status: 409 },
  REQUEST_ENTITY_TOO_LARGE: { status: 413 },
  UNSUPPORTED_CONTENT_TYPE_ERROR: { status: 415 },
  RATE_LIMIT_EXCEEDED: { status: 429 },
  SERVER_ERROR: { status: 500 },
  SERVICE_UNAVAILABLE: { status: 503 },
});

export type EdgeErrorCode = keyof typeof EDGE_ERROR_CODES.codes;

/** The edge's answer with `code` and the status declared above (or the shared one). */
export function edgeError(code: EdgeErrorCode | SharedErrorCode, message: string, options?: ApiErrorOptions): ApiError {
  return ApiError.of(EDGE_ERROR_CODES.code(code), message, options);
}
