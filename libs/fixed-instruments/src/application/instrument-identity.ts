import { createHash } from 'node:crypto';

/**
 * An instrument's id is derived from what makes it unique: (tag, business, mode, channel, number).
 * Its stream is created with `no_stream`, so two creations of one number cannot both commit
 * (design §4) and nothing is left half-made; a payment simulation finds it from the number alone.
 * 24 hex characters, the public service's id style.
 */
export function instrumentId(tag: string, businessId: string, mode: string, channel: string, number: string): string {
  const unique = `${tag}\u0000${businessId}\u0000${mode}\u0000${channel}\u0000${number}`;
  return createHash('sha256').update(unique).digest('hex').slice(0, 24);
}

/** A 24-hex id from a uuid (payment records). */
export function hexId(uuid: string): string {
  return createHash('sha256').update(uuid).digest('hex').slice(0, 24);
}
