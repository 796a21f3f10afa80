import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Clock, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
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
    private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
  ) {}

  async execute(command: ExpireInvoiceCommand): Promise<InvoiceSnapshot> {
    const { businessId, mode, invoiceId } = command;
    await ensureOwnedInvoice(this.store, businessId, mode, invoiceId);
    const now = await this.clock.now({ businessId, mode });
    const decision = await decideAndAppend(this.store, invoiceStream(invoiceId), invoiceDecider, { type: 'ExpireInvoice', invoiceId, now }, toCommandMetadata(command.context, now, { businessId, mode }));
    if (decision.appended) await this.progress.waitFor(INVOICES_PROJECTION, decision.appended.position, 10_000);
    if (decision.state.status !== 'exists') throw InvoiceErrors.notFound(invoiceId);
    return decision.state.invoice;
  }
}
