import { PaymentCodeErrors } from './payment-code.errors';

/** Spec: amounts 10,000 to 5,000,000 IDR inclusive. */
export const MIN_AMOUNT = 10_000;
export const MAX_AMOUNT = 5_000_000;

export function checkAmount(amount: number): void {
  if (amount < MIN_AMOUNT) throw PaymentCodeErrors.minimumAmount();
  if (amount > MAX_AMOUNT) throw PaymentCodeErrors.maximumAmount();
}

/** Without a `retail_payment_code_prefix` setting (docs/decisions.md). */
export const defaultPrefix = (mode: 'test' | 'live') => (mode === 'test' ? 'TEST' : 'LIVE');

/** Length of the random part after the prefix. */
export const RANDOM_SUFFIX_DIGITS = 6;

/** A requested code: the business's prefix, then 1 to 14 characters A-Z or 0-9. */
export function isInRange(code: string, prefix: string): boolean {
  return code.startsWith(prefix) && /^[A-Z0-9]{1,14}$/.test(code.slice(prefix.length));
}
