import { GetSettingsQuery } from '@gateway/accounts';
import type { RecordedEvent } from '@gateway/event-store';
import { type CallbackMessage, type CallbackRenderer, type RenderContext, RendersCallbacks } from '@gateway/webhooks';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  EWALLET_PAYMENT_FINAL_EVENT_TYPES,
  type EwalletPaymentCompleted,
  type EwalletPaymentExpired,
  type EwalletPaymentFailed,
} from '../domain/ewallet-payment.events';
import { callbackBody } from './ewallet.response';
import { OVO_ASYNC_VERSION } from './ewallet-versions';

type FinalEvent = EwalletPaymentCompleted | EwalletPaymentFailed | EwalletPaymentExpired;

/**
 * Spec "eWallet payment" callbacks: DANA and LINKAJA go to the request's `callback_url` with the
 * business's callback token in the body too (gaps.md); OVO goes to the `ewallet` URL, and only
 * for requests made with version 2020-02-01 (2019-02-04 answered synchronously, no callback).
 */
@RendersCallbacks()
@Injectable()
export class EwalletCallbackRenderer implements CallbackRenderer {
  readonly eventTypes = EWALLET_PAYMENT_FINAL_EVENT_TYPES;

  constructor(private readonly queries: QueryBus) {}

  async render(recorded: RecordedEvent, context: RenderContext): Promise<CallbackMessage[]> {
    const event = { type: recorded.type, data: recorded.data } as FinalEvent;
    const { payment } = event.data;
    // An invoice's payment: the merchant hears from the invoice (its callback), as from the real provider.
    if (payment.moneyRecordedBy) return [];
    const outcome =
      event.type === 'EwalletPaymentCompleted'
        ? { status: 'COMPLETED' as const, at: event.data.completedAt }
        : event.type === 'EwalletPaymentFailed'
          ? { status: 'FAILED' as const, failureCode: event.data.failureCode, at: event.data.failedAt }
          : { status: 'EXPIRED' as const, at: event.data.expiredAt };
    if (payment.ewalletType === 'OVO') {
      if (payment.apiVersion !== OVO_ASYNC_VERSION) return [];
      return [{ kind: 'ewallet', resourceId: payment.paymentId, body: callbackBody(payment, outcome, null) }];
    }
    if (!payment.callbackUrl) return [];
    const settings = await this.queries.execute(new GetSettingsQuery(context.businessId, context.mode));
    return [
      {
        kind: 'ewallet',
        resourceId: payment.paymentId,
        url: payment.callbackUrl,
        body: callbackBody(payment, outcome, settings?.callbackToken ?? null),
      },
    ];
  }
}
