import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TeamRunner } from '../team-runner';
import { RecordDashboardActionCommand } from './record-action.command';

@CommandHandler(RecordDashboardActionCommand)
export class RecordDashboardActionHandler implements ICommandHandler<RecordDashboardActionCommand, void> {
  constructor(private readonly runner: TeamRunner) {}

  async execute(command: RecordDashboardActionCommand): Promise<void> {
    await this.runner.run(command.businessId, command.context, (now) => ({
      type: 'RecordAction',
      userId: command.userId,
      action: command.action,
      target: command.target,
      mode: command.mode,
      now,
    }));
  }
}
