import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CredentialsStore } from '../../read-models/credentials-store';
import { SessionStore } from '../../read-models/session-store';
import { TeamRunner } from '../team-runner';
import { RemoveDashboardUserCommand } from './remove-user.command';

@CommandHandler(RemoveDashboardUserCommand)
export class RemoveDashboardUserHandler implements ICommandHandler<RemoveDashboardUserCommand, void> {
  constructor(
    private readonly runner: TeamRunner,
    private readonly credentials: CredentialsStore,
    private readonly sessions: SessionStore,
  ) {}

  async execute(command: RemoveDashboardUserCommand): Promise<void> {
    await this.runner.run(command.businessId, command.context, (now) => ({
      type: 'RemoveUser',
      userId: command.userId,
      by: command.context.actor,
      now,
    }));
    await this.sessions.destroyAllOf(command.userId);
    await this.credentials.release(command.userId);
  }
}
