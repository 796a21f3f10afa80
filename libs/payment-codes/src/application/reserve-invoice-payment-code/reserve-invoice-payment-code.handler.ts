import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PaymentCodeSnapshot } from '../../domain/payment-code.events';
import { PaymentCodeOpener } from '../payment-code-opener';
import { ReserveInvoicePaymentCodeCommand } from './reserve-invoice-payment-code.command';

@CommandHandler(ReserveInvoicePaymentCodeCommand)
export class ReserveInvoicePaymentCodeHandler implements ICommandHandler<ReserveInvoicePaymentCodeCommand, PaymentCodeSnapshot> {
  constructor(private readonly opener: PaymentCodeOpener) {}

  execute(command: ReserveInvoicePaymentCodeCommand): Promise<PaymentCodeSnapshot> {
    return this.opener.open(
      {
        businessId: command.businessId,
        mode: command.mode,
        externalId: command.externalId,
        retailOutletName: command.retailOutletName,
        name: command.name,
        expectedAmount: command.transferAmount,
        isSingleUse: true,
        expirationDate: command.expiresAt,
        origin: { kind: 'invoice', invoiceId: command.invoiceId },
      },
      command.context,
    );
  }
}
