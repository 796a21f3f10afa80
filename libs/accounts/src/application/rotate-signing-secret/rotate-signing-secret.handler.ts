import { IdGenerator } from '@gateway/runtime';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SecretsVault } from '../../read-models/secrets-vault';
import { BusinessAggregateRunner } from '../business-runner/business-aggregate-runner';
import { RotateSigningSecretCommand } from './rotate-signing-secret.command';

@CommandHandler(RotateSigningSecretCommand)
export class RotateSigningSecretHandler implements ICommandHandler<
  RotateSigningSecretCommand,
  { signingSecret: string }
> {
  constructor(
    private readonly runner: BusinessAggregateRunner,
    private readonly vault: SecretsVault,
    private readonly ids: IdGenerator,
  ) {}

  async execute(command: RotateSigningSecretCommand): Promise<{ signingSecret: string }> {
    const { businessId, mode, kind } = command;
    const secretId = this.ids.prefixed('sec_');
    const signingSecret = SecretsVault.newSigningSecret();
    await this.vault.store(secretId, businessId, mode, `callback_signing_secret:${kind}`, signingSecret);
    await this.runner.run(businessId, command.context, mode, (now) => ({
      type: 'RotateCallbackSigningSecret',
      mode,
      kind,
      secretId,
      now,
    }));
    return { signingSecret };
  }
}
