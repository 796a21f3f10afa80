import type { NextFunction, Request, Response } from 'express';
import type { ApiError } from '../errors/api-error';
import { edgeError } from '../errors/edge-error-codes';

/**
 * The content types something in the app reads: the JSON and form parsers before routing, and
 * the routes that take uploads (their multer interceptors read multipart forms).
 */
export const READ_CONTENT_TYPES = [
  'application/json',
  'application/*+json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
];

/**
 * A body nothing reads is refused with 415 UNSUPPORTED_CONTENT_TYPE_ERROR, as a charset the JSON
 * parser does not read already is. Left unread, it reached the handler as an empty body: a PATCH
 * of a payment code, VA, customer or recurring payment sent as text/plain or XML answered 200 and
 * changed nothing, and a client could not tell. A request without a body passes, including
 * `Content-Length: 0` without a content type (xendit-node's POST expire!, stop!, pause!, ...).
 */
export function refuseUnreadBodies() {
  return (request: Request, _response: Response, next: NextFunction): void => {
    next(carriesBody(request) && !request.is(READ_CONTENT_TYPES) ? unsupportedContentType(request) : undefined);
  };
}

/** Whether bytes follow the headers: a positive length, or a chunked body (its size is not known up front). */
function carriesBody(request: Request): boolean {
  if (request.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(request.headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > 0;
}

function unsupportedContentType(request: Request): ApiError {
  // The media type alone (parameters dropped, bounded): the header is the client's text.
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase().slice(0, 100);
  const what =
    type === '' ? 'The request body has no content type' : `The request body's content type ${type} is not read`;
  return edgeError('UNSUPPORTED_CONTENT_TYPE_ERROR', `${what}: send application/json`);
}
