import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Clock, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { businessDecider } from '../../domain/business.decider';
import { businessStream } from '../../domain/business.events';
import { BUSINESSES_PROJECTION } from '../../read-models/businesses.projection';
import { AdvanceTestClockCommand, type AdvancedTestClock } from './advance-test-clock.command';

@CommandHandler(AdvanceTestClockCommand)
export class AdvanceTestClockHandler implements ICommandHandler<AdvanceTestClockCommand, AdvancedTestClock> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
  ) {}

  async execute(command: AdvanceTestClockCommand): Promise<AdvancedTestClock> {
    const now = await this.clock.now({ businessId: command.businessId, mode: 'test' });
    const decision = await decideAndAppend(
      this.store,
      businessStream(command.businessId),
      businessDecider,
      { type: 'AdvanceTestClock', businessId: command.businessId, byMs: command.byMs, now },
      toCommandMetadata(command.context, now, { businessId: command.businessId, mode: 'test' }),
    );
    // The new time must be in force (scheduler included) before the caller continues.
    if (decision.appended) await this.progress.waitFor(BUSINESSES_PROJECTION, decision.appended.position, 10_000);
    const state = decision.state;
    return { businessId: command.businessId, offsetMs: state.status === 'registered' ? state.testClockOffsetMs : 0 };
  }
}
