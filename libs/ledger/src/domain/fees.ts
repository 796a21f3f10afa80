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
  return businessSchedule?.[channel] ?? DEFAULT_FEE_SCHEDULE[channel] ?? businessSchedule?.default ?? DEFAULT_FEE_SCHEDULE.default ?? {};
}

/** `value × bp / 10 000`, rounded half up, in integers only. */
function basisPointsOf(value: bigint, basisPoints: number): bigint {
  return (value * BigInt(basisPoints) + 5_000n) / 10_000n;
}

/**
 * Fee and VAT on the fee for a payment of `grossAmount` minor units: `flat + gross × bp`, then
 * VAT on that, each rounded half up to a whole minor unit; together never more than the gross.
 */
export function feeFor(grossAmount: number, rule: FeeRule): { fee: number; feeTax: number } {
  const gross = BigInt(grossAmount);
  let fee = BigInt(rule.flat ?? 0) + basisPointsOf(gross, rule.basisPoints ?? 0);
  if (fee > gross) fee = gross;
  let tax = basisPointsOf(fee, FEE_TAX_BASIS_POINTS);
  if (fee + tax > gross) tax = gross - fee;
  return { fee: Number(fee), feeTax: Number(tax) };
}
