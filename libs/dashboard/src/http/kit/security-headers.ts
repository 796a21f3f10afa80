import type { Response } from 'express';

/**
 * Headers of every dashboard response: no caching, no framing, only the dashboard's own scripts (no inline), no
 * referrer.
 */
export function setDashboardHeaders(response: Response): void {
  response.setHeader('cache-control', 'no-store');
  response.setHeader('x-frame-options', 'DENY');
  response.setHeader('x-content-type-options', 'nosniff');
  response.setHeader('referrer-policy', 'no-referrer');
  response.setHeader(
    'content-security-policy',
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; " +
      "frame-ancestors 'none'; base-uri 'none'",
  );
}
