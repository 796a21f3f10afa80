import type { NextFunction, Request, Response } from 'express';

/**
 * The spec's action routes end in `!` (`expire!`, `stop!`, `pause!`, `resume!`). `!` may appear
 * literally in a path, but clients and proxies that percent-encode it send `%21`, which Express
 * matches as three other characters. Decoding `%21` in the path (never the query) before routing
 * makes both forms reach the same route, template, idempotency fingerprint and rate-limit counter.
 * Path parameters are unaffected: Express decodes `%21` in them to `!` either way. Issue 19, item 8.
 */
export function acceptEncodedBang() {
  return (request: Request, _response: Response, next: NextFunction): void => {
    request.url = decodeBangInPath(request.url);
    next();
  };
}

export function decodeBangInPath(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.includes('%21')) return url;
  return path.replaceAll('%21', '!') + (queryAt === -1 ? '' : url.slice(queryAt));
}
