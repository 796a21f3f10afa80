import { LookupCombiner } from '@gateway/database';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import type { BusinessSettings } from '../../domain/business-settings';
import type { Mode } from '../../domain/business.events';
import { GetSettingsQuery, type SettingsView } from './get-settings.query';

interface SettingsRow {
  business_id: string;
  mode: Mode;
  settings: BusinessSettings;
  updated_at: Date;
  callback_token: string | null;
}

@QueryHandler(GetSettingsQuery)
export class GetSettingsHandler implements IQueryHandler<GetSettingsQuery, SettingsView | undefined> {
  /** Settings are read on hot paths (every callback, the settings API): concurrent reads share a query. */
  private readonly lookups: LookupCombiner<SettingsRow>;

  constructor(private readonly pool: Pool) {
    this.lookups = new LookupCombiner((keys) => this.fetch(keys));
  }

  async execute(query: GetSettingsQuery): Promise<SettingsView | undefined> {
    const row = await this.lookups.load(`${query.mode}|${query.businessId}`);
    if (!row) return undefined;
    return {
      businessId: query.businessId,
      mode: query.mode,
      settings: row.settings,
      callbackToken: row.callback_token ?? null,
      updatedAt: row.updated_at.toISOString(),
    };
  }

  private async fetch(keys: string[]): Promise<Map<string, SettingsRow>> {
    const modes = keys.map((key) => key.slice(0, key.indexOf('|')));
    const businesses = keys.map((key) => key.slice(key.indexOf('|') + 1));
    // Named: prepared once per connection, so the hot path skips parsing and planning.
    const { rows } = await this.pool.query<SettingsRow>({
      name: 'accounts_get_settings_many',
      text: `SELECT s.business_id, s.mode, s.settings, s.updated_at, v.value AS callback_token
               FROM unnest($1::text[], $2::text[]) AS wanted(business_id, mode)
               JOIN business_settings s ON s.business_id = wanted.business_id AND s.mode = wanted.mode
               LEFT JOIN business_secrets v ON v.secret_id = s.callback_token_id`,
      values: [businesses, modes],
    });
    return new Map(rows.map((row) => [`${row.mode}|${row.business_id}`, row]));
  }
}
