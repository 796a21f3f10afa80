import { GetSettingsQuery } from '@gateway/accounts';
import { CommandPipeline, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { feeFor, feeRuleFor } from '@gateway/ledger';
import { EnsureChannelEnabledQuery } from '@gateway/payment-channels';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { invoiceDecider } from '../../domain/invoice.decider';
import { InvoiceErrors } from '../../domain/invoice.errors';
import { type InvoiceSnapshot, invoiceStream } from '../../domain/invoice.events';
import { INVOICES_PROJECTION } from '../../read-models/invoices.projection';
import { ensureOwnedInvoice } from '../owned-invoice';
import { PayInvoiceCommand } from './pay-invoice.command';

@CommandHandler(PayInvoiceCommand)
export class PayInvoiceHandler implements ICommandHandler<PayInvoiceCommand, InvoiceSnapshot> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly pipeline: CommandPipeline,
    private readonly queries: QueryBus,
  ) {}

  async execute(command: PayInvoiceCommand): Promise<InvoiceSnapshot> {
    const { businessId, mode, invoiceId, payment } = command;
    await this.queries.execute(new EnsureChannelEnabledQuery(businessId, mode, payment.channel));
    const settings = await this.queries.execute(new GetSettingsQuery(businessId, mode));
    const { fee, feeTax } = feeFor(payment.amount, feeRuleFor(payment.channel, settings?.settings.feeSchedule));
    await ensureOwnedInvoice(this.store, businessId, mode, invoiceId);
    const decision = await this.pipeline.run({
      context: command.context,
      scope: { businessId, mode },
      stream: invoiceStream(invoiceId),
      decider: invoiceDecider,
      command: (now) => ({ type: 'PayInvoice' as const, invoiceId, payment: { ...payment, fee, feeTax }, now }),
      readYourWrites: { projection: INVOICES_PROJECTION },
    });
    if (decision.state.status !== 'exists') throw InvoiceErrors.notFound(invoiceId);
    return decision.state.invoice;
  }
}
