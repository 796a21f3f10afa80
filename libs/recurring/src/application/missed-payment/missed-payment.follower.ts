import { CommandPipeline, reactionOrigin } from '@gateway/event-store';
import type { InvoiceExpired } from '@gateway/invoices';
import { EventFollower, type Followed, Follower } from '@gateway/projections';
import { recurringDecider } from '../../domain/recurring.decider';
import { recurringStream } from '../../domain/recurring.events';

/**
 * An invoice of a recurring payment expired unpaid: with `missed_payment_action` STOP the
 * recurring payment stops (spec: "ACTIVE → STOPPED on an unpaid cycle"). Idempotent (a stopped
 * payment ignores a replay).
 */
@Follower()
export class MissedPaymentFollower extends EventFollower<InvoiceExpired> {
  constructor(private readonly pipeline: CommandPipeline) {
    super('recurring.missed-payment', ['InvoiceExpired']);
  }

  protected async follow(recorded: Followed<InvoiceExpired>): Promise<void> {
    const { invoiceId, recurringPaymentId, expiredAt } = recorded.data.invoice;
    if (!recurringPaymentId) return;
    const at = new Date(expiredAt ?? recorded.metadata.occurredAt);
    await this.pipeline.run({
      ...reactionOrigin(recorded, 'system:recurring-missed-payment', at),
      stream: recurringStream(recurringPaymentId),
      decider: recurringDecider,
      command: { type: 'RecordMissedPayment', id: recurringPaymentId, invoiceId, now: at },
      readYourWrites: 'none',
    });
  }
}
