import type { Mode, RequestContext } from '@gateway/platform';
import { Command } from '@nestjs/cqrs';
import type { PaymentCodeSnapshot } from '../../domain/payment-code.events';

/**
 * For the invoices context (issue 8): a random, single-use code for one invoice at one chain,
 * payable only with `transferAmount` (spec: "must use the exact invoice transfer amount"),
 * expiring with the invoice. No `ro_fpc_paid` callback (the invoice notifies); its payment
 * emits the ledger's `MoneyInReceived` here (source `payment-codes`), so the invoice context
 * must not. React to `FixedPaymentCodePaid` events whose `snapshot.origin.kind` is `invoice`.
 * No free code: AVAILABLE_PAYMENT_CODE_NOT_FOUND_ERROR (404).
 */
export class ReserveInvoicePaymentCodeCommand extends Command<PaymentCodeSnapshot> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly invoiceId: string,
    readonly externalId: string,
    readonly retailOutletName: string,
    readonly name: string,
    readonly transferAmount: number,
    readonly expiresAt: Date,
    readonly context: RequestContext,
  ) {
    super();
  }
}
