import type { RecordedEvent } from '@gateway/event-store';
import { type CallbackMessage, type CallbackRenderer, RendersCallbacks } from '@gateway/webhooks';
import { Injectable } from '@nestjs/common';
import type { CardRefundFailed, CardRefundSucceeded } from '../domain/card-charge.events';
import { CARD_REFUND_FINAL_EVENT_TYPES } from '../domain/card-charge.events';
import { refundToWire } from './cards.response';

/** Spec "Events": card refund finished — the refund object, SUCCEEDED or FAILED (with failure_reason). */
@RendersCallbacks()
@Injectable()
export class CardRefundCallbackRenderer implements CallbackRenderer {
  readonly eventTypes = CARD_REFUND_FINAL_EVENT_TYPES;

  render(event: RecordedEvent): CallbackMessage[] {
    const r = (event as unknown as CardRefundSucceeded | CardRefundFailed).data;
    return [
      {
        kind: 'credit_card_refund',
        resourceId: r.refundId,
        body: refundToWire({
          refundId: r.refundId,
          chargeId: r.chargeId,
          businessId: r.businessId,
          externalId: r.externalId,
          amount: r.amount,
          currency: r.currency,
          feeRefundAmount: r.feeRefundAmount,
          status: r.status,
          ...(r.status === 'FAILED' && { failureReason: r.failureReason }),
          createdAt: r.createdAt,
          updatedAt: r.updatedAt,
        }),
      },
    ];
  }
}
