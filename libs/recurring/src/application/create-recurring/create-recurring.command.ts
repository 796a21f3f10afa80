import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { MissedPaymentAction, RecurringInterval, RecurringSnapshot } from '../../domain/recurring.events';

export interface CreateRecurringRequest {
  externalId: string;
  payerEmail: string;
  description: string;
  amount: number;
  interval: RecurringInterval;
  intervalCount: number;
  totalRecurrence?: number;
  invoiceDuration?: number;
  shouldSendEmail?: boolean;
  missedPaymentAction?: MissedPaymentAction;
  creditCardToken?: string;
  startDate?: string;
  successRedirectUrl?: string;
  failureRedirectUrl?: string;
  chargeImmediately?: boolean;
}

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
