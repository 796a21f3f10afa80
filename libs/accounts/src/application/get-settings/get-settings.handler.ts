import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { GetSettingsQuery, type SettingsView } from './get-settings.query';

@QueryHandler(GetSettingsQuery)
export class GetSettingsHandler implements IQueryHandler<GetSettingsQuery, SettingsView | undefined> {
  constructor(private readonly pool: Pool) {}

  async execute(query: GetSettingsQuery): Promise<SettingsView | undefined> {
    // Named: prepared once per connection, so the hot path skips parsing and planning.
    const { rows } = await this.pool.query({
      name: 'accounts_get_settings',
      text: `SELECT s.settings, s.updated_at, v.value AS callback_token
               FROM business_settings s LEFT JOIN business_secrets v ON v.secret_id = s.callback_token_id
              WHERE s.business_id = $1 AND s.mode = $2`,
      values: [query.businessId, query.mode],
    });
    const row = rows[0];
    if (!row) return undefined;
    return {
      businessId: query.businessId,
      mode: query.mode,
      settings: row.settings,
      callbackToken: row.callback_token ?? null,
      updatedAt: (row.updated_at as Date).toISOString(),
    };
  }
}
