import { DomainError } from '@gateway/domain';
import { decideAndAppend, EVENT_STORE, type EventStore, type RecordedEvent } from '@gateway/event-store';
import type { MoneyInSettled } from '@gateway/ledger';
import { ReadModelProjection, type Projection } from '@gateway/projections';
import { Inject, Injectable } from '@nestjs/common';
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

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async apply(events: RecordedEvent[]): Promise<void> {
    for (const recorded of events) {
      const settled = { type: recorded.type, data: recorded.data } as MoneyInSettled;
      if (!settled.data.movementId.startsWith(INVOICE_MOVEMENT_PREFIX)) continue;
      const invoiceId = settled.data.movementId.slice(INVOICE_MOVEMENT_PREFIX.length);
      try {
        await decideAndAppend(this.store, invoiceStream(invoiceId), invoiceDecider, { type: 'SettleInvoice', invoiceId, now: new Date(settled.data.settledAt) }, {
          correlationId: recorded.metadata.correlationId,
          causationId: recorded.id,
          actor: 'system:invoice-settlement',
          occurredAt: new Date(settled.data.settledAt),
          businessId: recorded.metadata.businessId,
          mode: recorded.metadata.mode,
        });
      } catch (error) {
        if (error instanceof DomainError) continue; // not an invoice of ours any more (never expected)
        throw error;
      }
    }
  }
}
