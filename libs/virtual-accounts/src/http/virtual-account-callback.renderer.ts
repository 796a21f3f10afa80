import type { RecordedEvent } from '@gateway/event-store';
import { type CallbackMessage, type CallbackRenderer, RendersCallbacks } from '@gateway/webhooks';
import { Injectable } from '@nestjs/common';
import { VIRTUAL_ACCOUNT_STATUS_EVENT_TYPES, type VirtualAccountEvent } from '../domain/virtual-account.events';
import { virtualAccountCallbackBody, virtualAccountPaidCallbackBody } from './virtual-account.response';

/**
 * `fva_status` when an account is created or changes (update, expiry, single-use deactivation);
 * `fva_paid` for each payment. Invoice pool accounts are silent: their invoice notifies.
 * Delivery (3 attempts, 30 s apart) is the dispatcher's policy for these kinds.
 */
@RendersCallbacks()
@Injectable()
export class VirtualAccountCallbackRenderer implements CallbackRenderer {
  readonly eventTypes = [...VIRTUAL_ACCOUNT_STATUS_EVENT_TYPES, 'VirtualAccountPaid'];

  render(recorded: RecordedEvent): CallbackMessage[] {
    const event = { type: recorded.type, data: recorded.data } as VirtualAccountEvent;
    const account = event.data.snapshot;
    if (account.origin.kind !== 'fixed') return [];
    if (event.type === 'VirtualAccountPaid') {
      // An invoice took the payment: the merchant gets the invoice callback, as for invoice-initiated payments.
      if (event.data.claimedBy) return [];
      return [
        {
          kind: 'fva_paid',
          resourceId: account.vaId,
          body: virtualAccountPaidCallbackBody(event.data.payment, account),
        },
      ];
    }
    return [{ kind: 'fva_status', resourceId: account.vaId, body: virtualAccountCallbackBody(account) }];
  }
}
