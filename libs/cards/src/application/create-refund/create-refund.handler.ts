import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Clock, IdGenerator, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { cardChargeDecider } from '../../domain/card-charge.decider';
import { cardChargeStream } from '../../domain/card-charge.events';
import { CARDS_PROJECTION } from '../../read-models/cards.projection';
import { newCardId } from '../card-ids';
import type { RefundView } from '../card-views';
import { ChargeLoader } from '../charge-loader';
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
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly charges: ChargeLoader,
    private readonly processor: RefundProcessor,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly progress: ProjectionProgress,
  ) {}

  async execute(command: CreateRefundCommand): Promise<RefundView> {
    const { businessId, mode } = command;
    await this.charges.assertOwned(command.chargeId, businessId, mode);
    const now = await this.clock.now({ businessId, mode });
    const refundId = newCardId(this.ids);
    const decision = await decideAndAppend(
      this.store,
      cardChargeStream(command.chargeId),
      cardChargeDecider,
      { type: 'RequestRefund', refundId, externalId: command.externalId, amount: command.amount, now },
      // Many refunds of one charge at once: let every one of them get its turn on the stream.
      toCommandMetadata(command.context, now, { businessId, mode }),
      { maxAttempts: 50 },
    );
    if (command.processSynchronously) {
      const processed = await this.processor.process(command.chargeId, refundId, command.context.requestId);
      if (processed) return processed;
    }
    if (decision.appended) await this.progress.waitFor(CARDS_PROJECTION, decision.appended.position, 10_000);
    if (decision.state.status === 'none') throw new Error('charge vanished');
    return refundViewOf(decision.state.refunds[refundId]!);
  }
}
