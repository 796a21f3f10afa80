import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { BusinessSettings, SettingsUpdate } from '../../domain/business-settings';
import type { Mode } from '../../domain/business.events';

export class UpdateSettingsCommand extends Command<BusinessSettings> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    /** `apiVersions` per resource: a version sets it, `null` resets it (SettingsUpdate). */
    readonly changes: SettingsUpdate,
    readonly context: RequestContext,
  ) {
    super();
  }
}
