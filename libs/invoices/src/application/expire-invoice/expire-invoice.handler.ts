import { CommandPipeline, requestOrigin } from '@gateway/event-store';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { InvoiceSnapshot } from '../../domain/invoice.events';
import { ensureOwnedInvoice, invoiceAfter, onInvoice } from '../owned-invoice';
import { ExpireInvoiceCommand } from './expire-invoice.command';

@CommandHandler(ExpireInvoiceCommand)
export class ExpireInvoiceHandler implements ICommandHandler<ExpireInvoiceCommand, InvoiceSnapshot> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async execute(command: ExpireInvoiceCommand): Promise<InvoiceSnapshot> {
    const { invoiceId } = command;
    await ensureOwnedInvoice(this.pipeline, command.businessId, command.mode, invoiceId);
    const decision = await this.pipeline.run(
      onInvoice(requestOrigin(command), invoiceId, (now) => ({ type: 'ExpireInvoice', invoiceId, now })),
    );
    return invoiceAfter(decision.state, invoiceId);
  }
}
