import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt (memory-hard, built into Node): N = 2^15, r = 8, p = 1 uses 32 MiB and about 100 ms
 * per hash on one core, which is OWASP's recommended minimum for scrypt. The parameters are
 * stored with each hash, so raising them later only affects new hashes.
 */
export const SCRYPT_PARAMETERS = { N: 2 ** 15, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength, saltLength } = SCRYPT_PARAMETERS;
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, N, r, p, keyLength);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p), expected.length);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Spends the same time as a real check, so an unknown email cannot be told apart by timing. */
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
export async function verifyAgainstNothing(password: string): Promise<false> {
  await verifyPassword(password, DUMMY_HASH);
  return false;
}

/** A one-time password for a new user: 128 bits, URL-safe. */
export function generatePassword(): string {
  return randomBytes(16).toString('base64url');
}

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;
