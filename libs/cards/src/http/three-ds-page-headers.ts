/**
 * The 3DS page's response headers. Its CSP allows one nonce'd inline script, the merchant's logo
 * origin, and forms posting back here, nothing else.
 *
 * Framing: the page is meant to sit in the merchant's checkout, in an iframe or a popup. An iframe
 * is allowed for the gateway's own pages ('self': the invoice page frames it) and for the origin
 * the URL names (`?origin=`, set in `payer_authentication_url` from the page that asked for the
 * authentication, the same origin the result is posted to); any other page cannot frame it, so it
 * cannot overlay or clickjack the payer's "Complete" button. A popup is a top-level window, which
 * `frame-ancestors` does not restrict.
 */
export function threeDsPageHeaders(options: {
  nonce?: string;
  logoUrl?: string;
  /** A valid http(s) origin exactly (`embedderOrigin`), or undefined. */
  embedder?: string;
}): Record<string, string> {
  const { nonce, logoUrl, embedder } = options;
  const logo = logoUrl && URL.canParse(logoUrl) ? ` img-src ${new URL(logoUrl).origin};` : '';
  const script = nonce ? ` script-src 'nonce-${nonce}';` : '';
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'content-security-policy':
      `default-src 'none'; style-src 'unsafe-inline';${script}${logo} form-action 'self'; base-uri 'none'; ` +
      `frame-ancestors 'self'${embedder ? ` ${embedder}` : ''}`,
  };
}
