import { Query } from '@nestjs/cqrs';
import type { BusinessSettings } from '../../domain/business-settings';
import type { Mode } from '../../domain/business.events';

export interface SettingsView {
  businessId: string;
  mode: Mode;
  settings: BusinessSettings;
  callbackToken: string | null;
  updatedAt: string;
}

export class GetSettingsQuery extends Query<SettingsView | undefined> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
  ) {
    super();
  }
}
