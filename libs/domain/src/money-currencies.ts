/**
 * Minor-unit exponents of the currencies the gateway knows: how many decimals an amount of the
 * currency has on the wire (`10.50 USD` is 1050 minor units; exponent 2).
 *
 * IDR is 0 although ISO 4217 lists 2: the rupiah's sen are out of use, the spec says IDR amounts
 * are "whole number, no decimals", and the legacy API this gateway implements treats them so. One
 * rupiah is therefore the minor unit, and a wire IDR amount IS its minor units.
 *
 * The rest are the ISO 4217 exponents of the currencies of the region the legacy API serves.
 * Only IDR is used by a payment route today (cards, eWallets, invoices, VA, payment codes,
 * disbursements are IDR only); test top-ups and balances accept any ISO code but count in minor
 * units (docs/ledger.md), so they need no exponent.
 */
export const CURRENCY_EXPONENTS: Readonly<Record<string, number>> = Object.freeze({
  IDR: 0,
  PHP: 2,
  USD: 2,
  SGD: 2,
  MYR: 2,
  THB: 2,
  VND: 0,
});

/** An ISO 4217 alphabetic code: three capital letters. */
export const CURRENCY_CODE = /^[A-Z]{3}$/;

export function isKnownCurrency(currency: string): boolean {
  return Object.prototype.hasOwnProperty.call(CURRENCY_EXPONENTS, currency);
}
