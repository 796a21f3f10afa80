import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { InvoicePaymentMethod, InvoiceSnapshot } from '../../domain/invoice.events';

export interface InvoicePaymentRequest {
  method: InvoicePaymentMethod;
  /** Channel code of the payment: BCA, ALFAMART, OVO, DANA, LINKAJA, CREDIT_CARD... */
  channel: string;
  /** The VA number or payment code paid; '' for cards and eWallets. */
  destination: string;
  /** The paying method's own id (card charge id, eWallet payment id, VA payment id). */
  paymentId: string;
  amount: number;
  creditCardChargeId?: string;
}

/**
 * Marks a PENDING invoice paid by any method (exact amount), with the ledger's MoneyInReceived
 * in the same append. This is the seam for whatever settles an invoice: the VA and retail
 * simulations below, and (to be wired by the integrator) the card charge made from the hosted
 * page and the eWallet checkout. Errors: INVOICE_NOT_FOUND_ERROR, INVOICE_NOT_PENDING_ERROR,
 * INVALID_AMOUNT_ERROR, CHANNEL_NOT_ACTIVATED.
 */
export class PayInvoiceCommand extends Command<InvoiceSnapshot> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly invoiceId: string,
    readonly payment: InvoicePaymentRequest,
    readonly context: RequestContext,
  ) {
    super();
  }
}
