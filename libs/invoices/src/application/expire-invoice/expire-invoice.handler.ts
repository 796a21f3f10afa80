import { CommandPipeline, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { invoiceDecider } from '../../domain/invoice.decider';
import { InvoiceErrors } from '../../domain/invoice.errors';
import { type InvoiceSnapshot, invoiceStream } from '../../domain/invoice.events';
import { INVOICES_PROJECTION } from '../../read-models/invoices.projection';
import { ensureOwnedInvoice } from '../owned-invoice';
import { ExpireInvoiceCommand } from './expire-invoice.command';

@CommandHandler(ExpireInvoiceCommand)
export class ExpireInvoiceHandler implements ICommandHandler<ExpireInvoiceCommand, InvoiceSnapshot> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly pipeline: CommandPipeline,
  ) {}

  async execute(command: ExpireInvoiceCommand): Promise<InvoiceSnapshot> {
    const { businessId, mode, invoiceId } = command;
    await ensureOwnedInvoice(this.store, businessId, mode, invoiceId);
    const decision = await this.pipeline.run({
      context: command.context,
      scope: { businessId, mode },
      stream: invoiceStream(invoiceId),
      decider: invoiceDecider,
      command: (now) => ({ type: 'ExpireInvoice' as const, invoiceId, now }),
      readYourWrites: { projection: INVOICES_PROJECTION },
    });
    if (decision.state.status !== 'exists') throw InvoiceErrors.notFound(invoiceId);
    return decision.state.invoice;
  }
}
