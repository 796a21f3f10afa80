import { DomainError } from '@gateway/domain';
import { CommandPipeline, originOf } from '@gateway/event-store';
import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler } from '@gateway/scheduler';
import { Injectable } from '@nestjs/common';
import { ewalletPaymentDecider } from '../../domain/ewallet-payment.decider';
import { EXPIRE_CHECKOUT_JOB, type EwalletJobPayload } from '../../read-models/ewallet-payments.projection';
import { systemMetadata } from '../payment-metadata';

/** A DANA or LINKAJA checkout whose time ran out on the business's clock expires. */
@HandlesScheduledJob(EXPIRE_CHECKOUT_JOB)
@Injectable()
export class ExpireCheckoutJob implements ScheduledJobHandler<EwalletJobPayload> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async handle(job: DueJob<EwalletJobPayload>): Promise<void> {
    if (!job.businessId || !job.mode) return;
    const metadata = systemMetadata('ewallet-expiry', `job_${job.id}`, job.now, {
      businessId: job.businessId,
      mode: job.mode,
    });
    try {
      await this.pipeline.run({
        ...originOf(metadata),
        stream: job.payload.streamName,
        decider: ewalletPaymentDecider,
        command: { type: 'ExpireEwalletPayment', now: job.now },
        readYourWrites: 'none',
      });
    } catch (error) {
      // Paid (or expired by an earlier run) before the job ran: nothing left to do.
      if (error instanceof DomainError && error.code === 'INVALID_EWALLET_PAYMENT_STATUS_ERROR') return;
      throw error;
    }
  }
}
