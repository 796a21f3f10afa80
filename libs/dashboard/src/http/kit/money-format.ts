import { CURRENCY_EXPONENTS } from '@gateway/domain';

const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * Every amount the dashboard shows, one way: `IDR 125,000`, `USD 12.50` (minor units divided by
 * the currency's exponent, thousands grouped), as the payer pages show them. Exact for any bigint;
 * a currency without a known exponent is shown in its minor units.
 */
export function formatMoney(amount: bigint | number, currency: string): string {
  const text = BigInt(amount).toString();
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  const exponent = CURRENCY_EXPONENTS[currency] ?? 0;
  const padded = digits.padStart(exponent + 1, '0');
  const whole = padded.slice(0, padded.length - exponent).replace(GROUPS, ',');
  const fraction = exponent > 0 ? `.${padded.slice(padded.length - exponent)}` : '';
  return `${negative ? '-' : ''}${currency} ${whole}${fraction}`;
}

/** Grouped digits without a currency (chart axes, where the currency is in the caption). */
export function formatCount(value: bigint | number): string {
  const text = BigInt(value).toString();
  return text.startsWith('-') ? `-${text.slice(1).replace(GROUPS, ',')}` : text.replace(GROUPS, ',');
}
