import { acceptsAmount, describeAmountRule } from './amount-rule';
import { instrumentEventNames, instrumentEventTypes, instrumentEventVersions } from './fixed-instrument';
import { digitsFrom, numberRange, probeSuffixes } from './number-allocation';

describe('fixed instruments kernel', () => {
  it('derives the stored event names a kind has always had (they are in the log: never renamed)', () => {
    const names = instrumentEventNames('VirtualAccount');
    expect(instrumentEventTypes(names)).toEqual([
      'VirtualAccountCreated',
      'VirtualAccountUpdated',
      'VirtualAccountExpired',
      'VirtualAccountPaid',
      'VirtualAccountDeactivated',
    ]);
    expect(instrumentEventVersions(instrumentEventNames('FixedPaymentCode'))).toEqual({
      FixedPaymentCodeCreated: 1,
      FixedPaymentCodeUpdated: 1,
      FixedPaymentCodeExpired: 1,
      FixedPaymentCodePaid: 1,
      FixedPaymentCodeDeactivated: 1,
    });
  });

  it('probes consecutive suffixes from the offset, wrapping at the range end, never more than the range', () => {
    const range = numberRange('12345', '0100', '0103');
    expect([...probeSuffixes(range, 2n, 200)]).toEqual(['0102', '0103', '0100', '0101']);
    expect([...probeSuffixes(numberRange('1', '000001', '999999'), 5n, 3)]).toEqual(['000006', '000007', '000008']);
  });

  it('draws zero-padded digits from a uuid', () => {
    expect(digitsFrom('00000000-0000-0007-0000-000000000000', 6)).toBe('000007');
  });

  it('accepts exactly, within bounds, or any amount, and words the rule for the refusal', () => {
    const bounds = { from: 10_000, to: 5_000_000 };
    const exact = { exactly: 50_000 };
    expect([acceptsAmount(exact, 50_000), acceptsAmount(exact, 50_001)]).toEqual([true, false]);
    expect([acceptsAmount(bounds, 9_999), acceptsAmount(bounds, 5_000_000)]).toEqual([false, true]);
    expect(acceptsAmount({ any: true }, 1)).toBe(true);
    expect([describeAmountRule({ exactly: 5 }), describeAmountRule(bounds)]).toEqual(['exactly 5', '10000 to 5000000']);
  });
});
