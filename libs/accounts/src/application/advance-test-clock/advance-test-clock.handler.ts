import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BusinessAggregateRunner } from '../business-runner/business-aggregate-runner';
import { AdvanceTestClockCommand, type AdvancedTestClock } from './advance-test-clock.command';

@CommandHandler(AdvanceTestClockCommand)
export class AdvanceTestClockHandler implements ICommandHandler<AdvanceTestClockCommand, AdvancedTestClock> {
  constructor(private readonly runner: BusinessAggregateRunner) {}

  async execute(command: AdvanceTestClockCommand): Promise<AdvancedTestClock> {
    // The runner waits for the projection, which moves the scheduler's notion of this business's time.
    const decision = await this.runner.run(command.businessId, command.context, 'test', (now) => ({
      type: 'AdvanceTestClock',
      businessId: command.businessId,
      byMs: command.byMs,
      now,
    }));
    const state = decision.state;
    return { businessId: command.businessId, offsetMs: state.status === 'registered' ? state.testClockOffsetMs : 0 };
  }
}
