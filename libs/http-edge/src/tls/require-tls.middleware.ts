import type { NextFunction, Request, Response } from 'express';
import type { ApiError } from '../errors/api-error';
import { edgeError } from '../errors/edge-error-codes';

/** Probes and scrapers call these from inside the deployment, usually without TLS. */
const PLAIN_HTTP_ALLOWED_PATHS = new Set(['/health', '/ready', '/metrics']);

export function tlsRequired(): ApiError {
  return edgeError('TLS_REQUIRED_ERROR', 'Plain HTTP is refused: use HTTPS');
}

/**
 * Refuses plain-HTTP requests (403 TLS_REQUIRED_ERROR) before their body is read: API keys must not
 * travel in clear. `request.secure` is Express's answer: the socket is TLS, or a proxy listed in
 * TRUST_PROXY said `X-Forwarded-Proto: https`; the header from anyone else is ignored.
 */
export function requireTls() {
  return (request: Request, _response: Response, next: NextFunction): void => {
    if (request.secure || PLAIN_HTTP_ALLOWED_PATHS.has(normalisedPath(request.path))) return next();
    next(tlsRequired());
  };
}

/** Express matches routes case-insensitively and with an optional trailing slash; so does the exemption. */
function normalisedPath(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}
