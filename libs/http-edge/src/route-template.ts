import type { Request } from 'express';

/** The label of requests no route matched (unknown URLs, and requests refused before routing). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route as declared (`/v2/invoices/:id`), never the raw URL: ids in URLs would make metric
 * labels unbounded and put customer data into logs. Known only once Express matched a route.
 */
export function routeTemplate(request: Request): string {
  const route = request.route as { path?: unknown } | undefined;
  return typeof route?.path === 'string' ? `${request.baseUrl}${route.path}` : UNMATCHED_ROUTE;
}
