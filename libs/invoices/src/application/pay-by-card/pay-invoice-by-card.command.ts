import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { InvoiceSnapshot } from '../../domain/invoice.events';

/**
 * The hosted page's card payment: the payer's browser tokenized the card with cards.js (and
 * passed 3DS); the gateway charges the token for the invoice amount on the business's behalf and
 * marks the invoice paid. Errors: INVOICE_NOT_FOUND_ERROR, INVOICE_NOT_PENDING_ERROR,
 * PAYMENT_METHOD_NOT_OFFERED_ERROR, CARD_PAYMENT_FAILED_ERROR (the charge failed) and the cards
 * context's token errors.
 */
export class PayInvoiceByCardCommand extends Command<InvoiceSnapshot> {
  constructor(
    readonly invoiceId: string,
    readonly tokenId: string,
    readonly authenticationId: string | undefined,
    readonly context: RequestContext,
    /** Recurring recharge: a multiple-use token charged without the payer (no 3DS). */
    readonly merchantInitiated = false,
  ) {
    super();
  }
}
