import type { Request } from 'express';

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * Where payers reach this api: `PUBLIC_BASE_URL` when the operator set it (behind a proxy or a
 * public name), else the scheme (trusted proxies honoured) and Host of the merchant's request.
 */
export function publicBaseUrl(request: Request, configured: string | undefined): string {
  if (configured) return configured;
  const host = request.get('host') ?? '';
  return `${request.protocol}://${HOST.test(host) ? host : 'localhost'}`;
}
