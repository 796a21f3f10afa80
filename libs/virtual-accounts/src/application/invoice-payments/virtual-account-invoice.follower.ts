import type { RecordedEvent } from '@gateway/event-store';
import { RecordClaimedInvoicePaymentCommand } from '@gateway/invoices';
import { ReadModelProjection, type Projection } from '@gateway/projections';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { VirtualAccountPaid } from '../../domain/virtual-account.events';

export const VIRTUAL_ACCOUNT_INVOICE_FOLLOWER = 'virtual-accounts.invoice-payments';

/**
 * A payment on a fixed VA that an invoice claimed (`callback_virtual_account_id`): the invoice
 * records it (PAID, or surplus if it was paid or expired meanwhile). Durable and checkpointed, so
 * a crash between the account's payment and the invoice's is caught up; a replay is a no-op.
 */
@ReadModelProjection()
@Injectable()
export class VirtualAccountInvoiceFollower implements Projection {
  readonly name = VIRTUAL_ACCOUNT_INVOICE_FOLLOWER;
  readonly tables: string[] = [];
  readonly eventTypes = ['VirtualAccountPaid'];

  constructor(private readonly commands: CommandBus) {}

  async apply(events: RecordedEvent[]): Promise<void> {
    for (const recorded of events) {
      const { payment, snapshot, claimedBy } = (recorded as unknown as VirtualAccountPaid).data;
      if (claimedBy?.context !== 'invoices') continue;
      await this.commands.execute(
        new RecordClaimedInvoicePaymentCommand(
          snapshot.businessId,
          snapshot.mode,
          claimedBy.resourceId,
          {
            method: 'BANK_TRANSFER',
            channel: snapshot.bankCode,
            destination: snapshot.accountNumber,
            paymentId: payment.paymentId,
            amount: payment.amount,
          },
          {
            correlationId: recorded.metadata.correlationId,
            causationId: recorded.id,
            actor: 'system:virtual-account-invoice-follower',
            occurredAt: new Date(payment.transactionTimestamp),
          },
        ),
      );
    }
  }
}
