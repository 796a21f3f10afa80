import type { Request } from 'express';
import { invalidIdempotencyKey } from './idempotency-errors';

/**
 * Node lower-cases header names, so this one name also covers `X-IDEMPOTENCY-KEY`, the
 * spelling the spec uses for disbursements and card refunds.
 */
export const IDEMPOTENCY_KEY_HEADER = 'x-idempotency-key';

/** Printable ASCII only: the key is echoed in logs and compared byte for byte. */
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * The request's idempotency key, or undefined when it sent none. A header that is present
 * but empty or not printable ASCII is a client error (400 API_VALIDATION_ERROR) rather than
 * "no key": silently running a request the client meant to protect could duplicate a payment.
 *
 * No length cap (spec: "min 1 char, no maximum"; issue 19, item 13): records are found by the
 * key's hash, so any key Node's HTTP server accepts in a header (its header size limit, 16 KiB
 * for all headers together by default, answered 431 beyond) is a key.
 */
export function readIdempotencyKey(request: Request): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return undefined;
  // Node joins repeated non-standard headers with ", "; an array only comes from odd adapters.
  const key = Array.isArray(raw) ? raw.join(', ') : raw;
  if (key.length === 0) throw invalidIdempotencyKey(IDEMPOTENCY_KEY_HEADER, 'must not be empty');
  if (!PRINTABLE_ASCII.test(key))
    throw invalidIdempotencyKey(IDEMPOTENCY_KEY_HEADER, 'must contain printable ASCII characters only');
  return key;
}
