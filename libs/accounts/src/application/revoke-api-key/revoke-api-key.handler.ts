import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountsDirectory } from '../../read-models/accounts-directory';
import { BusinessAggregateRunner } from '../business-runner/business-aggregate-runner';
import { RevokeApiKeyCommand } from './revoke-api-key.command';

@CommandHandler(RevokeApiKeyCommand)
export class RevokeApiKeyHandler implements ICommandHandler<RevokeApiKeyCommand, { keyId: string; revokedAt: string }> {
  constructor(
    private readonly runner: BusinessAggregateRunner,
    private readonly directory: AccountsDirectory,
  ) {}

  async execute(command: RevokeApiKeyCommand): Promise<{ keyId: string; revokedAt: string }> {
    const decision = await this.runner.run(command.businessId, command.context, undefined, (now) => ({
      type: 'RevokeApiKey',
      keyId: command.keyId,
      now,
    }));
    // Other api processes drop the key when the projection's NOTIFY reaches them; this one at once.
    this.directory.forgetKey(command.keyId);
    const revoked = decision.events[0];
    return { keyId: command.keyId, revokedAt: revoked?.type === 'ApiKeyRevoked' ? revoked.data.revokedAt : '' };
  }
}
