import { Scheduler } from '@gateway/scheduler';
import { EventByEventProjection, InjectableProjection } from '@gateway/projections';
import type { ClientBase } from 'pg';
import { scheduleCycle } from '../application/run-cycle/schedule-cycle';
import { RECURRING_EVENT_TYPES, type RecurringEvent } from '../domain/recurring.events';
import { hasMoreCycles } from '../domain/recurring-schedule';

export const RECURRING_PROJECTION = 'recurring.recurring-payments';

/**
 * The recurring GET; a created recurring payment gets its first cycle job in the same transaction,
 * and a PATCH that re-times the next cycle moves that cycle's job.
 */
@InjectableProjection()
export class RecurringProjection extends EventByEventProjection<RecurringEvent> {
  constructor(private readonly scheduler: Scheduler) {
    super({ name: RECURRING_PROJECTION, tables: ['recurring_payments'], eventTypes: RECURRING_EVENT_TYPES });
  }

  protected async applyEvent(event: RecurringEvent, tx: ClientBase): Promise<void> {
    const { recurring } = event.data;
    const { rowCount } = await tx.query(
      `INSERT INTO recurring_payments (recurring_payment_id, business_id, mode, status, snapshot) VALUES ($1, $2, ` +
        `$3, $4, $5)
       ON CONFLICT (recurring_payment_id) DO UPDATE SET status = EXCLUDED.status, snapshot = EXCLUDED.snapshot
       RETURNING (xmax = 0) AS inserted`,
      [recurring.recurringPaymentId, recurring.businessId, recurring.mode, recurring.status, recurring],
    );
    if (event.type === 'RecurringPaymentCreated' && rowCount) await scheduleCycle(this.scheduler, recurring, 1, tx);
    // A PATCH of the interval re-timed the next cycle (the anchor sits on it): move its waiting job.
    if (
      event.type === 'RecurringPaymentUpdated' &&
      recurring.scheduleAnchor?.cycle === recurring.nextCycle &&
      hasMoreCycles(recurring)
    ) {
      await scheduleCycle(this.scheduler, recurring, recurring.nextCycle, tx);
    }
  }
}
