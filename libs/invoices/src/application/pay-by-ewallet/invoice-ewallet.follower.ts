import type { RecordedEvent } from '@gateway/event-store';
import type { EwalletPaymentCompleted } from '@gateway/ewallets';
import { ReadModelProjection, type Projection } from '@gateway/projections';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RecordClaimedInvoicePaymentCommand } from '../record-claimed-payment/record-claimed-payment.command';

export const INVOICE_EWALLET_FOLLOWER = 'invoices.ewallet-payments';

/**
 * An eWallet payment made for an invoice (from its hosted page) completed: the invoice records
 * it (PAID with its MoneyInReceived, or surplus if it was paid or expired meanwhile). A durable
 * subscription: checkpointed, so a crash between the eWallet's completion and the invoice's
 * payment is caught up on restart; the invoice decider makes a replay a no-op.
 */
@ReadModelProjection()
@Injectable()
export class InvoiceEwalletFollower implements Projection {
  readonly name = INVOICE_EWALLET_FOLLOWER;
  readonly tables: string[] = [];
  readonly eventTypes = ['EwalletPaymentCompleted'];

  constructor(private readonly commands: CommandBus) {}

  async apply(events: RecordedEvent[]): Promise<void> {
    for (const recorded of events) {
      const { payment, completedAt } = (recorded as unknown as EwalletPaymentCompleted).data;
      if (payment.moneyRecordedBy?.context !== 'invoices') continue;
      await this.commands.execute(
        new RecordClaimedInvoicePaymentCommand(
          payment.businessId,
          payment.mode,
          payment.moneyRecordedBy.resourceId,
          {
            method: 'EWALLET',
            channel: payment.ewalletType,
            destination: '',
            paymentId: payment.paymentId,
            amount: payment.amount,
          },
          {
            correlationId: recorded.metadata.correlationId,
            causationId: recorded.id,
            actor: 'system:invoice-ewallet-follower',
            occurredAt: new Date(completedAt),
          },
        ),
      );
    }
  }
}
