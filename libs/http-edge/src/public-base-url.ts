import type { Request } from 'express';
import type { AppConfig } from '@gateway/config';

/** A Host header worth echoing in a link: a name or an IP (IPv6 in brackets), with an optional port. */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The one source of every absolute link the gateway hands out (`invoice_url`, `checkout_url`,
 * `payer_authentication_url`, report and file URLs; issue 19, item 23): `PUBLIC_BASE_URL` when the
 * operator set it, else the scheme (X-Forwarded-Proto from a trusted proxy honoured) and Host of
 * the request being answered. Without a request (a callback, an email, a scheduled job), the
 * configured address, or http://localhost:PORT when there is none.
 */
export function publicBaseUrl(
  request: Request | undefined,
  config: Pick<AppConfig, 'PUBLIC_BASE_URL' | 'publicBaseUrl'>,
): string {
  if (config.PUBLIC_BASE_URL || !request) return config.publicBaseUrl();
  const host = request.get('host') ?? '';
  return `${request.protocol}://${HOST.test(host) ? host : 'localhost'}`;
}
