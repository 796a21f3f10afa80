import { createHash } from 'node:crypto';
import type { Request } from 'express';

/** An uploaded file as multer leaves it on the request (`request.file`, `request.files`). */
interface UploadedFile {
  fieldname: string;
  mimetype: string;
  buffer?: Buffer;
}

/**
 * What "the same parameters" means for a reused key (spec item 4): method, route template,
 * path parameters, query, the `for-user-id` header, the body and uploaded files, with object
 * keys sorted so that `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same request.
 *
 * The template rather than the raw URL, so a trailing slash or percent-encoding does not make a
 * retry look different; but the path parameters too, because a refund of charge B sent with
 * the key of a refund of charge A must not be answered with A's refund.
 *
 * Uploaded files count by their field, declared type and the SHA-256 of their bytes (issue 19,
 * item 16): the same key with another file is another request. A multipart body is parsed by its
 * route's interceptor, so such routes run idempotency after it (`@IdempotencyAfterBodyParsing`).
 */
export function requestFingerprint(request: Request): string {
  const routeTemplate: unknown = (request.route as { path?: unknown } | undefined)?.path ?? request.path;
  const forUserId = request.headers['for-user-id'] ?? null;
  const parts: unknown[] = [
    request.method,
    String(routeTemplate),
    request.params ?? {},
    request.query ?? {},
    forUserId,
    request.body ?? null,
  ];
  const files = uploadedFiles(request);
  // Only when there are files, so that every other request's fingerprint stays what it was.
  if (files.length > 0)
    parts.push(
      files.map((file) => ({
        field: file.fieldname,
        type: file.mimetype,
        sha256: sha256Hex(file.buffer ?? Buffer.alloc(0)),
      })),
    );
  return sha256Hex(canonicalJson(parts));
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function uploadedFiles(request: Request): UploadedFile[] {
  const { file, files } = request as Request & {
    file?: UploadedFile;
    files?: UploadedFile[] | Record<string, UploadedFile[]>;
  };
  return [...(file ? [file] : []), ...(Array.isArray(files) ? files : Object.values(files ?? {}).flat())];
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
