import { randomBytes } from 'node:crypto';

/** Codes given at enrolment: enough for a lost phone or two, each used once. */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const SHAPE = /^[a-z0-9]{5}-[a-z0-9]{5}$/;

/**
 * One-time recovery codes for two-step sign-in (a lost authenticator): ten characters from an
 * unambiguous 32-letter alphabet (50 random bits), shown as `abcde-fghij`. Only their SHA-256 is
 * stored; the sign-in step takes one in place of the app's code, once.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((byte) => ALPHABET[byte & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The code as typed (any case, spaces), in its stored form; undefined when it cannot be a recovery code. */
export function normalizedRecoveryCode(typed: string): string | undefined {
  const code = typed.replace(/\s+/g, '').toLowerCase();
  return SHAPE.test(code) ? code : undefined;
}
