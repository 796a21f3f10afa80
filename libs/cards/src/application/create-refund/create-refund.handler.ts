import { CommandPipeline, requestOrigin } from '@gateway/event-store';
import { IdGenerator } from '@gateway/runtime';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { newCardId } from '../card-ids';
import type { RefundView } from '../card-views';
import { ChargeLoader, onCharge } from '../charge-loader';
import { RefundProcessor } from '../process-refund/refund-processor';
import { refundViewOf } from '../refund-view';
import { CreateRefundCommand } from './create-refund.command';

/**
 * A refund is requested on the charge's own stream (its total and external id checked there, under
 * the stream's expected revision), starts PENDING and is processed by the worker's job, or at once
 * for API version 2019-05-01.
 */
@CommandHandler(CreateRefundCommand)
export class CreateRefundHandler implements ICommandHandler<CreateRefundCommand, RefundView> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly charges: ChargeLoader,
    private readonly processor: RefundProcessor,
    private readonly ids: IdGenerator,
  ) {}

  async execute(command: CreateRefundCommand): Promise<RefundView> {
    await this.charges.assertOwned(command.chargeId, command.businessId, command.mode);
    const refundId = newCardId(this.ids);
    const { externalId, amount } = command;
    const run = onCharge(requestOrigin(command), command.chargeId, (now) => ({
      type: 'RequestRefund',
      refundId,
      externalId,
      amount,
      now,
    }));
    const decision = await this.pipeline.run({
      ...run,
      // Processed at once: the processor waits for the refund's end, the state the answer shows.
      readYourWrites: command.processSynchronously ? 'none' : run.readYourWrites,
      // Many refunds of one charge at once: let every one of them get its turn on the stream.
      maxAttempts: 50,
    });
    if (command.processSynchronously) {
      const processed = await this.processor.process(command.chargeId, refundId, command.context.requestId);
      if (processed) return processed;
      if (decision.appended) await this.pipeline.waitFor(run.readYourWrites, run.stream, decision.appended.position);
    }
    if (decision.state.status === 'none') throw new Error('charge vanished');
    return refundViewOf(decision.state.refunds[refundId]);
  }
}
