import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PaymentCodeSnapshot } from '../../domain/payment-code.events';
import { PaymentCodeOpener } from '../payment-code-opener';
import { CreatePaymentCodeCommand } from './create-payment-code.command';

@CommandHandler(CreatePaymentCodeCommand)
export class CreatePaymentCodeHandler implements ICommandHandler<CreatePaymentCodeCommand, PaymentCodeSnapshot> {
  constructor(private readonly opener: PaymentCodeOpener) {}

  execute(command: CreatePaymentCodeCommand): Promise<PaymentCodeSnapshot> {
    return this.opener.open({ ...command.request, origin: { kind: 'fixed' } }, command.context);
  }
}
