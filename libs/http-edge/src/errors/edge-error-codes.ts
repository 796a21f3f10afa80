import {
  badRequest,
  conflict,
  defineErrors,
  forbidden,
  payloadTooLarge,
  serverError,
  serviceUnavailable,
  type SharedErrorCode,
  tooManyRequests,
  unauthorized,
  unsupportedMediaType,
} from '@gateway/domain';
import { ApiError, type ApiErrorOptions } from './api-error';

/**
 * The codes the HTTP edge answers by itself, whatever the route (body parsing, authentication,
 * TLS, rate limits, versions, idempotency, the server's own trouble), with their statuses. Each
 * place that answers one writes its message (`edgeError`). `API_VALIDATION_ERROR`,
 * `REQUEST_FORBIDDEN_ERROR` and `NOT_FOUND_ERROR` are the shared ones.
 */
const EdgeErrors = defineErrors('http-edge', {
  invalidJson: badRequest('INVALID_JSON_FORMAT'),
  apiVersionNotSupported: badRequest('API_VERSION_NOT_SUPPORTED_ERROR'),
  idempotencyKeyMismatch: badRequest('IDEMPOTENCY_KEY_MISMATCH_ERROR'),
  invalidApiKey: unauthorized('INVALID_API_KEY'),
  tlsRequired: forbidden('TLS_REQUIRED_ERROR'),
  idempotencyKeyInProgress: conflict('IDEMPOTENCY_KEY_IN_PROGRESS_ERROR'),
  requestTooLarge: payloadTooLarge('REQUEST_ENTITY_TOO_LARGE'),
  unsupportedContentType: unsupportedMediaType('UNSUPPORTED_CONTENT_TYPE_ERROR'),
  rateLimitExceeded: tooManyRequests('RATE_LIMIT_EXCEEDED'),
  serverError: serverError('SERVER_ERROR'),
  serviceUnavailable: serviceUnavailable('SERVICE_UNAVAILABLE'),
});

export const EDGE_ERROR_CODES = EdgeErrors.catalogue;

export type EdgeErrorCode = keyof typeof EDGE_ERROR_CODES.codes;

/** The edge's answer with `code` and the status declared above (or the shared one). */
export function edgeError(code: EdgeErrorCode | SharedErrorCode, message: string, options?: ApiErrorOptions): ApiError {
  return ApiError.of(EDGE_ERROR_CODES.code(code), message, options);
}
