import { DEFAULT_SECRET_KEY_PERMISSIONS } from '@gateway/domain';
import { IdGenerator } from '@gateway/runtime';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BusinessAggregateRunner } from '../business-runner/business-aggregate-runner';
import { generateApiKey } from './api-key-material';
import { CreateApiKeyCommand, type CreatedApiKey } from './create-api-key.command';

@CommandHandler(CreateApiKeyCommand)
export class CreateApiKeyHandler implements ICommandHandler<CreateApiKeyCommand, CreatedApiKey> {
  constructor(
    private readonly runner: BusinessAggregateRunner,
    private readonly ids: IdGenerator,
  ) {}

  async execute(command: CreateApiKeyCommand): Promise<CreatedApiKey> {
    const keyId = this.ids.prefixed('key_');
    const material = generateApiKey(command.kind, command.mode);
    const permissions = command.permissions ?? (command.kind === 'secret' ? [...DEFAULT_SECRET_KEY_PERMISSIONS] : []);
    const decision = await this.runner.run(command.businessId, command.context, command.mode, (now) => ({
      type: 'CreateApiKey',
      keyId,
      mode: command.mode,
      kind: command.kind,
      name: command.name,
      permissions,
      keyHash: material.hash,
      keyHint: material.hint,
      now,
    }));
    const created = decision.events.find((event) => event.type === 'ApiKeyCreated');
    if (created?.type !== 'ApiKeyCreated') throw new Error('CreateApiKey produced no ApiKeyCreated event');
    return {
      keyId,
      key: material.key,
      businessId: command.businessId,
      mode: command.mode,
      kind: command.kind,
      name: created.data.name,
      permissions: created.data.permissions,
    };
  }
}
