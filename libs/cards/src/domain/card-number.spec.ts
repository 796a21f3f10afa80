import { brandOf, isExpired, maskCardNumber, passesLuhn } from './card-number';

describe('card numbers', () => {
  it('checks Luhn', () => {
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4000000000000001')).toBe(false);
    expect(passesLuhn('5200000000000056')).toBe(true);
    expect(passesLuhn('40000a0000000002')).toBe(false);
  });
  it('detects VISA, MASTERCARD (51-55 and 2221-2720) and AMEX', () => {
    expect(brandOf('4000000000000002')).toBe('VISA');
    expect(brandOf('5200000000000007')).toBe('MASTERCARD');
    expect(brandOf('2221000000000009')).toBe('MASTERCARD');
    expect(brandOf('378282246310005')).toBe('AMEX');
    expect(brandOf('6011111111111117')).toBeUndefined();
  });
  it('masks all but the first 6 and last 4', () => expect(maskCardNumber('4000000000000002')).toBe('400000XXXXXX0002'));
  it('a card is valid through its expiry month', () => {
    expect(isExpired(12, 2030, new Date('2030-12-31T23:59:59Z'))).toBe(false);
    expect(isExpired(12, 2030, new Date('2031-01-01T00:00:00Z'))).toBe(true);
  });
});
