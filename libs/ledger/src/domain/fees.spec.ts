import { MoneyError } from '@gateway/domain';
import { feeFor } from './fees';

describe('feeFor on Money', () => {
  it('refuses a fractional gross with a MoneyError that names it, instead of a BigInt RangeError', () => {
    expect(() => feeFor(64_000.5, { basisPoints: 290 })).toThrow(MoneyError);
    expect(() => feeFor(64_000.5, { basisPoints: 290 })).toThrow(
      /64000\.5 is not a whole number of minor units of IDR/,
    );
    expect(() => feeFor(1_000, { flat: 0.5 })).toThrow(MoneyError);
  });

  it('is exact at the top of the safe range (no float rounding on the way)', () => {
    // 2.9 % of 2^53 − 1 = 261,208,778,387,488.739 → ...489; 11 % of that = 28,732,965,622,623.79 → ...624.
    expect(feeFor(Number.MAX_SAFE_INTEGER, { basisPoints: 290 })).toEqual({
      fee: 261_208_778_387_489,
      feeTax: 28_732_965_622_624,
    });
  });

  it('names amounts in the given currency', () => {
    expect(() => feeFor(1.5, {}, 'PHP')).toThrow(/minor units of PHP/);
  });
});
