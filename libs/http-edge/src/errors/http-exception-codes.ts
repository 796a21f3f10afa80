import { HttpException, HttpStatus } from '@nestjs/common';
import { ApiError, UNEXPECTED_ERROR_MESSAGE, type ValidationIssue } from './api-error';
import { edgeError } from './edge-error-codes';

/** The spec's code for each status Nest or Express may raise by themselves. */
const CODE_OF_STATUS: Readonly<Record<number, string>> = {
  400: 'API_VALIDATION_ERROR',
  401: 'INVALID_API_KEY',
  403: 'REQUEST_FORBIDDEN_ERROR',
  404: 'NOT_FOUND_ERROR',
  413: 'REQUEST_ENTITY_TOO_LARGE',
  415: 'UNSUPPORTED_CONTENT_TYPE_ERROR',
  422: 'API_VALIDATION_ERROR',
  429: 'RATE_LIMIT_EXCEEDED',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * A Nest `HttpException` (thrown by Nest itself, a built-in pipe, or Express errors Nest wraps) as an
 * `ApiError`. A body that names its `error_code` is kept; otherwise the code comes from the status:
 * 4xx statuses outside the table get `<STATUS_NAME>_ERROR` (409 -> `CONFLICT_ERROR`); every other
 * 5xx becomes `SERVER_ERROR` with a generic message, since its text may describe internals.
 */
export function apiErrorFromHttpException(exception: HttpException): ApiError {
  const status = exception.getStatus();
  const declared = declaredErrorBody(exception.getResponse());
  if (declared)
    return new ApiError(declared.error_code, status, declared.message, { cause: exception, errors: declared.errors });
  if (status >= 500) {
    return status === 503
      ? edgeError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry later', { cause: exception })
      : edgeError('SERVER_ERROR', UNEXPECTED_ERROR_MESSAGE, { cause: exception });
  }
  const code = CODE_OF_STATUS[status] ?? `${HttpStatus[status] ?? 'REQUEST'}_ERROR`;
  return new ApiError(code, status, exception.message, {
    cause: exception,
    errors: code === 'API_VALIDATION_ERROR' ? [] : undefined,
  });
}

/**
 * `new HttpException({ error_code, message, errors? }, status)` already says what to answer: kept
 * as given (guards and interceptors written before ApiError existed throw these).
 */
function declaredErrorBody(
  response: unknown,
): { error_code: string; message: string; errors?: ValidationIssue[] } | undefined {
  if (typeof response !== 'object' || response === null) return undefined;
  const { error_code: code, message, errors } = response as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  return { error_code: code, message, errors: Array.isArray(errors) ? (errors as ValidationIssue[]) : undefined };
}

/** The answer to a request no route matched. */
export function routeNotFound(method: string, path: string): ApiError {
  const shownPath = path.length > 200 ? `${path.slice(0, 200)}...` : path;
  return edgeError('NOT_FOUND_ERROR', `No endpoint answers ${method} ${shownPath}`);
}
