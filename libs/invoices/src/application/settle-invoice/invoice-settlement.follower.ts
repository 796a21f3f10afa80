import { DomainError } from '@gateway/domain';
import { CommandPipeline, type RecordedEvent } from '@gateway/event-store';
import type { MoneyInSettled } from '@gateway/ledger';
import { ReadModelProjection, type Projection } from '@gateway/projections';
import { Injectable } from '@nestjs/common';
import { invoiceDecider } from '../../domain/invoice.decider';
import { INVOICE_MOVEMENT_PREFIX, invoiceStream } from '../../domain/invoice.events';

export const INVOICE_SETTLEMENT_FOLLOWER = 'invoices.settlement-follower';

/**
 * PAID → SETTLED when the ledger settles the invoice's movement (its `MoneyInSettled`). A
 * durable subscription without tables: checkpointed and leased by the runner; the decider
 * makes a replay a no-op (an invoice settles once).
 */
@ReadModelProjection()
@Injectable()
export class InvoiceSettlementFollower implements Projection {
  readonly name = INVOICE_SETTLEMENT_FOLLOWER;
  readonly tables: string[] = [];
  readonly eventTypes = ['MoneyInSettled'];

  constructor(private readonly pipeline: CommandPipeline) {}

  async apply(events: RecordedEvent[]): Promise<void> {
    for (const recorded of events) {
      const settled = { type: recorded.type, data: recorded.data } as MoneyInSettled;
      if (!settled.data.movementId.startsWith(INVOICE_MOVEMENT_PREFIX)) continue;
      const invoiceId = settled.data.movementId.slice(INVOICE_MOVEMENT_PREFIX.length);
      try {
        const at = new Date(settled.data.settledAt);
        const { correlationId, businessId, mode } = recorded.metadata;
        await this.pipeline.run({
          context: { requestId: correlationId, causationId: recorded.id, actor: 'system:invoice-settlement' },
          scope: { businessId, mode },
          at,
          stream: invoiceStream(invoiceId),
          decider: invoiceDecider,
          command: { type: 'SettleInvoice', invoiceId, now: at },
          readYourWrites: 'none',
        });
      } catch (error) {
        if (error instanceof DomainError) continue; // not an invoice of ours any more (never expected)
        throw error;
      }
    }
  }
}
