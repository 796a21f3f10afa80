import type { CommandMetadata, RecordedEvent } from '@gateway/event-store';
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

  /**
   * The claim a follower sends for the payment event `recorded`: in the correlation of the
   * request behind it, caused by it, at the instant the payment happened (a replay sends the same).
   */
  static following(
    recorded: RecordedEvent,
    claim: { businessId: string; mode: 'test' | 'live'; invoiceId: string; payment: InvoicePaymentRequest },
    actor: string,
    paidAt: string,
  ): RecordClaimedInvoicePaymentCommand {
    const { correlationId } = recorded.metadata;
    const metadata = { correlationId, causationId: recorded.id, actor, occurredAt: new Date(paidAt) };
    return new RecordClaimedInvoicePaymentCommand(
      claim.businessId,
      claim.mode,
      claim.invoiceId,
      claim.payment,
      metadata,
    );
  }
}
