import { GetSettingsQuery } from '@gateway/accounts';
import { CommandPipeline, requestOrigin } from '@gateway/event-store';
import { feeFor, feeRuleFor } from '@gateway/ledger';
import { EnsureChannelEnabledQuery } from '@gateway/payment-channels';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { InvoiceSnapshot } from '../../domain/invoice.events';
import { ensureOwnedInvoice, invoiceAfter, onInvoice } from '../owned-invoice';
import { PayInvoiceCommand } from './pay-invoice.command';

@CommandHandler(PayInvoiceCommand)
export class PayInvoiceHandler implements ICommandHandler<PayInvoiceCommand, InvoiceSnapshot> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly queries: QueryBus,
  ) {}

  async execute(command: PayInvoiceCommand): Promise<InvoiceSnapshot> {
    const { businessId, mode, invoiceId, payment } = command;
    await this.queries.execute(new EnsureChannelEnabledQuery(businessId, mode, payment.channel));
    const settings = await this.queries.execute(new GetSettingsQuery(businessId, mode));
    const { fee, feeTax } = feeFor(payment.amount, feeRuleFor(payment.channel, settings?.settings.feeSchedule));
    await ensureOwnedInvoice(this.pipeline, businessId, mode, invoiceId);
    const decision = await this.pipeline.run(
      onInvoice(requestOrigin(command), invoiceId, (now) => ({
        type: 'PayInvoice',
        invoiceId,
        payment: { ...payment, fee, feeTax },
        now,
      })),
    );
    return invoiceAfter(decision.state, invoiceId);
  }
}
