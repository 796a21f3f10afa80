import { FixedInstruments } from '@gateway/fixed-instruments';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PaymentCodeSnapshot } from '../../domain/payment-code.events';
import { PAYMENT_CODES } from '../payment-code-kind';
import { paymentCodeOpening } from '../payment-code-opening';
import { CreatePaymentCodeCommand } from './create-payment-code.command';

/** A merchant's fixed code, opened by the kernel on the requested or a random code. */
@CommandHandler(CreatePaymentCodeCommand)
export class CreatePaymentCodeHandler implements ICommandHandler<CreatePaymentCodeCommand, PaymentCodeSnapshot> {
  constructor(private readonly instruments: FixedInstruments) {}

  execute({ request, context }: CreatePaymentCodeCommand): Promise<PaymentCodeSnapshot> {
    const opening = { ...request, origin: { kind: 'fixed' as const } };
    return this.instruments.open(PAYMENT_CODES, request, (settings) => paymentCodeOpening(opening, settings), context);
  }
}
