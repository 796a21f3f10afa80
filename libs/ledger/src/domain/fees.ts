import { Money } from '@gateway/domain';

/** Same shape as the accounts context's `FeeRule` (settings `fee_schedule`): flat minor units and/or basis points. */
export interface FeeRule {
  flat?: number;
  basisPoints?: number;
}
export type FeeSchedule = Record<string, FeeRule>;

/** VAT on the gateway's fee, in basis points (Indonesian PPN 11 %). */
export const FEE_TAX_BASIS_POINTS = 1100;

/**
 * The gateway's default schedule (docs/ledger.md): 2.9 % of the gross for any channel, test
 * top-ups free. A business's `fee_schedule` setting overrides it per channel.
 */
export const DEFAULT_FEE_SCHEDULE: FeeSchedule = {
  default: { basisPoints: 290 },
  TEST_TOPUP: {},
};

/**
 * The rule for a channel, most specific first: the business's rule for the channel, the
 * gateway's rule for the channel, the business's `default`, the gateway's `default`.
 */
export function feeRuleFor(channel: string, businessSchedule: FeeSchedule | undefined): FeeRule {
  return (
    businessSchedule?.[channel] ??
    DEFAULT_FEE_SCHEDULE[channel] ??
    businessSchedule?.default ??
    DEFAULT_FEE_SCHEDULE.default ??
    {}
  );
}

/**
 * Fee and VAT on the fee for a payment of `grossAmount` minor units: `flat + gross × bp`, then
 * VAT on that, each rounded half up to a whole minor unit in integer arithmetic (`Money`); together
 * never more than the gross. A gross that is not a whole number of minor units is refused with a
 * `MoneyError` (the edge's `@IsMoneyAmount()` keeps such amounts out); the math does not depend
 * on the currency, which only names the amounts.
 */
export function feeFor(grossAmount: number, rule: FeeRule, currency = 'IDR'): { fee: number; feeTax: number } {
  const gross = Money.of(grossAmount, currency);
  const fee = Money.of(rule.flat ?? 0, currency)
    .plus(gross.basisPoints(rule.basisPoints ?? 0, 'half-up'))
    .min(gross);
  const tax = fee.basisPoints(FEE_TAX_BASIS_POINTS, 'half-up').min(gross.minus(fee));
  return { fee: fee.toNumber(), feeTax: tax.toNumber() };
}
