import type { RequestContext } from '@gateway/platform';
import { Command } from '@nestjs/cqrs';
import type { BusinessSettings, SettingsChanges } from '../../domain/business-settings';
import type { Mode } from '../../domain/business.events';

export class UpdateSettingsCommand extends Command<BusinessSettings> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly changes: SettingsChanges,
    readonly context: RequestContext,
  ) {
    super();
  }
}
