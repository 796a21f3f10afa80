import { GetSettingsQuery } from '@gateway/accounts';
import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { feeFor, feeRuleFor } from '@gateway/ledger';
import { EnsureChannelEnabledQuery } from '@gateway/payment-channels';
import { Clock, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
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
    private readonly clock: Clock,
    private readonly queries: QueryBus,
    private readonly progress: ProjectionProgress,
  ) {}

  async execute(command: PayInvoiceCommand): Promise<InvoiceSnapshot> {
    const { businessId, mode, invoiceId, payment } = command;
    await this.queries.execute(new EnsureChannelEnabledQuery(businessId, mode, payment.channel));
    const settings = await this.queries.execute(new GetSettingsQuery(businessId, mode));
    const { fee, feeTax } = feeFor(payment.amount, feeRuleFor(payment.channel, settings?.settings.feeSchedule));
    const now = await this.clock.now({ businessId, mode });
    const stream = invoiceStream(invoiceId);
    await ensureOwnedInvoice(this.store, businessId, mode, invoiceId);
    const decision = await decideAndAppend(
      this.store,
      stream,
      invoiceDecider,
      { type: 'PayInvoice', invoiceId, payment: { ...payment, fee, feeTax }, now },
      toCommandMetadata(command.context, now, { businessId, mode }),
    );
    if (decision.appended) await this.progress.waitFor(INVOICES_PROJECTION, decision.appended.position, 10_000);
    if (decision.state.status !== 'exists') throw InvoiceErrors.notFound(invoiceId);
    return decision.state.invoice;
  }
}
