import { CombinedLookups } from '@gateway/database';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { BusinessSettings } from '../../domain/business-settings';
import { GetSettingsQuery, type SettingsView } from './get-settings.query';

interface SettingsRow {
  settings: BusinessSettings;
  updatedAt: Date;
  callbackToken: string | null;
}

@QueryHandler(GetSettingsQuery)
export class GetSettingsHandler implements IQueryHandler<GetSettingsQuery, SettingsView | undefined> {
  /** Settings are read on hot paths (every callback, the settings API): concurrent reads share a statement. */
  private readonly lookup: (key: string) => Promise<SettingsRow | undefined>;

  constructor(lookups: CombinedLookups) {
    // Keyed `<mode>|<business id>` (a mode holds no '|'); the JSON form of each row is turned back here.
    this.lookup = lookups.kind({
      name: 'accounts_settings',
      sql: `SELECT wanted.key, s.settings, s.updated_at, v.value AS callback_token
              FROM unnest($1::text[]) AS wanted(key)
              JOIN business_settings s
                ON s.mode = split_part(wanted.key, '|', 1)
               AND s.business_id = substr(wanted.key, strpos(wanted.key, '|') + 1)
              LEFT JOIN business_secrets v ON v.secret_id = s.callback_token_id`,
      keyOf: (row) => row.key as string,
      valueOf: (row) => ({
        settings: row.settings as BusinessSettings,
        updatedAt: new Date(row.updated_at as string),
        callbackToken: (row.callback_token as string | null) ?? null,
      }),
    });
  }

  async execute(query: GetSettingsQuery): Promise<SettingsView | undefined> {
    const row = await this.lookup(`${query.mode}|${query.businessId}`);
    if (!row) return undefined;
    return {
      businessId: query.businessId,
      mode: query.mode,
      settings: row.settings,
      callbackToken: row.callbackToken,
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}
