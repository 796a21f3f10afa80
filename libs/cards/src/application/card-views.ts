import type { CardChargeState } from '../domain/card-charge.decider';
import type { CardChargeSnapshot, ChargeStatus, RefundFailureReason, RefundStatus } from '../domain/card-charge.events';
import type { ChargeFailureReason } from '../domain/card-network-simulator';
import type { AuthenticationStatus } from '../domain/card-token.events';

export interface TokenView {
  tokenId: string;
  authenticationId?: string;
  maskedCardNumber: string;
  status: AuthenticationStatus;
  failureReason?: 'AUTHENTICATION_FAILED';
  cardBrand: string;
}

export interface AuthenticationView {
  authenticationId: string;
  tokenId: string;
  businessId: string;
  mode: 'test' | 'live';
  amount: number;
  status: AuthenticationStatus;
  failureReason?: string;
  maskedCardNumber: string;
  threeDsProfile: string;
}

export interface ChargeView extends Omit<CardChargeSnapshot, 'amount'> {
  status: ChargeStatus;
  authorizedAmount: number;
  captureAmount?: number;
  failureReason?: ChargeFailureReason;
  updatedAt: string;
}

export interface RefundView {
  refundId: string;
  chargeId: string;
  businessId: string;
  externalId: string;
  amount: number;
  currency: string;
  feeRefundAmount: number;
  status: RefundStatus;
  failureReason?: RefundFailureReason;
  createdAt: string;
  updatedAt: string;
}

export interface ReversalView {
  reversalId: string;
  chargeId: string;
  businessId: string;
  externalId: string;
  amount: number;
  currency: string;
  createdAt: string;
}

/** The charge as it stands after a decision (no read-model round trip on the write path). */
export function chargeViewOf(state: CardChargeState, updatedAt: string): ChargeView {
  if (state.status === 'none') throw new Error('chargeViewOf: no charge');
  const { amount, ...rest } = state.snapshot;
  return {
    ...rest,
    status: state.status,
    authorizedAmount: amount,
    ...(state.captureAmount !== undefined && { captureAmount: state.captureAmount }),
    ...(state.failureReason && { failureReason: state.failureReason }),
    updatedAt,
  };
}
