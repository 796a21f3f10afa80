import { type NumberRange } from '@gateway/fixed-instruments/domain';
import { VirtualAccountErrors } from './virtual-account.errors';

/**
 * Where a business's account numbers for one bank come from (the kernel's NumberRange): the
 * `virtual_account_ranges` setting, or the default: the bank's merchant code and the 999,999
 * suffixes 9999000001..9999999999 (spec: "a new customer receives 999,999 account numbers").
 */
export const DEFAULT_SUFFIX_START = '9999000001';
export const DEFAULT_SUFFIX_END = '9999999999';

/**
 * A requested `virtual_account_number`: the complete number (merchant code + suffix) or the
 * suffix alone. Anything else, or a suffix outside the range, is VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE.
 */
export function requestedSuffix(range: NumberRange, requested: string): string {
  let suffix: string | undefined;
  if (/^\d+$/.test(requested)) {
    if (requested.length === range.width) suffix = requested;
    else if (requested.length === range.merchantCode.length + range.width && requested.startsWith(range.merchantCode))
      suffix = requested.slice(range.merchantCode.length);
  }
  if (suffix === undefined || BigInt(suffix) < range.start || BigInt(suffix) > range.end)
    throw VirtualAccountErrors.numberOutsideRange(requested);
  return suffix;
}
