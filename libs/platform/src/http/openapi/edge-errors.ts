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
 *   a body over `BODY_LIMIT` (413), a charset or encoding the parsers do not read (415), an unstorable string or malformed input (400
 *   API_VALIDATION_ERROR), plain HTTP where TLS is required (403), the rate limits (429), and
 *   the server's own trouble (500, 503);
 * - authenticated routes: 401 INVALID_API_KEY, 403 REQUEST_FORBIDDEN_ERROR (permissions,
 *   `for-user-id`, a public key where only a secret one goes);
 * - versioned routes: 400 API_VERSION_NOT_SUPPORTED_ERROR;
 * - keyed POST/PATCH: the reuse answer of the route's policy and 409 for a key in flight.
 */
export function edgeErrorsOf(route: RouteTraits): EdgeError[] {
  const errors: EdgeError[] = [
    { code: 'API_VALIDATION_ERROR', status: 400 },
    { code: 'INVALID_JSON_FORMAT', status: 400 },
    { code: 'TLS_REQUIRED_ERROR', status: 403 },
    { code: 'REQUEST_ENTITY_TOO_LARGE', status: 413 },
    { code: 'UNSUPPORTED_CONTENT_TYPE_ERROR', status: 415 },
    { code: 'RATE_LIMIT_EXCEEDED', status: 429 },
    { code: 'SERVER_ERROR', status: 500 },
    { code: 'SERVICE_UNAVAILABLE', status: 503 },
  ];
  if (route.authenticated) {
    errors.push({ code: 'INVALID_API_KEY', status: 401 });
    errors.push({ code: 'REQUEST_FORBIDDEN_ERROR', status: 403 });
  }
  if (route.versioned) errors.push({ code: 'API_VERSION_NOT_SUPPORTED_ERROR', status: 400 });
  const policy = route.idempotency;
  if (policy && policy.reuse !== 'off') {
    errors.push({ code: policy.reuse === 'reject' ? policy.errorCode : 'IDEMPOTENCY_KEY_MISMATCH_ERROR', status: 400 });
    // A key used in the other mode is a reuse with other parameters under every policy.
    if (policy.reuse === 'reject') errors.push({ code: 'IDEMPOTENCY_KEY_MISMATCH_ERROR', status: 400 });
    errors.push({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS_ERROR', status: 409 });
  }
  return errors;
}

/** A sample message for the edge's codes; operations' own codes get a generic one. */
export const EDGE_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  API_VALIDATION_ERROR: 'amount must be a whole number (IDR has no decimals) between -9007199254740991 and 9007199254740991',
  INVALID_JSON_FORMAT: 'The request body is not valid JSON',
  TLS_REQUIRED_ERROR: 'Plain HTTP is refused: use HTTPS',
  REQUEST_ENTITY_TOO_LARGE: 'The request body is larger than the limit of 1048576 bytes',
  UNSUPPORTED_CONTENT_TYPE_ERROR: 'The request body uses an unsupported charset or content encoding: send UTF-8 JSON',
  RATE_LIMIT_EXCEEDED: 'Too many requests; retry after the number of seconds in the Retry-After header',
  SERVER_ERROR: 'An unexpected error occurred; the request id identifies it in our logs',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable; retry later',
  INVALID_API_KEY: 'API key is missing or invalid: send the secret key as the Basic auth user name',
  REQUEST_FORBIDDEN_ERROR: 'The API key lacks the permission this request needs: money_in:write',
  API_VERSION_NOT_SUPPORTED_ERROR: 'API version 2000-01-01 does not exist for customers; versions: 2020-05-19, 2020-10-31',
  IDEMPOTENCY_KEY_MISMATCH_ERROR: 'This request does not match the original request sent with the same idempotency key.',
  IDEMPOTENCY_KEY_IN_PROGRESS_ERROR: 'A request with this idempotency key is still being processed. Retry later with the same key and parameters.',
  DUPLICATE_TRANSACTION_ERROR: 'This idempotency key was already used: this answer identifies what the first request made.',
};
