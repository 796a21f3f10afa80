import { NodeCryptoPlugin } from '@otplib/plugin-crypto-node';
import { verify } from '@otplib/totp';
import { generateTOTP } from '@otplib/uri';
import { randomBytes } from 'node:crypto';

/**
 * Two-step sign-in with time-based one-time passwords (RFC 6238: 30-second steps, 6 digits,
 * HMAC-SHA1, what every authenticator app does), through otplib (@otplib/totp with Node's
 * crypto). The secret is 20 random bytes (RFC 4226's recommended 160 bits).
 */
const crypto = new NodeCryptoPlugin();
export const TOTP_PERIOD_SECONDS = 30;
/** One step either way: a phone clock a little off still signs in. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

export function newTotpSecret(): Buffer {
  return randomBytes(20);
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: how authenticator apps take a secret typed or scanned. */
export function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The `otpauth://` link an authenticator app opens (or a QR code carries). */
export function otpauthUri(secret: Uint8Array, account: string): string {
  return generateTOTP({ issuer: 'Gateway dashboard', label: account, secret: base32(secret) });
}

/**
 * The time step the code belongs to (within one step of now), or undefined when it is not a
 * current code. The caller records the step so each code signs in once.
 */
export async function totpStepOf(secret: Uint8Array, code: string, now: Date): Promise<number | undefined> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({ secret, token, crypto, epoch, epochTolerance: TOLERANCE_SECONDS });
  return result.valid ? result.timeStep : undefined;
}
