import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { gatewayState } from '../caller';

export const REQUEST_ID_HEADER = 'Request-ID';

/** What a client-sent id must look like to be written to the access log at all. */
const SAFE_CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const clientRequestIds = new WeakMap<Request, string>();

export function newRequestId(): string {
  return `req_${randomUUID()}`;
}

/**
 * Gives every request a fresh id (`req_<uuid>`) and sends it back as `Request-ID` before anything
 * else runs, so errors, 404s and refusals carry it too. The id becomes the correlation id of the
 * events the request causes, so a client cannot choose it: a client's own `Request-ID` or
 * `X-Request-ID` is only recorded (access log field `clientRequestId`) when it looks harmless.
 */
export function assignRequestId() {
  return (request: Request, response: Response, next: NextFunction): void => {
    const requestId = newRequestId();
    gatewayState(request).requestId = requestId;
    response.setHeader(REQUEST_ID_HEADER, requestId);
    const fromClient = request.headers['request-id'] ?? request.headers['x-request-id'];
    if (typeof fromClient === 'string' && SAFE_CLIENT_REQUEST_ID.test(fromClient))
      clientRequestIds.set(request, fromClient);
    next();
  };
}

/** The id the client sent, when it passed the safety check. */
export function clientRequestId(request: Request): string | undefined {
  return clientRequestIds.get(request);
}
