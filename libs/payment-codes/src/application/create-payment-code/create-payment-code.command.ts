import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { PaymentCodeSnapshot } from '../../domain/payment-code.events';
import type { OpenPaymentCode } from '../payment-code-opening';

/** `POST /fixed_payment_code`. */
export class CreatePaymentCodeCommand extends Command<PaymentCodeSnapshot> {
  constructor(
    readonly request: Omit<OpenPaymentCode, 'origin'>,
    readonly context: RequestContext,
  ) {
    super();
  }
}
