import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TeamRunner } from '../team-runner';
import { ChangeDashboardRoleCommand } from './change-role.command';

@CommandHandler(ChangeDashboardRoleCommand)
export class ChangeDashboardRoleHandler implements ICommandHandler<ChangeDashboardRoleCommand, void> {
  constructor(private readonly runner: TeamRunner) {}

  async execute(command: ChangeDashboardRoleCommand): Promise<void> {
    await this.runner.run(command.businessId, command.context, (now) => ({
      type: 'ChangeRole',
      userId: command.userId,
      role: command.role,
      by: command.context.actor,
      now,
    }));
  }
}
