import { CommandPipeline, type RecordedEvent } from '@gateway/event-store';
import type { InvoiceExpired } from '@gateway/invoices';
import { ReadModelProjection, type Projection } from '@gateway/projections';
import { Injectable } from '@nestjs/common';
import { recurringDecider } from '../../domain/recurring.decider';
import { recurringStream } from '../../domain/recurring.events';

export const MISSED_PAYMENT_FOLLOWER = 'recurring.missed-payment';

/**
 * An invoice of a recurring payment expired unpaid: with `missed_payment_action` STOP the
 * recurring payment stops (spec: "ACTIVE → STOPPED on an unpaid cycle"). Durable and
 * idempotent (a stopped payment ignores a replay).
 */
@ReadModelProjection()
@Injectable()
export class MissedPaymentFollower implements Projection {
  readonly name = MISSED_PAYMENT_FOLLOWER;
  readonly tables: string[] = [];
  readonly eventTypes = ['InvoiceExpired'];

  constructor(private readonly pipeline: CommandPipeline) {}

  async apply(events: RecordedEvent[]): Promise<void> {
    for (const recorded of events) {
      const { invoice } = (recorded as unknown as InvoiceExpired).data;
      if (!invoice.recurringPaymentId) continue;
      const at = new Date(invoice.expiredAt ?? recorded.metadata.occurredAt);
      const { correlationId, businessId, mode } = recorded.metadata;
      await this.pipeline.run({
        context: { requestId: correlationId, causationId: recorded.id, actor: 'system:recurring-missed-payment' },
        scope: { businessId, mode },
        at,
        stream: recurringStream(invoice.recurringPaymentId),
        decider: recurringDecider,
        command: { type: 'RecordMissedPayment', id: invoice.recurringPaymentId, invoiceId: invoice.invoiceId, now: at },
        readYourWrites: 'none',
      });
    }
  }
}
