import fc from 'fast-check';
import { currencyExponent, divideRounded, Money, MoneyError, parseDecimal } from './money';

const idr = (minor: bigint | number) => Money.of(minor, 'IDR');

describe('Money', () => {
  describe('construction', () => {
    it('holds whole minor units and refuses fractions instead of truncating them', () => {
      expect(idr(64_000).minor).toBe(64_000n);
      expect(() => idr(64_000.5)).toThrow(MoneyError);
      expect(() => idr(Number.NaN)).toThrow(MoneyError);
      expect(() => idr(Number.POSITIVE_INFINITY)).toThrow(MoneyError);
      expect(() => idr(Number.MAX_SAFE_INTEGER + 1)).toThrow(MoneyError);
      expect(() => Money.of(1, 'rupiah')).toThrow(MoneyError);
    });

    it('reads major units digit by digit, with at most the currency exponent of decimals (IDR 0, USD/PHP 2)', () => {
      expect(currencyExponent('IDR')).toBe(0);
      expect(currencyExponent('PHP')).toBe(2);
      expect(Money.fromMajor(64_000, 'IDR').minor).toBe(64_000n);
      expect(Money.fromMajor('64000', 'IDR').minor).toBe(64_000n);
      expect(Money.fromMajor('64000.000', 'IDR').minor).toBe(64_000n);
      expect(() => Money.fromMajor(64_000.5, 'IDR')).toThrow(/more decimals than IDR has \(0\)/);
      expect(() => Money.fromMajor('20000.5', 'IDR')).toThrow(MoneyError);
      expect(Money.fromMajor(10.5, 'USD').minor).toBe(1_050n);
      expect(Money.fromMajor('0.07', 'USD').minor).toBe(7n);
      // 0.1 + 0.2 in floating point is 0.30000000000000004: never reached, the text is read.
      expect(Money.fromMajor('0.30', 'PHP').minor).toBe(30n);
      expect(() => Money.fromMajor(10.505, 'USD')).toThrow(MoneyError);
      expect(() => Money.fromMajor('1,000', 'IDR')).toThrow(MoneyError);
      expect(() => Money.fromMajor(1, 'XYZ')).toThrow(/does not know the decimals of XYZ/);
    });

    it('prints major units exactly', () => {
      expect(Money.of(1_050, 'USD').toMajorString()).toBe('10.50');
      expect(Money.of(-7, 'USD').toMajorString()).toBe('-0.07');
      expect(idr(64_000).toString()).toBe('64000 IDR');
      expect(JSON.stringify({ total: idr(5) })).toBe('{"total":{"minor":"5","currency":"IDR"}}');
    });
  });

  describe('exact arithmetic', () => {
    it('adds, subtracts and compares, refusing to mix currencies', () => {
      expect(idr(10).plus(idr(5)).minus(idr(20)).minor).toBe(-5n);
      expect(idr(3).compare(idr(4))).toBe(-1);
      expect(idr(4).compare(idr(4))).toBe(0);
      expect(idr(3).max(idr(4)).equals(idr(4))).toBe(true);
      expect(() => idr(1).plus(Money.of(1, 'PHP'))).toThrow(/Cannot combine IDR with PHP/);
      expect(Money.sum([idr(1), idr(2), idr(3)], 'IDR').minor).toBe(6n);
    });

    it('stays exact beyond 2^53 (bigint), and refuses to turn such a sum back into a JSON number', () => {
      const big = idr(Number.MAX_SAFE_INTEGER);
      const sum = big.plus(big).plus(idr(1));
      expect(sum.minor).toBe(2n * BigInt(Number.MAX_SAFE_INTEGER) + 1n);
      expect(sum.minus(big).minus(idr(1)).toNumber()).toBe(Number.MAX_SAFE_INTEGER);
      expect(() => sum.toNumber()).toThrow(/beyond ±2\^53/);
      // The float sum would have lost the last unit.
      expect(BigInt(Number.MAX_SAFE_INTEGER + Number.MAX_SAFE_INTEGER + 1)).not.toBe(sum.minor);
    });

    it('matches integer arithmetic on arbitrary values (property)', () => {
      fc.assert(
        fc.property(fc.bigInt(), fc.bigInt(), (a, b) => {
          expect(idr(a).plus(idr(b)).minor).toBe(a + b);
          expect(idr(a).minus(idr(b)).minor).toBe(a - b);
          expect(idr(a).compare(idr(b))).toBe(a < b ? -1 : a > b ? 1 : 0);
        }),
      );
    });
  });

  describe('rounding', () => {
    it('half up: to the nearest unit, a tie away from zero', () => {
      expect(divideRounded(25n, 10n, 'half-up')).toBe(3n);
      expect(divideRounded(24n, 10n, 'half-up')).toBe(2n);
      expect(divideRounded(-25n, 10n, 'half-up')).toBe(-3n);
      expect(divideRounded(-24n, 10n, 'half-up')).toBe(-2n);
      expect(divideRounded(20n, 10n, 'half-up')).toBe(2n);
    });

    it('down: towards zero', () => {
      expect(divideRounded(29n, 10n, 'down')).toBe(2n);
      expect(divideRounded(-29n, 10n, 'down')).toBe(-2n);
    });

    it('refuses a denominator that is not positive', () => {
      expect(() => divideRounded(1n, 0n, 'down')).toThrow(MoneyError);
      expect(() => divideRounded(1n, -2n, 'down')).toThrow(MoneyError);
    });

    it('half up is within half a unit of the exact quotient (property)', () => {
      fc.assert(
        fc.property(fc.bigInt(), fc.bigInt({ min: 1n, max: 10n ** 12n }), (n, d) => {
          const q = divideRounded(n, d, 'half-up');
          const error = q * d - n; // q − n/d, scaled by d
          expect(2n * (error < 0n ? -error : error) <= d).toBe(true);
          const down = divideRounded(n, d, 'down');
          expect((down < 0n ? -down : down) * d <= (n < 0n ? -n : n)).toBe(true);
        }),
      );
    });
  });

  describe('rates', () => {
    it('basis points: 2.9 % of 100,000 is 2,900; of 64,001 is 1,856.029 → 1,856; 11 % VAT of 2,900 is 319', () => {
      expect(idr(100_000).basisPoints(290).minor).toBe(2_900n);
      expect(idr(64_001).basisPoints(290).minor).toBe(1_856n);
      expect(idr(2_900).basisPoints(1_100).minor).toBe(319n);
      // 0.5 of a unit rounds up: 50 × 1 bp = 0.005 → 0; 5,000 × 1 bp = 0.5 → 1.
      expect(idr(50).basisPoints(1).minor).toBe(0n);
      expect(idr(5_000).basisPoints(1).minor).toBe(1n);
      expect(idr(5_000).basisPoints(1, 'down').minor).toBe(0n);
    });

    it('percentages with decimals are read exactly, never as floats', () => {
      expect(idr(100_000).percent('2.9').minor).toBe(2_900n);
      expect(idr(100_000).percent(2.9).minor).toBe(2_900n);
      expect(idr(1_000).percent(11).minor).toBe(110n);
      // 0.1 % of 5 = 0.005 → 0 (half up: below one half).
      expect(idr(5).percent('0.1').minor).toBe(0n);
      expect(idr(500).percent('0.1').minor).toBe(1n);
    });

    it('proportional shares: the fee share of a partial refund', () => {
      expect(idr(3_219).share(10_000, 100_000, 'down').minor).toBe(321n);
      expect(idr(3_219).share(10_000, 100_000, 'half-up').minor).toBe(322n);
      expect(() => idr(1).share(1, 0, 'down')).toThrow(MoneyError);
      expect(() => idr(1).share(0.5, 1, 'down')).toThrow(MoneyError);
    });

    it('a basis-point share equals the exact rational rounded half up, far beyond 2^53 (property)', () => {
      fc.assert(
        fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 10_000 }), (minor, bp) => {
          const exact = minor * BigInt(bp);
          const expected = exact / 10_000n + (exact % 10_000n >= 5_000n ? 1n : 0n);
          expect(idr(minor).basisPoints(bp).minor).toBe(expected);
        }),
      );
    });
  });

  describe('parseDecimal', () => {
    it.each([
      ['640.50', 6405n, 1],
      ['2.9', 29n, 1],
      ['1e3', 1_000n, 0],
      ['1.5e1', 15n, 0],
      ['-0.07', -7n, 2],
      [' 12 ', 12n, 0],
    ])('%j is %s × 10^-%s', (text, digits, scale) => {
      expect(parseDecimal(text)).toEqual({ digits, scale });
    });

    it.each(['', 'abc', '1.', '.5', '1,5', 'NaN', '0x10'])('refuses %j', (text) => {
      expect(() => parseDecimal(text)).toThrow(MoneyError);
    });
  });
});
