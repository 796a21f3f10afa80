import type { Mode, RequestContext } from '@gateway/platform';
import { Command } from '@nestjs/cqrs';
import type { PaymentCodePayment, PaymentCodeSnapshot } from '../../domain/payment-code.events';

export interface SimulatedRetailPayment {
  payment: PaymentCodePayment;
  /** The code as it was paid (before a single-use deactivation). */
  code: PaymentCodeSnapshot;
}

/** `POST /fixed_payment_code/simulate_payment` (test mode): a payer pays `amount` at the chain's till. Also pays invoice codes. */
export class SimulateRetailPaymentCommand extends Command<SimulatedRetailPayment> {
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
