import type { Mode } from '@gateway/clock';
import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { PaymentCodeUpdate } from '../../domain/payment-code.decider';
import type { PaymentCodeSnapshot } from '../../domain/payment-code.events';

/** `PATCH /fixed_payment_code/{id}`. */
export class UpdatePaymentCodeCommand extends Command<PaymentCodeSnapshot> {
  constructor(
    readonly fpcId: string,
    readonly businessId: string,
    readonly mode: Mode,
    readonly changes: PaymentCodeUpdate,
    readonly context: RequestContext,
  ) {
    super();
  }
}
