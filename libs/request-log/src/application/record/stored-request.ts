import { type CapturedRequest, redactText, redactValue } from '@gateway/http-edge';
import { randomUUID } from 'node:crypto';
import { capText } from '../../domain/capped-text';

/** One row of the request log, ready to insert: nothing in it is secret any more. */
export interface StoredRequest {
  logId: string;
  requestId: string;
  clientRequestId: string | null;
  businessId: string;
  mode: 'test' | 'live';
  keyId: string;
  /** The platform business whose key acted through `for-user-id`. */
  platformBusinessId: string | null;
  method: string;
  route: string;
  path: string;
  status: number;
  errorCode: string | null;
  latencyMs: number;
  requestedAt: Date;
  apiVersion: string | null;
  requestBody: string | null;
  requestBodyTruncated: boolean;
  responseBody: string | null;
  responseBodyTruncated: boolean;
}

/** A lone UTF-16 surrogate, or NUL: what PostgreSQL text cannot hold (and a JSON batch could not carry). */
const UNSTORABLE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\0/g;

function storable(text: string): string {
  return text.replace(UNSTORABLE, '\uFFFD');
}

/** `error_code` values are the API's own upper-case codes; anything else in that field is not stored. */
const ERROR_CODE = /^[A-Z][A-Z0-9_]{0,63}$/;

/**
 * A captured request as the log stores it: bodies redacted by the same rules as the logs
 * (`redact.ts`: secret fields, card-like digits, API keys, signing secrets), then cut to
 * `bodyLimit` bytes; the path redacted too. Bodies are redacted field by field before they are
 * serialised, so a `"cvn"` or `"callback_token"` field is replaced whatever its value. An answer
 * that is not JSON (a file, a CSV) is only described by its type and size, and so is a very large
 * one.
 */
export function toStoredRequest(captured: CapturedRequest, bodyLimit: number): StoredRequest {
  const response = responseOf(captured);
  const requestBody = requestBodyOf(captured);
  const cappedRequest = requestBody === null ? null : capText(storable(requestBody), bodyLimit);
  const cappedResponse = response.text === null ? null : capText(storable(response.text), bodyLimit);
  return {
    logId: `rlog_${randomUUID().replaceAll('-', '')}`,
    requestId: captured.requestId,
    clientRequestId: captured.clientRequestId ?? null,
    businessId: captured.caller.businessId,
    mode: captured.caller.mode,
    keyId: captured.caller.key.keyId,
    platformBusinessId: captured.caller.onBehalfOf?.platformBusinessId ?? null,
    method: captured.method,
    route: captured.route,
    path: storable(redactText(captured.url)),
    status: captured.status,
    errorCode: captured.status >= 400 ? response.errorCode : null,
    latencyMs: Math.round(captured.latencyMs * 100) / 100,
    requestedAt: captured.startedAt,
    apiVersion: captured.apiVersion ?? null,
    requestBody: cappedRequest?.text ?? null,
    requestBodyTruncated: cappedRequest?.truncated ?? false,
    responseBody: cappedResponse?.text ?? null,
    responseBodyTruncated: cappedResponse?.truncated ?? false,
  };
}

function requestBodyOf(captured: CapturedRequest): string | null {
  if (captured.requestSize !== undefined && captured.requestSize > LARGEST_KEPT_BODY_BYTES)
    return `[body of ${captured.requestSize} bytes: too large to keep]`;
  const body = captured.requestBody;
  const hasFields =
    body !== undefined &&
    body !== null &&
    !(typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);
  if (!hasFields && captured.uploads.length === 0) return null;
  const redacted = hasFields ? redactValue(body) : {};
  // Uploaded files are named, never stored: `{..., "files": [{field, name, type, size}]}`.
  const withFiles =
    captured.uploads.length > 0 && typeof redacted === 'object' && redacted !== null && !Array.isArray(redacted)
      ? { ...redacted, '(files)': captured.uploads.map((upload) => redactValue(upload)) }
      : redacted;
  return typeof withFiles === 'string' ? withFiles : JSON.stringify(withFiles);
}

/**
 * The largest body (request or answer) redacted field by field and kept in part; a larger one (a
 * long list, a big batch) is only described, so one huge body never costs the process a long walk.
 */
export const LARGEST_KEPT_BODY_BYTES = 256 * 1024;

function responseOf(captured: CapturedRequest): { text: string | null; errorCode: string | null } {
  const type = captured.responseContentType?.split(';')[0]?.trim() || 'body';
  const size = captured.responseSize;
  if (size !== undefined && size > LARGEST_KEPT_BODY_BYTES)
    return { text: `[${type} of ${size} bytes: too large to keep]`, errorCode: null };
  if (captured.responseJson !== undefined) {
    const { value } = captured.responseJson;
    if (value === undefined || value === null) return { text: null, errorCode: null };
    const redacted = redactValue(value);
    return { text: JSON.stringify(redacted) ?? null, errorCode: errorCodeOf(value) };
  }
  // Not a JSON answer (a file, a CSV, text): described, never stored.
  if (!size) return { text: null, errorCode: null };
  return { text: `[${type} of ${size} bytes]`, errorCode: null };
}

function errorCodeOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const code = (body as { error_code?: unknown }).error_code;
  return typeof code === 'string' && ERROR_CODE.test(code) ? code : null;
}
