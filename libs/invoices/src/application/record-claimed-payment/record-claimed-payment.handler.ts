import { GetSettingsQuery } from '@gateway/accounts';
import { CommandPipeline, originOf } from '@gateway/event-store';
import { feeFor, feeRuleFor } from '@gateway/ledger';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { invoiceDecider } from '../../domain/invoice.decider';
import { invoiceStream } from '../../domain/invoice.events';
import { ensureOwnedInvoice } from '../owned-invoice';
import { type ClaimedPaymentOutcome, RecordClaimedInvoicePaymentCommand } from './record-claimed-payment.command';

/**
 * No channel check and no refusal: the payer's money already moved (the channel was checked when
 * the method was committed to the invoice). Fees come from the business's schedule now, as for
 * every money-in.
 */
@CommandHandler(RecordClaimedInvoicePaymentCommand)
export class RecordClaimedInvoicePaymentHandler implements ICommandHandler<
  RecordClaimedInvoicePaymentCommand,
  ClaimedPaymentOutcome
> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly queries: QueryBus,
  ) {}

  async execute(command: RecordClaimedInvoicePaymentCommand): Promise<ClaimedPaymentOutcome> {
    const { businessId, mode, invoiceId, payment, metadata } = command;
    await ensureOwnedInvoice(this.pipeline, businessId, mode, invoiceId);
    const settings = await this.queries.execute(new GetSettingsQuery(businessId, mode));
    const { fee, feeTax } = feeFor(payment.amount, feeRuleFor(payment.channel, settings?.settings.feeSchedule));
    const decision = await this.pipeline.run({
      ...originOf({ ...metadata, businessId, mode }),
      stream: invoiceStream(invoiceId),
      decider: invoiceDecider,
      command: {
        type: 'RecordClaimedPayment',
        invoiceId,
        payment: { ...payment, fee, feeTax },
        now: metadata.occurredAt,
      },
      // Recorded by a follower; the request that paid waits for the invoices read model itself.
      readYourWrites: 'none',
    });
    if (decision.events.length === 0) return { outcome: 'ALREADY_RECORDED' };
    return { outcome: decision.events[0].type === 'InvoicePaid' ? 'PAID' : 'SURPLUS' };
  }
}
