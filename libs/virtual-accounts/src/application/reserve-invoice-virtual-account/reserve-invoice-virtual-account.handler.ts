import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { VirtualAccountSnapshot } from '../../domain/virtual-account.events';
import { VirtualAccountOpener } from '../virtual-account-opener';
import { ReserveInvoiceVirtualAccountCommand } from './reserve-invoice-virtual-account.command';

@CommandHandler(ReserveInvoiceVirtualAccountCommand)
export class ReserveInvoiceVirtualAccountHandler implements ICommandHandler<ReserveInvoiceVirtualAccountCommand, VirtualAccountSnapshot> {
  constructor(private readonly opener: VirtualAccountOpener) {}

  execute(command: ReserveInvoiceVirtualAccountCommand): Promise<VirtualAccountSnapshot> {
    return this.opener.open(
      {
        businessId: command.businessId,
        mode: command.mode,
        externalId: command.externalId,
        bankCode: command.bankCode,
        name: command.name,
        isClosed: true,
        expectedAmount: command.transferAmount,
        isSingleUse: true,
        expirationDate: command.expiresAt,
        origin: { kind: 'invoice', invoiceId: command.invoiceId },
      },
      command.context,
    );
  }
}
