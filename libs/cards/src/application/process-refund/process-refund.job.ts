import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler } from '@gateway/scheduler';
import { Injectable } from '@nestjs/common';
import { PROCESS_REFUND_JOB, type ProcessRefundPayload } from '../../read-models/cards.projection';
import { RefundProcessor } from './refund-processor';

/** The worker's side of a refund: PENDING → SUCCEEDED | FAILED (idempotent: a processed refund is left alone). */
@HandlesScheduledJob(PROCESS_REFUND_JOB)
@Injectable()
export class ProcessRefundJob implements ScheduledJobHandler<ProcessRefundPayload> {
  constructor(private readonly processor: RefundProcessor) {}

  async handle(job: DueJob<ProcessRefundPayload>): Promise<void> {
    await this.processor.process(job.payload.chargeId, job.payload.refundId, `job_${job.id}`);
  }
}
