/**
 * The secret key from `Authorization: Basic base64(<key>:)` (spec: Authentication items 1-2: "the
 * password is empty", the credential is "the key followed by a colon"). A header that is not
 * Basic, not base64, has no colon, or carries a password yields undefined (401 INVALID_API_KEY).
 */
export function apiKeyFromAuthorization(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon !== decoded.length - 1) return undefined;
  const key = decoded.slice(0, colon);
  // Keys are printable ASCII; anything else cannot be one of ours and is not worth a lookup.
  return /^[\x21-\x7e]{1,200}$/.test(key) ? key : undefined;
}
