import type { RoutedPayment } from '@gateway/fixed-instruments';
import type { InvoiceSnapshot } from '@gateway/invoices';
import type { Mode } from '@gateway/clock';
import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { PaymentCodeTypes } from '../../domain/payment-code.decider';

/**
 * `POST /fixed_payment_code/simulate_payment` (test mode): a payer pays `amount` at the till
 * with a code: one of the business's fixed codes (`paid: 'own'`), or the invoice that holds it
 * (`paid: 'delegated'`, exact amount; the invoice as it is after).
 */
export class SimulateTillPaymentCommand extends Command<RoutedPayment<PaymentCodeTypes, InvoiceSnapshot>> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly retailOutletName: string,
    readonly paymentCode: string,
    readonly amount: number,
    readonly context: RequestContext,
  ) {
    super();
  }
}
