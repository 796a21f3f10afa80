import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { InvoiceSnapshot } from '../../domain/invoice.events';

/**
 * Test mode: `POST /pool_virtual_accounts/simulate_payment`. A transfer of exactly the
 * invoice's `transfer_amount` to a POOL number pays the invoice that holds the number.
 */
export class SimulatePoolVirtualAccountPaymentCommand extends Command<InvoiceSnapshot> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly request: { bankCode: string; bankAccountNumber: string; transferAmount: number },
    readonly context: RequestContext,
  ) {
    super();
  }
}

/**
 * Pays the invoice that holds a retail payment code, with exactly its amount. For the integrator:
 * `POST /fixed_payment_code/simulate_payment` (payment-codes context) routes codes it does not own
 * here. Errors: PAYMENT_CODE_NOT_FOUND_ERROR (404, no invoice holds the code now),
 * INVALID_AMOUNT_ERROR (400), INVOICE_NOT_PENDING_ERROR (400), TEST_MODE_ONLY_ERROR (403, live
 * key without `allowLive`).
 */
export class PayInvoiceByRetailCodeCommand extends Command<InvoiceSnapshot> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly request: { retailOutletName: string; paymentCode: string; transferAmount: number },
    readonly context: RequestContext,
    /** A real outlet connector (none ships) would pay live invoices through this same command. */
    readonly options: { allowLive?: boolean } = {},
  ) {
    super();
  }
}
