import { IdGenerator } from '@gateway/runtime';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { SecretsVault } from '../../read-models/secrets-vault';
import { BusinessAggregateRunner } from '../business-runner/business-aggregate-runner';
import { GetSettingsQuery } from '../get-settings/get-settings.query';
import { type CallbackUrlSet, SetCallbackUrlCommand } from './set-callback-url.command';

@CommandHandler(SetCallbackUrlCommand)
export class SetCallbackUrlHandler implements ICommandHandler<SetCallbackUrlCommand, CallbackUrlSet> {
  constructor(
    private readonly runner: BusinessAggregateRunner,
    private readonly vault: SecretsVault,
    private readonly ids: IdGenerator,
    private readonly queries: QueryBus,
  ) {}

  async execute(command: SetCallbackUrlCommand): Promise<CallbackUrlSet> {
    const { businessId, mode, kind, url } = command;
    // Vault first: the decider references the secret only when the kind has none yet, and an
    // unreferenced vault row is harmless.
    const newSecretId = this.ids.prefixed('sec_');
    await this.vault.store(
      newSecretId,
      businessId,
      mode,
      `callback_signing_secret:${kind}`,
      SecretsVault.newSigningSecret(),
    );
    await this.runner.run(businessId, command.context, mode, (now) => ({
      type: 'SetCallbackUrl',
      mode,
      kind,
      url,
      newSecretId,
      now,
    }));
    const settings = await this.queries.execute(new GetSettingsQuery(businessId, mode));
    return { url, callbackToken: settings?.callbackToken ?? null };
  }
}
