import type { RefundState } from '../domain/card-charge.decider';
import type { CardChargeEvent } from '../domain/card-charge.events';
import type { RefundView } from './card-views';

export function refundViewOf(refund: RefundState, ended?: CardChargeEvent): RefundView {
  const s = refund.snapshot;
  const failed = ended?.type === 'CardRefundFailed' ? ended.data : undefined;
  const updated = ended?.type === 'CardRefundFailed' || ended?.type === 'CardRefundSucceeded' ? ended.data.updatedAt : s.createdAt;
  return {
    refundId: s.refundId,
    chargeId: s.chargeId,
    businessId: s.businessId,
    externalId: s.externalId,
    amount: s.amount,
    currency: s.currency,
    feeRefundAmount: s.feeRefundAmount,
    status: refund.status,
    ...(failed && { failureReason: failed.failureReason }),
    createdAt: s.createdAt,
    updatedAt: updated,
  };
}
