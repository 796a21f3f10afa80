import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type EventStore, WrongExpectedRevisionError } from '@gateway/event-store';
import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler } from '@gateway/platform';
import { randomUUID } from 'node:crypto';
import type { MoneyInSettled } from '../../domain/money-movement.events';
import { settlementStream } from '../../domain/top-up.decider';

export const SETTLE_PAYMENT_JOB = 'ledger.settle-payment';

export interface SettlePaymentPayload {
  movementId: string;
  currency: string;
  /** The net: gross less fee and VAT on the fee. */
  amount: number;
  businessId: string;
  mode: 'test' | 'live';
  /** The MoneyInReceived event. */
  causationId: string;
}

/**
 * Settlement: when the channel's delay has passed on the business's clock (the test clock in test
 * mode), the net moves from HOLDING to CASH. The fact lives in its own stream, appended with
 * `no_stream`, so a job that runs twice settles once.
 */
@HandlesScheduledJob(SETTLE_PAYMENT_JOB)
@Injectable()
export class SettlePaymentJob implements ScheduledJobHandler<SettlePaymentPayload> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async handle(job: DueJob<SettlePaymentPayload>): Promise<void> {
    const { movementId, currency, amount, businessId, mode, causationId } = job.payload;
    const settled: MoneyInSettled = { type: 'MoneyInSettled', data: { movementId, currency, amount, settledAt: job.now.toISOString() } };
    try {
      await this.store.append(
        settlementStream(movementId),
        [
          {
            id: randomUUID(),
            type: settled.type,
            data: settled.data,
            metadata: { businessId, mode, correlationId: `job_${job.id}`, causationId, actor: 'system:ledger-settlement', occurredAt: job.now.toISOString() },
          },
        ],
        'no_stream',
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      // Already settled by an earlier run of this job.
    }
  }
}
