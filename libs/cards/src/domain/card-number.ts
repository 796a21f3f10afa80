/**
 * What the gateway can tell from a card number alone: whether it is well formed (Luhn), which
 * network issued it, and the masked form that is the only one ever shown or stored in the clear.
 */
export type CardBrand = 'VISA' | 'MASTERCARD' | 'AMEX';

/** The two main brands (gaps.md); AMEX, the 4-digit CVN brand, only where the operator enables it. */
export const MAIN_BRANDS: readonly CardBrand[] = ['VISA', 'MASTERCARD'];

export function isDigits(value: string): boolean {
  return /^\d+$/.test(value);
}

export function passesLuhn(number: string): boolean {
  if (!isDigits(number)) return false;
  let sum = 0;
  let double = false;
  for (let index = number.length - 1; index >= 0; index -= 1) {
    let digit = number.charCodeAt(index) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Brand by IIN range; undefined for every other network. */
export function brandOf(number: string): CardBrand | undefined {
  if (/^4\d{12}(\d{3}){0,2}$/.test(number)) return 'VISA';
  const two = Number(number.slice(0, 2));
  const four = Number(number.slice(0, 4));
  if (number.length === 16 && ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720))) return 'MASTERCARD';
  if (number.length === 15 && (two === 34 || two === 37)) return 'AMEX';
  return undefined;
}

/** Spec: the CVN is 4 digits for one brand, 3 for the others. */
export function cvnLengthOf(brand: CardBrand): number {
  return brand === 'AMEX' ? 4 : 3;
}

/** First 6 and last 4 digits, the rest `X` (spec: `masked_card_number`). */
export function maskCardNumber(number: string): string {
  return `${number.slice(0, 6)}${'X'.repeat(Math.max(0, number.length - 10))}${number.slice(-4)}`;
}

/** A card is valid through the last day of its expiry month (UTC). */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const firstDayAfter = Date.UTC(expYear, expMonth, 1); // month is 1-based: this is the next month's first day
  return now.getTime() >= firstDayAfter;
}
