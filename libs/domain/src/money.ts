import { CURRENCY_CODE, CURRENCY_EXPONENTS } from './money-currencies';

/**
 * How a result that falls between two minor units is rounded (the names and meanings of Java's
 * `RoundingMode`, which finance people know):
 * - `half-up`: to the nearest unit, a tie away from zero (2.5 → 3, -2.5 → -3); fees and VAT;
 * - `down`: towards zero (2.9 → 2); shares that must never add up to more than their whole.
 */
export type Rounding = 'half-up' | 'down';

/**
 * Money used in a way that has no meaning (a fraction of a minor unit, two currencies mixed, a
 * number too large to be exact): a programming error, not a business rule. The HTTP edge keeps
 * such values out (`@IsMoneyAmount()`), so this surfacing means a gap there.
 */
export class MoneyError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'MoneyError';
  }
}

/**
 * An amount of one currency, as an exact integer count of its minor units (bigint: sums never
 * lose precision, whatever their size). No operation uses floating point: rates are integers
 * (basis points) or decimals read digit by digit, and every division says how it rounds.
 *
 * Events, read models and the wire keep plain numbers of minor units (design §4); a Money is
 * made where arithmetic happens (`Money.of(amount, currency)`) and turned back with `toNumber()`.
 */
export class Money {
  private constructor(
    readonly minor: bigint,
    readonly currency: string,
  ) {}

  /** `minor` minor units of `currency`; a number must be a safe integer (64000.5 is refused, not truncated). */
  static of(minor: bigint | number, currency: string): Money {
    assertCurrencyCode(currency);
    if (typeof minor === 'bigint') return new Money(minor, currency);
    if (!Number.isSafeInteger(minor))
      throw new MoneyError(`${minor} is not a whole number of minor units of ${currency} within ±2^53`);
    return new Money(BigInt(minor), currency);
  }

  static zero(currency: string): Money {
    return Money.of(0n, currency);
  }

  /**
   * An amount written in major units (`"10.50"` or `10.5` USD, `64000` IDR), read exactly, digit
   * by digit: at most as many decimals as the currency has (`64000.5` IDR is refused).
   */
  static fromMajor(value: number | string, currency: string): Money {
    const exponent = currencyExponent(currency);
    const { digits, scale } = parseDecimal(value);
    if (scale > exponent) {
      throw new MoneyError(`${String(value)} has more decimals than ${currency} has (${exponent})`);
    }
    return new Money(digits * 10n ** BigInt(exponent - scale), currency);
  }

  /** The sum of `amounts`, all of `currency` (zero for none). */
  static sum(amounts: readonly Money[], currency: string): Money {
    return amounts.reduce((total, amount) => total.plus(amount), Money.zero(currency));
  }

  plus(other: Money): Money {
    return new Money(this.minor + this.sameCurrency(other).minor, this.currency);
  }

  minus(other: Money): Money {
    return new Money(this.minor - this.sameCurrency(other).minor, this.currency);
  }

  negated(): Money {
    return new Money(-this.minor, this.currency);
  }

  /** Multiplied by a whole factor (a quantity); a fractional factor is a rate: use `share`. */
  times(factor: bigint | number): Money {
    return new Money(this.minor * toBigInt(factor, 'factor'), this.currency);
  }

  /** -1, 0 or 1, as `this` is less than, equal to or more than `other`. */
  compare(other: Money): -1 | 0 | 1 {
    const difference = this.minor - this.sameCurrency(other).minor;
    return difference < 0n ? -1 : difference > 0n ? 1 : 0;
  }

  equals(other: Money): boolean {
    return this.currency === other.currency && this.minor === other.minor;
  }

  isZero(): boolean {
    return this.minor === 0n;
  }

  isNegative(): boolean {
    return this.minor < 0n;
  }

  isPositive(): boolean {
    return this.minor > 0n;
  }

  min(other: Money): Money {
    return this.compare(other) <= 0 ? this : other;
  }

  max(other: Money): Money {
    return this.compare(other) >= 0 ? this : other;
  }

  /** `this × numerator / denominator`, rounded: a proportional part (the fee share of a partial refund). */
  share(numerator: bigint | number, denominator: bigint | number, rounding: Rounding): Money {
    return new Money(
      divideRounded(this.minor * toBigInt(numerator, 'numerator'), toBigInt(denominator, 'denominator'), rounding),
      this.currency,
    );
  }

  /** `this × basisPoints / 10 000` (290 bp = 2.9 %), rounded half up unless told otherwise. */
  basisPoints(basisPoints: bigint | number, rounding: Rounding = 'half-up'): Money {
    return this.share(basisPoints, 10_000n, rounding);
  }

  /** `this × percentage / 100`; the percentage may have decimals (`"2.9"`, `11`), read exactly. */
  percent(percentage: number | string, rounding: Rounding = 'half-up'): Money {
    const { digits, scale } = parseDecimal(percentage);
    return this.share(digits, 100n * 10n ** BigInt(scale), rounding);
  }

  /** The number of minor units, for events, rows and the wire; refuses what a number cannot hold exactly. */
  toNumber(): number {
    if (this.minor > BigInt(Number.MAX_SAFE_INTEGER) || this.minor < BigInt(Number.MIN_SAFE_INTEGER)) {
      throw new MoneyError(`${this.toString()} does not fit a JSON number exactly (beyond ±2^53 minor units)`);
    }
    return Number(this.minor);
  }

  /** Major units with the currency's decimals (`"10.50"`, `"64000"`), exact. */
  toMajorString(): string {
    const exponent = currencyExponent(this.currency);
    const sign = this.minor < 0n ? '-' : '';
    const digits = (this.minor < 0n ? -this.minor : this.minor).toString().padStart(exponent + 1, '0');
    if (exponent === 0) return `${sign}${digits}`;
    return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  }

  toString(): string {
    return CURRENCY_EXPONENTS[this.currency] === undefined
      ? `${this.minor} minor units of ${this.currency}`
      : `${this.toMajorString()} ${this.currency}`;
  }

  /** Never a raw bigint in JSON (it would throw): the minor units as a string. */
  toJSON(): { minor: string; currency: string } {
    return { minor: this.minor.toString(), currency: this.currency };
  }

  private sameCurrency(other: Money): Money {
    if (other.currency !== this.currency)
      throw new MoneyError(`Cannot combine ${this.currency} with ${other.currency}`);
    return other;
  }
}

/** Decimals of `currency` on the wire (IDR 0, USD 2); unknown currencies are refused rather than guessed. */
export function currencyExponent(currency: string): number {
  const exponent = CURRENCY_EXPONENTS[currency];
  if (exponent === undefined) throw new MoneyError(`The gateway does not know the decimals of ${currency}`);
  return exponent;
}

/** `numerator / denominator` in integers, rounded as told; the denominator must be positive. */
export function divideRounded(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator <= 0n) throw new MoneyError('Division by a denominator that is not positive');
  const quotient = numerator / denominator; // bigint division truncates towards zero
  const remainder = numerator % denominator; // with the sign of the numerator
  if (remainder === 0n) return quotient;
  switch (rounding) {
    case 'down':
      return quotient;
    case 'half-up': {
      const twiceRemainder = (remainder < 0n ? -remainder : remainder) * 2n;
      if (twiceRemainder < denominator) return quotient;
      return numerator < 0n ? quotient - 1n : quotient + 1n;
    }
  }
}

/**
 * A decimal (`"640.50"`, `2.9`, `1e3`) as `digits × 10^-scale`, exactly: read from its text, never
 * through floating-point arithmetic. Trailing zeros of the fraction do not count as decimals.
 */
export function parseDecimal(value: number | string): { digits: bigint; scale: number } {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new MoneyError(`${value} is not a finite number`);
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^([+-]?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d{1,3}))?$/.exec(text);
  if (!match) throw new MoneyError(`${JSON.stringify(text)} is not a decimal number`);
  const [, sign, whole, fractionText = '', exponentText = '0'] = match;
  const fraction = fractionText.replace(/0+$/, '');
  let digits = BigInt(`${whole}${fraction}`);
  let scale = fraction.length - Number(exponentText);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits: sign === '-' ? -digits : digits, scale };
}

function assertCurrencyCode(currency: string): void {
  if (!CURRENCY_CODE.test(currency))
    throw new MoneyError(`${JSON.stringify(currency)} is not an ISO 4217 currency code`);
}

function toBigInt(value: bigint | number, name: string): bigint {
  if (typeof value === 'bigint') return value;
  if (!Number.isSafeInteger(value)) throw new MoneyError(`The ${name} ${value} must be a whole number`);
  return BigInt(value);
}
