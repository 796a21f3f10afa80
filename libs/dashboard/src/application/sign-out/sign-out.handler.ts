import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionStore } from '../../read-models/session-store';
import { TeamRunner } from '../team-runner';
import { SignOutCommand } from './sign-out.command';

@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand, void> {
  constructor(
    private readonly runner: TeamRunner,
    private readonly sessions: SessionStore,
  ) {}

  async execute(command: SignOutCommand): Promise<void> {
    await this.sessions.destroy(command.sessionToken);
    await this.runner.run(command.businessId, command.context, (now) => ({
      type: 'RecordSignOut',
      userId: command.userId,
      now,
    }));
  }
}
