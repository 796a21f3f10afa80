import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { type ApiKeyView, ListApiKeysQuery } from './list-api-keys.query';

type ApiKeyRow = Omit<ApiKeyView, 'created' | 'revoked'> & { created_at: Date; revoked_at: Date | null };

@QueryHandler(ListApiKeysQuery)
export class ListApiKeysHandler implements IQueryHandler<ListApiKeysQuery, ApiKeyView[]> {
  constructor(private readonly pool: Pool) {}

  async execute(query: ListApiKeysQuery): Promise<ApiKeyView[]> {
    const { rows } = await this.pool.query<ApiKeyRow>(
      `SELECT key_id, business_id, mode, kind, name, permissions, key_hint, created_at, revoked_at
         FROM api_keys WHERE business_id = $1 AND ($2::text IS NULL OR mode = $2) ORDER BY created_at, key_id`,
      [query.businessId, query.mode ?? null],
    );
    return rows.map((row) => ({
      key_id: row.key_id,
      business_id: row.business_id,
      mode: row.mode,
      kind: row.kind,
      name: row.name,
      permissions: row.permissions,
      key_hint: row.key_hint,
      created: row.created_at.toISOString(),
      revoked: row.revoked_at ? row.revoked_at.toISOString() : null,
    }));
  }
}
