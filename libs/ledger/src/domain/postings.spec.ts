import { moneyInReceived } from '@gateway/testing';
import fc from 'fast-check';
import { feeFor, feeRuleFor } from './fees';
import type { MoneyMovementEvent } from './money-movement.events';
import { postingsFor } from './postings';
import { parseSettlementDelays, settlementDelayMs } from './settlement-delays';

const at = '2026-11-22T10:00:00.000Z';
const source = { context: 'x', resourceId: 'r' };
const sum = (event: MoneyMovementEvent) => postingsFor(event).postings.reduce((total, p) => total + p.amount, 0n);
const byAccount = (event: MoneyMovementEvent) =>
  Object.fromEntries(postingsFor(event).postings.map((p) => [p.account, p.amount]));

describe('postings', () => {
  it('money in: payers pay the gross, HOLDING gets the net, FEES the fee, TAX the VAT on it', () => {
    const received = moneyInReceived(
      { movementId: 'm1', source, channel: 'BCA' },
      { grossAmount: 100_000, fee: 2900, feeTax: 319 },
      at,
    );
    expect(byAccount(received)).toEqual({ PAYERS: -100_000n, HOLDING: 96_781n, FEES: 2900n, TAX: 319n });
  });

  it.each<[MoneyMovementEvent, Record<string, bigint>]>([
    [
      { type: 'MoneyInSettled', data: { movementId: 'm', currency: 'IDR', amount: 10, settledAt: at } },
      { HOLDING: -10n, CASH: 10n },
    ],
    [
      {
        type: 'MoneyInRefunded',
        data: { movementId: 'm', refundId: 'r', currency: 'IDR', amount: 10, refundedAt: at },
      },
      { CASH: -10n, PAYERS: 10n },
    ],
    [
      { type: 'MoneyOutReserved', data: { movementId: 'm', currency: 'IDR', amount: 10, reservedAt: at } },
      { CASH: -10n, HOLDING: 10n },
    ],
    [
      { type: 'MoneyOutCompleted', data: { movementId: 'm', currency: 'IDR', amount: 10, completedAt: at } },
      { HOLDING: -10n, PAYOUT_RAIL: 10n },
    ],
    [
      {
        type: 'MoneyOutCompleted',
        data: { movementId: 'm', currency: 'IDR', amount: 10, completedAt: at, kind: 'disbursement' },
      },
      { HOLDING: -10n, PAYOUT_RAIL: 10n },
    ],
    [
      {
        type: 'MoneyOutReserved',
        data: { movementId: 'r', currency: 'IDR', amount: 10, reservedAt: at, kind: 'refund' },
      },
      { CASH: -10n, HOLDING: 10n },
    ],
    [
      {
        type: 'MoneyOutCompleted',
        data: { movementId: 'r', currency: 'IDR', amount: 10, completedAt: at, kind: 'refund' },
      },
      { HOLDING: -10n, PAYERS: 10n },
    ],
    [
      {
        type: 'MoneyOutFailed',
        data: {
          movementId: 'r',
          currency: 'IDR',
          amount: 10,
          failureCode: 'REFUND_FAILED',
          failedAt: at,
          kind: 'refund',
        },
      },
      { HOLDING: -10n, CASH: 10n },
    ],
    [
      {
        type: 'MoneyOutFailed',
        data: { movementId: 'm', currency: 'IDR', amount: 10, failureCode: 'REJECTED_BY_BANK', failedAt: at },
      },
      { HOLDING: -10n, CASH: 10n },
    ],
  ])('%j moves money as documented', (event, expected) => {
    expect(byAccount(event)).toEqual(expected);
  });

  it('every money-in transaction sums to zero, whatever the fee rule', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (gross, flat, basisPoints) => {
          const { fee, feeTax } = feeFor(gross, { flat, basisPoints });
          expect(fee + feeTax).toBeLessThanOrEqual(gross);
          expect(fee).toBeGreaterThanOrEqual(0);
          expect(feeTax).toBeGreaterThanOrEqual(0);
          const event = moneyInReceived(
            { movementId: 'm', source, channel: 'X' },
            { grossAmount: gross, fee, feeTax },
            at,
          );
          expect(sum(event)).toBe(0n);
        },
      ),
    );
  });
});

describe('fees', () => {
  it('rounds half up in integers and caps at the gross', () => {
    expect(feeFor(100_000, { basisPoints: 290 })).toEqual({ fee: 2900, feeTax: 319 });
    expect(feeFor(150, { basisPoints: 100 })).toEqual({ fee: 2, feeTax: 0 }); // 1.5 -> 2; 0.22 -> 0
    expect(feeFor(10, { flat: 50 })).toEqual({ fee: 10, feeTax: 0 });
    expect(feeFor(1000, {})).toEqual({ fee: 0, feeTax: 0 });
  });

  it('picks the most specific rule: business channel, gateway channel, business default, gateway default', () => {
    expect(feeRuleFor('OVO', { OVO: { flat: 1 }, default: { flat: 2 } })).toEqual({ flat: 1 });
    expect(feeRuleFor('TEST_TOPUP', { default: { flat: 2 } })).toEqual({});
    expect(feeRuleFor('OVO', { default: { flat: 2 } })).toEqual({ flat: 2 });
    expect(feeRuleFor('OVO', undefined)).toEqual({ basisPoints: 290 });
  });
});

describe('settlement delays', () => {
  it('parses overrides and reports bad parts', () => {
    const { delays, problems } = parseSettlementDelays('CREDIT_CARD=3d, OVO=90m,default=12h');
    expect(problems).toEqual([]);
    expect(settlementDelayMs('CREDIT_CARD', delays)).toBe(3 * 86_400_000);
    expect(settlementDelayMs('OVO', delays)).toBe(90 * 60_000);
    expect(settlementDelayMs('UNKNOWN', delays)).toBe(12 * 3_600_000);
    expect(parseSettlementDelays('CARD=soon').problems).toHaveLength(1);
  });
});
