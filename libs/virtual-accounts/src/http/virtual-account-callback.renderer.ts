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
    // An update that set a past date is followed, in the same append, by the expiry: one callback,
    // the expiry's (INACTIVE, with the update's fields), never a moment that did not exist.
    if (event.type === 'VirtualAccountUpdated' && expiredByThisUpdate(account)) return [];
    return [{ kind: 'fva_status', resourceId: account.vaId, body: virtualAccountCallbackBody(account) }];
  }
}

/**
 * The decider expires an account in the same append when an update sets its date at or before the
 * update. (An update of an account already past its date but not yet expired by its job is silent
 * too: that job's expiry follows at once and calls back with the update's fields.)
 */
function expiredByThisUpdate(account: { expirationDate?: string; updatedAt: string }): boolean {
  return account.expirationDate !== undefined && Date.parse(account.expirationDate) <= Date.parse(account.updatedAt);
}
