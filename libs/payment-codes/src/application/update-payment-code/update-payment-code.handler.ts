import { FixedInstruments } from '@gateway/fixed-instruments';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PaymentCodeSnapshot } from '../../domain/payment-code.events';
import { PAYMENT_CODES } from '../payment-code-kind';
import { UpdatePaymentCodeCommand } from './update-payment-code.command';

/** The kernel's update of the caller's own code (name, expected amount, expiration date). */
@CommandHandler(UpdatePaymentCodeCommand)
export class UpdatePaymentCodeHandler implements ICommandHandler<UpdatePaymentCodeCommand, PaymentCodeSnapshot> {
  constructor(private readonly instruments: FixedInstruments) {}

  execute(command: UpdatePaymentCodeCommand): Promise<PaymentCodeSnapshot> {
    const { fpcId, businessId, mode, changes, context } = command;
    return this.instruments.update(PAYMENT_CODES, { instrumentId: fpcId, businessId, mode, changes, context });
  }
}
