import type { SharedErrorCode } from '@gateway/domain';
import { EDGE_ERROR_CODES, type EdgeErrorCode } from '../errors/edge-error-codes';
import type { IdempotencyPolicyOptions } from '../idempotency/idempotency-policy.decorator';

/** What the document knows of a route, from the same metadata the edge acts on. */
export interface RouteTraits {
  authenticated: boolean;
  versioned: boolean;
  /** The route's idempotency policy when it honours `x-idempotency-key`. */
  idempotency?: IdempotencyPolicyOptions;
}

export interface EdgeError {
  code: string;
  status: number;
}

/**
 * The errors the edge itself may answer on a route (design §7), whatever the route does:
 * - any request: a bad JSON body (400 INVALID_JSON_FORMAT; the body parsers run before routing),
 *   a body over `BODY_LIMIT` (413), a content type, charset or encoding the parsers do not read (415), an
 *   unstorable string or malformed input (400 API_VALIDATION_ERROR), plain HTTP where TLS is required (403),
 *   the rate limits (429), and the server's own trouble (500, 503);
 * - authenticated routes: 401 INVALID_API_KEY, 403 REQUEST_FORBIDDEN_ERROR (permissions,
 *   `for-user-id`, a public key where only a secret one goes);
 * - versioned routes: 400 API_VERSION_NOT_SUPPORTED_ERROR;
 * - keyed POST/PATCH: the reuse answer of the route's policy and 409 for a key in flight.
 */
export function edgeErrorsOf(route: RouteTraits, statusOf: (code: string) => number): EdgeError[] {
  const codes: (EdgeErrorCode | SharedErrorCode)[] = [
    'API_VALIDATION_ERROR',
    'INVALID_JSON_FORMAT',
    'TLS_REQUIRED_ERROR',
    'REQUEST_ENTITY_TOO_LARGE',
    'UNSUPPORTED_CONTENT_TYPE_ERROR',
    'RATE_LIMIT_EXCEEDED',
    'SERVER_ERROR',
    'SERVICE_UNAVAILABLE',
  ];
  if (route.authenticated) codes.push('INVALID_API_KEY', 'REQUEST_FORBIDDEN_ERROR');
  if (route.versioned) codes.push('API_VERSION_NOT_SUPPORTED_ERROR');
  // Statuses as declared (edge-error-codes.ts), the same the edge answers with.
  const errors: EdgeError[] = codes.map((code) => ({ code, status: EDGE_ERROR_CODES.statusOf(code) }));
  const policy = route.idempotency;
  if (policy && policy.reuse !== 'off') {
    // A route's own reuse code (DUPLICATE_TRANSACTION_ERROR) is declared by its context.
    if (policy.reuse === 'reject') errors.push({ code: policy.errorCode, status: statusOf(policy.errorCode) });
    // A key used in the other mode is a reuse with other parameters under every policy.
    errors.push({
      code: 'IDEMPOTENCY_KEY_MISMATCH_ERROR',
      status: EDGE_ERROR_CODES.statusOf('IDEMPOTENCY_KEY_MISMATCH_ERROR'),
    });
    // Under `reject` a key in flight is the route's own code too.
    if (policy.reuse === 'replay')
      errors.push({
        code: 'IDEMPOTENCY_KEY_IN_PROGRESS_ERROR',
        status: EDGE_ERROR_CODES.statusOf('IDEMPOTENCY_KEY_IN_PROGRESS_ERROR'),
      });
  }
  return errors;
}

/** A sample message for the edge's codes; operations' own codes get a generic one. */
export const EDGE_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  API_VALIDATION_ERROR:
    'amount must be a whole number (IDR has no decimals) between -9007199254740991 and 9007199254740991',
  INVALID_JSON_FORMAT: 'The request body is not valid JSON',
  TLS_REQUIRED_ERROR: 'Plain HTTP is refused: use HTTPS',
  REQUEST_ENTITY_TOO_LARGE: 'The request body is larger than the limit of 1048576 bytes',
  UNSUPPORTED_CONTENT_TYPE_ERROR: 'The request body uses an unsupported charset or content encoding: send UTF-8 JSON',
  RATE_LIMIT_EXCEEDED: 'Too many requests; retry after the number of seconds in the Retry-After header',
  SERVER_ERROR: 'An unexpected error occurred; the request id identifies it in our logs',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable; retry later',
  INVALID_API_KEY: 'API key is missing or invalid: send the secret key as the Basic auth user name',
  REQUEST_FORBIDDEN_ERROR: 'The API key lacks the permission this request needs: money_in:write',
  API_VERSION_NOT_SUPPORTED_ERROR:
    'API version 2000-01-01 does not exist for customers; versions: 2020-05-19, 2020-10-31',
  IDEMPOTENCY_KEY_MISMATCH_ERROR:
    'This request does not match the original request sent with the same idempotency key.',
  IDEMPOTENCY_KEY_IN_PROGRESS_ERROR:
    'A request with this idempotency key is still being processed. Retry later with the same key and parameters.',
  DUPLICATE_TRANSACTION_ERROR:
    'This idempotency key was already used: this answer identifies what the first request made.',
};
