import { VirtualAccountErrors } from './virtual-account.errors';

/**
 * Where a business's account numbers for one bank come from: the merchant code (prefix) and an
 * inclusive range of suffixes of a fixed width. From the `virtual_account_ranges` setting, or the
 * default: the bank's merchant code and the 999,999 suffixes 9999000001..9999999999 (spec: "a new
 * customer receives 999,999 account numbers").
 */
export interface NumberRange {
  merchantCode: string;
  start: bigint;
  end: bigint;
  /** Digits of every suffix. */
  width: number;
}

export const DEFAULT_SUFFIX_START = '9999000001';
export const DEFAULT_SUFFIX_END = '9999999999';

export function numberRange(merchantCode: string, rangeStart: string, rangeEnd: string): NumberRange {
  return { merchantCode, start: BigInt(rangeStart), end: BigInt(rangeEnd), width: rangeStart.length };
}

export function rangeSize(range: NumberRange): bigint {
  return range.end - range.start + 1n;
}

/** The suffix at `offset` from the range start, zero-padded to the range's width. */
export function suffixAt(range: NumberRange, offset: bigint): string {
  return (range.start + (offset % rangeSize(range))).toString().padStart(range.width, '0');
}

export function fullNumber(range: NumberRange, suffix: string): string {
  return `${range.merchantCode}${suffix}`;
}

/**
 * A requested `virtual_account_number`: the complete number (merchant code + suffix) or the
 * suffix alone. Anything else, or a suffix outside the range, is VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE.
 */
export function requestedSuffix(range: NumberRange, requested: string): string {
  let suffix: string | undefined;
  if (/^\d+$/.test(requested)) {
    if (requested.length === range.width) suffix = requested;
    else if (requested.length === range.merchantCode.length + range.width && requested.startsWith(range.merchantCode)) suffix = requested.slice(range.merchantCode.length);
  }
  if (suffix === undefined || BigInt(suffix) < range.start || BigInt(suffix) > range.end) throw VirtualAccountErrors.numberOutsideRange(requested);
  return suffix;
}
