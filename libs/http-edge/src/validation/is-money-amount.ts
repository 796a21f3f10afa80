import { currencyExponent, Money } from '@gateway/domain';
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';

export interface MoneyAmountOptions {
  /** The currency the amount is written in: it may have as many decimals as the currency has. IDR (none) by default. */
  currency?: string;
  /** The field counts minor units (test top-ups, flat fees): always a whole number, whatever the currency. */
  minorUnits?: boolean;
  /** Also accept a string of digits (`"10000"`), as the spec types card amounts; it reaches the handler as a number. */
  acceptDigitStrings?: boolean;
}

const LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * The wire rule for money (docs/decisions.md, "Money on the wire"): an amount is a JSON number
 * with no more decimals than its currency has (IDR: none) and within ±(2^53 − 1), so that it is
 * an exact whole count of minor units everywhere behind the edge (events, jobs, ledger, fees).
 * Anything else is 400 API_VALIDATION_ERROR naming the field, before a handler runs. Bounds of
 * the spec (minimum, maximum) stay with `@Min`/`@Max` or the decider that owns their error code.
 *
 * Every request DTO's amount field uses this decorator; there is no second copy of the rule.
 */
export function IsMoneyAmount(options: MoneyAmountOptions = {}): PropertyDecorator {
  const currency = options.currency ?? 'IDR';
  const decimals = options.minorUnits ? 0 : currencyExponent(currency);
  const validate = (value: unknown) => isMoneyAmount(value, decimals, currency);
  const what = options.minorUnits
    ? 'a whole number of minor units'
    : decimals === 0
      ? `a whole number (${currency} has no decimals)`
      : `a number with at most ${decimals} decimals (${currency})`;
  const message =
    `$property must be ${what} between -${LIMIT} and ` +
    `${LIMIT}${options.acceptDigitStrings ? ', as a number or a string of digits' : ''}`;
  // The options ride along as the rule's constraints: the OpenAPI document reads them (type, decimals).
  const constraints = [
    {
      decimals,
      currency: options.minorUnits ? undefined : currency,
      acceptDigitStrings: options.acceptDigitStrings === true,
    },
  ];
  const rule = ValidateBy({ name: 'isMoneyAmount', constraints, validator: { validate } }, { message });
  if (!options.acceptDigitStrings) return rule;
  return applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : value,
    ),
    rule,
  );
}

/**
 * Whether `value` is an amount the gateway can hold exactly: a number with at most `decimals` decimals, within the safe
 * range.
 */
export function isMoneyAmount(value: unknown, decimals: number, currency = 'IDR'): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > LIMIT) return false;
  // `-0` (or `-0.0`) passes `@Min(0)`, as `-0 < 0` is false, and is no amount anyone means: refused everywhere.
  if (Object.is(value, -0)) return false;
  if (decimals === 0) return Number.isInteger(value);
  try {
    // Read from the number's text, digit by digit: 0.1 + 0.2 never enters the decision.
    return Number.isSafeInteger(Money.fromMajor(value, currency).toNumber());
  } catch {
    return false;
  }
}
