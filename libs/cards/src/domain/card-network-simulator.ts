/**
 * The test-mode card network (spec "Test-mode inputs"): which test cards 3DS enrols, fails or
 * times out, which charge amounts fail and why, and the fraud-screen amounts. Pure: the
 * application asks it with the card number in memory, and only its ANSWER is recorded.
 */

/** How the issuer's 3DS behaves for a card. */
export type ThreeDsProfile = 'CHALLENGE_PASSES' | 'CHALLENGE_FAILS' | 'CHALLENGE_TIMES_OUT' | 'NOT_ENROLLED';

const FAILING_3DS = new Set(['4000000000000010', '5200000000000015']);
const TIMING_OUT_3DS = new Set(['4000000000000044', '5200000000000049']);
const NOT_ENROLLED = new Set(['5200000000000056']);

/**
 * The documented enrolled cards (4000000000000002, 5200000000000007) pass the challenge; so does
 * every other card (gap decision: unknown cards behave like an enrolled card, so a merchant's
 * own test numbers go through the whole 3DS flow).
 */
export function threeDsProfileOf(cardNumber: string): ThreeDsProfile {
  if (FAILING_3DS.has(cardNumber)) return 'CHALLENGE_FAILS';
  if (TIMING_OUT_3DS.has(cardNumber)) return 'CHALLENGE_TIMES_OUT';
  if (NOT_ENROLLED.has(cardNumber)) return 'NOT_ENROLLED';
  return 'CHALLENGE_PASSES';
}

export type ChargeFailureReason =
  | 'EXPIRED_CARD'
  | 'CARD_DECLINED'
  | 'INSUFFICIENT_BALANCE'
  | 'STOLEN_CARD'
  | 'INACTIVE_CARD'
  | 'INVALID_CVN'
  | 'PROCESSOR_ERROR'
  | 'BIN_BLOCK';

const MAGIC_FAILURES: Record<number, ChargeFailureReason> = {
  5001: 'EXPIRED_CARD',
  5002: 'CARD_DECLINED',
  5003: 'PROCESSOR_ERROR',
  5004: 'INSUFFICIENT_BALANCE',
  5005: 'STOLEN_CARD',
  5006: 'INACTIVE_CARD',
};

/** Spec: amount 10099 is high risk and blocked when fraud detection is on (10077 is low risk). */
export const FRAUD_HIGH_RISK_AMOUNT = 10099;
export const FRAUD_LOW_RISK_AMOUNT = 10077;

/** The network's answer to an authorization of `amount`; undefined means approved. */
export function simulatedChargeFailure(amount: number, fraudDetection: boolean): ChargeFailureReason | undefined {
  if (fraudDetection && amount === FRAUD_HIGH_RISK_AMOUNT) return 'CARD_DECLINED';
  return MAGIC_FAILURES[amount];
}

/** Gap decision (docs/decisions.md): a refund whose external_id starts with this is rejected by the network. */
export const FAILING_REFUND_PREFIX = 'fail_refund';

export function simulatedRefundRejected(externalId: string): boolean {
  return externalId.toLowerCase().startsWith(FAILING_REFUND_PREFIX);
}
