import { createHash } from 'node:crypto';
import type { Request } from 'express';

/**
 * What "the same parameters" means for a reused key (spec item 4): method, route template,
 * path parameters, query, the `for-user-id` header and the body, with object keys sorted so
 * that `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same request.
 *
 * The template rather than the raw URL, so a trailing slash or percent-encoding does not make a
 * retry look different; but the path parameters too, because a refund of charge B sent with
 * the key of a refund of charge A must not be answered with A's refund.
 *
 * Limitation: a multipart body is parsed by its route's own interceptor, after this global one
 * has run, so uploaded files are not part of the fingerprint (their form fields are not either).
 */
export function requestFingerprint(request: Request): string {
  const routeTemplate: unknown = request.route?.path ?? request.path;
  const forUserId = request.headers['for-user-id'] ?? null;
  const parts = [request.method, String(routeTemplate), request.params ?? {}, request.query ?? {}, forUserId, request.body ?? null];
  return createHash('sha256').update(canonicalJson(parts)).digest('hex');
}

/** JSON with every object's keys sorted, recursively; array order is kept (it is meaningful). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeysDeep(value)) ?? 'null';
}

function sortKeysDeep(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  // Dates, Buffers and the like: sort what JSON would actually contain.
  const jsonable = value as { toJSON?: () => unknown };
  if (typeof jsonable.toJSON === 'function') return sortKeysDeep(jsonable.toJSON());
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
  return sorted;
}
