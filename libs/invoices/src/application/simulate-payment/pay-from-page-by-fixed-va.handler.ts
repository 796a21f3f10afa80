import { CommandPipeline } from '@gateway/event-store';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InvoiceErrors } from '../../domain/invoice.errors';
import { invoiceStream } from '../../domain/invoice.events';
import { INVOICES_PROJECTION } from '../../read-models/invoices.projection';
// prettier-ignore
import {
  TransferToFixedVirtualAccountCommand,
} from '../callback-virtual-account/transfer-to-fixed-virtual-account.command';
import { PayFromPageByFixedVirtualAccountCommand } from './pay-from-page-by-fixed-va.command';

@CommandHandler(PayFromPageByFixedVirtualAccountCommand)
export class PayFromPageByFixedVirtualAccountHandler implements ICommandHandler<
  PayFromPageByFixedVirtualAccountCommand,
  void
> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly commands: CommandBus,
  ) {}

  async execute(command: PayFromPageByFixedVirtualAccountCommand): Promise<void> {
    const { invoice, bank } = command;
    const { businessId, mode } = invoice;
    if (invoice.status !== 'PENDING') throw InvoiceErrors.notPending(invoice.invoiceId, invoice.status);
    // Returns once the follower that records the claimed payment on the invoice has run.
    await this.commands.execute(
      new TransferToFixedVirtualAccountCommand(
        businessId,
        mode,
        bank.bankCode,
        bank.accountNumber,
        bank.transferAmount,
        command.context,
      ),
    );
    // The follower appends without waiting for the read model; the page that follows reads it.
    await this.pipeline.catchUp({ projection: INVOICES_PROJECTION }, invoiceStream(invoice.invoiceId));
  }
}
