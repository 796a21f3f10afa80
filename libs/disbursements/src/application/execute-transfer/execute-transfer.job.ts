import { DomainError } from '@gateway/domain';
import { CommandPipeline } from '@gateway/event-store';
import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler } from '@gateway/scheduler';
import { Injectable } from '@nestjs/common';
import { simulatedRailOutcome } from '../../domain/bank-rail-simulator';
import { disbursementDecider } from '../../domain/disbursement.decider';
import { disbursementStream } from '../../domain/disbursement.events';
import { EXECUTE_TRANSFER_JOB, type ExecuteTransferPayload } from '../../read-models/disbursements.projection';

/**
 * The (simulated) bank rail: at the window's opening the transfer is sent and the bank answers.
 * Test mode, and live mode only with the sandbox rail selected (the create handler refuses live
 * disbursements otherwise). The outcome follows the documented magic account numbers.
 */
@HandlesScheduledJob(EXECUTE_TRANSFER_JOB)
@Injectable()
export class ExecuteTransferJob implements ScheduledJobHandler<ExecuteTransferPayload> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async handle(job: DueJob<ExecuteTransferPayload>): Promise<void> {
    const stream = disbursementStream(job.payload.disbursementId);
    const loaded = await this.pipeline.load(stream, disbursementDecider);
    if (loaded.state.status !== 'PENDING') return; // already answered by an earlier run
    const outcome = simulatedRailOutcome(loaded.state.snapshot.accountNumber);
    const { businessId, mode } = loaded.state.snapshot;
    try {
      await this.pipeline.run({
        context: { requestId: `job_${job.id}`, actor: 'system:payout-rail' },
        scope: { businessId, mode },
        at: job.now,
        stream,
        decider: disbursementDecider,
        command:
          outcome.status === 'COMPLETED'
            ? { type: 'CompleteDisbursement', now: job.now }
            : { type: 'FailDisbursement', failureCode: outcome.failureCode, now: job.now },
        readYourWrites: 'none',
      });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'INVALID_DISBURSEMENT_STATUS_ERROR') return;
      throw error;
    }
  }
}
