import { declaredResources, versionsOf } from '@gateway/http-edge';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ApiVersionCatalog, BusinessSettings } from '../../domain/business-settings';
import { AccountsDirectory } from '../../read-models/accounts-directory';
import { BusinessAggregateRunner } from '../business-runner/business-aggregate-runner';
import { UpdateSettingsCommand } from './update-settings.command';

@CommandHandler(UpdateSettingsCommand)
export class UpdateSettingsHandler implements ICommandHandler<UpdateSettingsCommand, BusinessSettings> {
  constructor(
    private readonly runner: BusinessAggregateRunner,
    private readonly directory: AccountsDirectory,
  ) {}

  async execute(command: UpdateSettingsCommand): Promise<BusinessSettings> {
    const decision = await this.runner.run(command.businessId, command.context, command.mode, (now) => ({
      type: 'UpdateSettings',
      mode: command.mode,
      changes: command.changes,
      apiVersionCatalog: apiVersionCatalog(),
      now,
    }));
    this.directory.forgetSettings(command.businessId, command.mode);
    return decision.state.status === 'registered' ? decision.state.settings[command.mode] : {};
  }
}

/** Every versioned resource the API edge declares, with its versions (`declareApiVersions`). */
function apiVersionCatalog(): ApiVersionCatalog {
  return Object.fromEntries(declaredResources().map((resource) => [resource, versionsOf(resource)?.versions ?? []]));
}
