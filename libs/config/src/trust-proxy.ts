import { isIP } from 'node:net';

/** Express's names for address ranges (`loopback` = 127.0.0.1/8 and ::1/128). */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Whether `entry` is something Express's `trust proxy` setting accepts and we allow: an IP address,
 * a CIDR range (`10.0.0.0/8`, `fd00::/8`) or a named range. "Trust everyone" (`true`, `*`) is not
 * offered: any client could then claim HTTPS or a false client address.
 */
export function isTrustProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...extra] = entry.split('/');
  if (extra.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** `"loopback, 10.0.0.0/8"` as a list; empty when unset. */
export function parseTrustProxyList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}
