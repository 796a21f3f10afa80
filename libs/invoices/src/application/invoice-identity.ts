import { createHash } from 'node:crypto';

/**
 * The 5-digit merchant code that starts a business's POOL numbers for a bank: the bank's
 * configured range (`virtual_account_ranges`) when the business has one, otherwise one derived
 * from the business id so every business gets its own stable prefix.
 */
export function poolMerchantCode(businessId: string, configured?: string): string {
  if (configured && /^\d{5}$/.test(configured)) return configured;
  const digits = BigInt(`0x${createHash('sha256').update(businessId).digest('hex').slice(0, 12)}`) % 90_000n;
  return String(10_000n + digits);
}

/** Retail payment code prefix: the business's `retail_payment_code_prefix`, or one derived from its id. */
export function retailPrefix(businessId: string, configured?: string): string {
  if (configured && /^[A-Z0-9]{3,6}$/i.test(configured)) return configured.toUpperCase();
  const hex = createHash('sha256').update(`retail:${businessId}`).digest('hex');
  return `TEST${(Number.parseInt(hex.slice(0, 4), 16) % 100).toString().padStart(2, '0')}`;
}

/** Invoice ids look like the public service's (24 hex characters). */
export function invoiceIdFrom(uuid: string): string {
  return uuid.replace(/-/g, '').slice(0, 24);
}
