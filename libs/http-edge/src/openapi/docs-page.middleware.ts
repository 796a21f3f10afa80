import type { NextFunction, Request, Response } from 'express';

/**
 * Swagger UI's page at `/<docs>` loads its assets by relative paths (`./docs/swagger-ui.css`),
 * which only resolve from `/docs` itself: Express matches `/docs/` to the same page, whose assets
 * then 404. So `/docs/` is redirected (301, query kept) to `/docs`.
 *
 * Its pages and assets carry the headers every other HTML page of the gateway has (the dashboard's
 * `security-headers.ts`): no framing, no MIME sniffing, no referrer, and a CSP. Swagger UI needs
 * more than the dashboard's policy: inline styles (its page's `<style>` blocks and React's style
 * attributes), `data:` images (icons in its CSS), and `connect-src 'self'` for "Try it out"
 * against this gateway. Scripts stay `'self'` only: the page loads its init script as a file.
 */
export function docsPage(docsPath: string) {
  const root = `/${docsPath}`;
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.path !== root && !request.path.startsWith(`${root}/`)) return next();
    if (request.path === `${root}/`) {
      const query = request.originalUrl.indexOf('?');
      return response.redirect(301, `${root}${query >= 0 ? request.originalUrl.slice(query) : ''}`);
    }
    response.setHeader('x-frame-options', 'DENY');
    response.setHeader('x-content-type-options', 'nosniff');
    response.setHeader('referrer-policy', 'no-referrer');
    response.setHeader(
      'content-security-policy',
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
        "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    next();
  };
}
