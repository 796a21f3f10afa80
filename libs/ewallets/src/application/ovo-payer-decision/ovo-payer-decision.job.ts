import { DomainError } from '@gateway/domain';
import { CommandPipeline, originOf } from '@gateway/event-store';
import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler } from '@gateway/scheduler';
import { Injectable } from '@nestjs/common';
import { ewalletPaymentDecider } from '../../domain/ewallet-payment.decider';
import { simulatedOvoDecision } from '../../domain/ovo-payer-simulator';
import { type EwalletJobPayload, OVO_PAYER_DECISION_JOB } from '../../read-models/ewallet-payments.projection';
import { PaymentCompleter } from '../complete-payment/payment-completer';
import { systemMetadata } from '../payment-metadata';

/**
 * The simulated OVO payer (test mode; live mode only with the sandbox network): when the job
 * falls due, the payer approves or the payment fails as the test phone number says. Runs at
 * least once: a payment already decided is left alone.
 */
@HandlesScheduledJob(OVO_PAYER_DECISION_JOB)
@Injectable()
export class OvoPayerDecisionJob implements ScheduledJobHandler<EwalletJobPayload> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly completer: PaymentCompleter,
  ) {}

  async handle(job: DueJob<EwalletJobPayload>): Promise<void> {
    const { streamName } = job.payload;
    const { state } = await this.pipeline.load(streamName, ewalletPaymentDecider);
    if (state.status !== 'PENDING') return;
    const { payment } = state;
    const metadata = systemMetadata('ovo-simulator', `job_${job.id}`, job.now, payment);
    const { outcome } = simulatedOvoDecision(payment.phone ?? '');
    try {
      if (outcome.status === 'COMPLETED') await this.completer.complete(streamName, payment, metadata, 'none');
      else {
        await this.pipeline.run({
          ...originOf(metadata),
          stream: streamName,
          decider: ewalletPaymentDecider,
          command: { type: 'FailEwalletPayment', failureCode: outcome.failureCode, now: job.now },
          readYourWrites: 'none',
        });
      }
    } catch (error) {
      // decided meanwhile
      if (error instanceof DomainError && error.code === 'INVALID_EWALLET_PAYMENT_STATUS_ERROR') return;
      throw error;
    }
  }
}
