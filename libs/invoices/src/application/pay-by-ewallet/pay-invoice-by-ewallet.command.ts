import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';

export interface EwalletCheckout {
  /** Where the payer goes next: the eWallet's checkout page (same origin). */
  checkoutPath: string;
}

/**
 * The hosted page's eWallet payment: the gateway requests a checkout-type eWallet payment (DANA)
 * for the invoice amount on the business's behalf and sends the payer to its checkout page. The
 * invoice is paid when that payment completes (follower `invoices.ewallet-payments`). Asking
 * again while the checkout is open returns the same checkout. Errors: INVOICE_NOT_FOUND_ERROR,
 * INVOICE_NOT_PENDING_ERROR, PAYMENT_METHOD_NOT_OFFERED_ERROR and the eWallets context's own.
 */
export class PayInvoiceByEwalletCommand extends Command<EwalletCheckout> {
  constructor(
    readonly invoiceId: string,
    readonly ewalletType: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
