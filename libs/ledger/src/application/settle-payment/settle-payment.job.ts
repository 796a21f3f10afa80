import { Injectable } from '@nestjs/common';
import { type DueJob, HandlesScheduledJob, jobKeys, type ScheduledJobHandler } from '@gateway/scheduler';
import { type Settlement, SettlementAppender } from './settlement-appender';

export const SETTLE_PAYMENT_JOB = 'ledger.settle-payment';

/** One settlement job per money movement; the journal reader finds a movement's expected settlement by it. */
export const SETTLEMENT_JOB_KEYS = jobKeys<[movementId: string]>('ledger-settle');

/** A settlement as the journal schedules it: who correlates it and when are the job's own. */
export type SettlePaymentPayload = Omit<Settlement, 'correlationId' | 'at'>;

/**
 * Settlement: when the channel's delay has passed on the business's clock (the test clock in test
 * mode), the net moves from HOLDING to CASH. Settled once however often the job runs, and not at
 * all when a refund settled the payment early (docs/ledger.md, "Refunds").
 */
@HandlesScheduledJob(SETTLE_PAYMENT_JOB)
@Injectable()
export class SettlePaymentJob implements ScheduledJobHandler<SettlePaymentPayload> {
  constructor(private readonly settlements: SettlementAppender) {}

  async handle(job: DueJob<SettlePaymentPayload>): Promise<void> {
    await this.settlements.settle({ ...job.payload, correlationId: `job_${job.id}`, at: job.now });
  }
}
