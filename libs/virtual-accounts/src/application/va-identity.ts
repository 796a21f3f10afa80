import { createHash } from 'node:crypto';

/**
 * An account's id is derived from what makes it unique: (business, mode, bank, complete number).
 * Its stream `fva-<id>` is created with `no_stream`, so two creations of one number cannot both
 * commit (design §4) and nothing is left half-made; a payment simulation finds the account from
 * the number alone. 24 hex characters, the public service's id style.
 */
export function virtualAccountId(businessId: string, mode: string, bankCode: string, accountNumber: string): string {
  return createHash('sha256').update(`fva\u0000${businessId}\u0000${mode}\u0000${bankCode}\u0000${accountNumber}`).digest('hex').slice(0, 24);
}

/** A random 24-hex id (payment records). */
export function hexId(uuid: string): string {
  return createHash('sha256').update(uuid).digest('hex').slice(0, 24);
}
