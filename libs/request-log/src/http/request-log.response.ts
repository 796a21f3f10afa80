import { namedSchema, schema } from '@gateway/http-edge';
import type { RequestLogEntry, RequestLogPage } from '../application/list-request-logs/list-request-logs.query';

/** An entry on the wire (snake_case, times in ISO 8601, bodies as the redacted text stored). */
export function requestLogEntryToWire(entry: RequestLogEntry) {
  return {
    id: entry.id,
    request_id: entry.requestId,
    client_request_id: entry.clientRequestId,
    business_id: entry.businessId,
    mode: entry.mode,
    key_id: entry.keyId,
    platform_business_id: entry.platformBusinessId,
    method: entry.method,
    route: entry.route,
    path: entry.path,
    status: entry.status,
    error_code: entry.errorCode,
    latency_ms: entry.latencyMs,
    api_version: entry.apiVersion,
    request_body: entry.requestBody,
    request_body_truncated: entry.requestBodyTruncated,
    response_body: entry.responseBody,
    response_body_truncated: entry.responseBodyTruncated,
    created: entry.requestedAt.toISOString(),
  };
}

export function requestLogPageToWire(page: RequestLogPage) {
  return { data: page.entries.map(requestLogEntryToWire), has_more: page.hasMore };
}

const ENTRY_SCHEMA = schema.object({
  id: schema.string('The entry (`starting_after`, `ending_before` take it)', { pattern: '^rlog_[0-9a-f]{32}$' }),
  request_id: schema.string(
    'The `Request-ID` the answer carried (events the request recorded carry it as their correlation id)',
  ),
  client_request_id: schema.nullable(
    schema.string('The `Request-ID`/`X-Request-ID` the client sent, when it looked harmless'),
  ),
  business_id: schema.string(
    'The business the request acted for (a sub-account when a platform key used `for-user-id`)',
  ),
  mode: schema.oneOfStrings(['test', 'live']),
  key_id: schema.string('The API key that authenticated it'),
  platform_business_id: schema.nullable(schema.string('The platform business whose key acted through `for-user-id`')),
  method: schema.string(),
  route: schema.string('The route as declared (`/v2/invoices/:id`)'),
  path: schema.string('Path and query as sent, card-like digits masked'),
  status: schema.integer('The HTTP status answered (499: the client went away first)'),
  error_code: schema.nullable(schema.string('The `error_code` of a 4xx or 5xx answer')),
  latency_ms: schema.number('From the first byte read to the answer'),
  api_version: schema.nullable(schema.string('The dated API version the request ran with, for versioned resources')),
  request_body: schema.nullable(
    schema.string(
      'The body (JSON or form fields) as JSON text, secrets, ' +
        'card data and keys redacted, cut at REQUEST_LOG_BODY_LIMIT',
    ),
  ),
  request_body_truncated: schema.boolean(),
  response_body: schema.nullable(
    schema.string('The answer, redacted and cut the same way (a binary or very large answer is only described)'),
  ),
  response_body_truncated: schema.boolean(),
  created: schema.dateTime('When the request arrived'),
});

export const REQUEST_LOG_PAGE_SCHEMA = namedSchema('RequestLogPage', schema.pageOf(ENTRY_SCHEMA));
