import type { RecordedEvent } from '@gateway/event-store';
import { type CallbackMessage, type CallbackRenderer, RendersCallbacks } from '@gateway/webhooks';
import { Injectable } from '@nestjs/common';
import type { FixedPaymentCodePaid } from '../domain/payment-code.events';
import { paymentCodePaidBody } from './payment-code.response';

/**
 * `ro_fpc_paid` for each payment on a merchant's code (invoice codes are silent: their invoice notifies); 3 attempts 30
 * s apart.
 */
@RendersCallbacks()
@Injectable()
export class PaymentCodeCallbackRenderer implements CallbackRenderer {
  readonly eventTypes = ['FixedPaymentCodePaid'];

  render(recorded: RecordedEvent): CallbackMessage[] {
    const { payment, snapshot } = (recorded as unknown as FixedPaymentCodePaid).data;
    if (snapshot.origin.kind !== 'fixed') return [];
    return [{ kind: 'ro_fpc_paid', resourceId: snapshot.fpcId, body: paymentCodePaidBody(payment, snapshot) }];
  }
}
