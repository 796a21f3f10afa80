import type { CommandMetadata } from '@gateway/event-store';
import { Command } from '@nestjs/cqrs';
import type { InvoicePaymentRequest } from '../pay-invoice/pay-invoice.command';

export interface ClaimedPaymentOutcome {
  /** PAID: the payment paid the invoice; SURPLUS: recorded beside it; ALREADY_RECORDED: a replay. */
  outcome: 'PAID' | 'SURPLUS' | 'ALREADY_RECORDED';
}

/**
 * A payment that already happened on a method committed to one invoice (the invoice's eWallet
 * checkout, its fixed VA), sent by the follower of that method's events. It pays the invoice if
 * the invoice is still PENDING for that amount; otherwise the money is recorded as the
 * invoice's surplus (it arrived; it must be counted once). Idempotent on the payment id.
 */
export class RecordClaimedInvoicePaymentCommand extends Command<ClaimedPaymentOutcome> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly invoiceId: string,
    readonly payment: InvoicePaymentRequest,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}
