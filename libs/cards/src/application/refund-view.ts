import type { RefundState } from '../domain/card-charge.decider';
import type { RefundView } from './card-views';

export function refundViewOf(refund: RefundState): RefundView {
  const s = refund.snapshot;
  return {
    refundId: s.refundId,
    chargeId: s.chargeId,
    businessId: s.businessId,
    externalId: s.externalId,
    amount: s.amount,
    currency: s.currency,
    feeRefundAmount: s.feeRefundAmount,
    status: refund.status,
    ...(refund.failureReason && { failureReason: refund.failureReason }),
    createdAt: s.createdAt,
    updatedAt: refund.updatedAt,
  };
}
