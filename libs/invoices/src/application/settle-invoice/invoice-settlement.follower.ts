import { DomainError } from '@gateway/domain';
import { CommandPipeline, reactionOrigin } from '@gateway/event-store';
import type { MoneyInSettled } from '@gateway/ledger';
import { EventFollower, type Followed, Follower } from '@gateway/projections';
import { invoiceDecider } from '../../domain/invoice.decider';
import { INVOICE_MOVEMENT_PREFIX, invoiceStream } from '../../domain/invoice.events';

/**
 * PAID → SETTLED when the ledger settles the invoice's movement (its `MoneyInSettled`). The
 * decider makes a replay a no-op (an invoice settles once).
 */
@Follower()
export class InvoiceSettlementFollower extends EventFollower<MoneyInSettled> {
  constructor(private readonly pipeline: CommandPipeline) {
    super('invoices.settlement-follower', ['MoneyInSettled']);
  }

  protected async follow(recorded: Followed<MoneyInSettled>): Promise<void> {
    const { movementId, settledAt } = recorded.data;
    if (!movementId.startsWith(INVOICE_MOVEMENT_PREFIX)) return;
    const invoiceId = movementId.slice(INVOICE_MOVEMENT_PREFIX.length);
    const at = new Date(settledAt);
    try {
      await this.pipeline.run({
        ...reactionOrigin(recorded, 'system:invoice-settlement', at),
        stream: invoiceStream(invoiceId),
        decider: invoiceDecider,
        command: { type: 'SettleInvoice', invoiceId, now: at },
        readYourWrites: 'none',
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error; // else not an invoice of ours any more (never expected)
    }
  }
}
