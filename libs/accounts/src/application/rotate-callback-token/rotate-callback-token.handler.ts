import { IdGenerator } from '@gateway/runtime';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SecretsVault } from '../../read-models/secrets-vault';
import { BusinessAggregateRunner } from '../business-runner/business-aggregate-runner';
import { RotateCallbackTokenCommand } from './rotate-callback-token.command';

@CommandHandler(RotateCallbackTokenCommand)
export class RotateCallbackTokenHandler implements ICommandHandler<
  RotateCallbackTokenCommand,
  { callbackToken: string }
> {
  constructor(
    private readonly runner: BusinessAggregateRunner,
    private readonly vault: SecretsVault,
    private readonly ids: IdGenerator,
  ) {}

  async execute(command: RotateCallbackTokenCommand): Promise<{ callbackToken: string }> {
    const tokenId = this.ids.prefixed('sec_');
    const callbackToken = SecretsVault.newCallbackToken();
    // Vault first: if the append then fails, an unreferenced secret is harmless.
    await this.vault.store(tokenId, command.businessId, command.mode, 'callback_token', callbackToken);
    await this.runner.run(command.businessId, command.context, command.mode, (now) => ({
      type: 'RotateCallbackToken',
      mode: command.mode,
      tokenId,
      now,
    }));
    return { callbackToken };
  }
}
