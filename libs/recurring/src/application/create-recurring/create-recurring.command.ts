import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { RecurringSnapshot } from '../../domain/recurring.events';

/**
 * The terms a merchant sets, as the snapshot holds them; those of the second list may be left out (the handler
 * applies their defaults).
 */
export type CreateRecurringRequest = Pick<
  RecurringSnapshot,
  'externalId' | 'payerEmail' | 'description' | 'amount' | 'interval' | 'intervalCount'
> &
  Partial<
    Pick<
      RecurringSnapshot,
      | 'totalRecurrence'
      | 'invoiceDuration'
      | 'shouldSendEmail'
      | 'missedPaymentAction'
      | 'creditCardToken'
      | 'startDate'
      | 'successRedirectUrl'
      | 'failureRedirectUrl'
      | 'chargeImmediately'
    >
  >;

export class CreateRecurringPaymentCommand extends Command<RecurringSnapshot> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly request: CreateRecurringRequest,
    readonly context: RequestContext,
  ) {
    super();
  }
}
