import { type AppConfig } from '@gateway/config';
import { publicBaseUrl } from '@gateway/http-edge';
import type { Request } from 'express';

/**
 * `payer_authentication_url`: the hosted 3DS page on the gateway's public address, naming the
 * origin of the page that asked for the authentication (the `Origin` header of cards.js's request)
 * as `?origin=`. The 3DS page posts its result to that origin only (issue 19, item 10): a page of
 * any other origin that frames or opens the URL hears nothing.
 */
export function threeDsPageUrl(request: Request, config: AppConfig, authenticationId: string): string {
  const origin = embedderOrigin(request.get('origin'));
  return (
    `${publicBaseUrl(request, config)}/3ds/${encodeURIComponent(authenticationId)}` +
    `${origin ? `?origin=${encodeURIComponent(origin)}` : ''}`
  );
}

/** A web origin exactly (`https://shop.example`, `http://localhost:8080`), else undefined. */
export function embedderOrigin(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 255) return undefined;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value ? value : undefined;
  } catch {
    return undefined;
  }
}
