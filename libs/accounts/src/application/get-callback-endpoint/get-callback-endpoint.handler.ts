import { LookupCombiner } from '@gateway/database';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import type { CallbackKind } from '../../domain/business-settings';
import type { Mode } from '../../domain/business.events';
import { type CallbackEndpointView, GetCallbackEndpointQuery } from './get-callback-endpoint.query';

interface EndpointRow {
  business_id: string;
  mode: Mode;
  kind: CallbackKind;
  url: string | null;
  disabled_url: string | null;
  disabled_reason: string | null;
  callback_token: string | null;
  signing_secret: string | null;
}

@QueryHandler(GetCallbackEndpointQuery)
export class GetCallbackEndpointHandler implements IQueryHandler<GetCallbackEndpointQuery, CallbackEndpointView> {
  /** Read for every callback sent: concurrent look-ups share one query. */
  private readonly lookups: LookupCombiner<EndpointRow>;

  constructor(private readonly pool: Pool) {
    this.lookups = new LookupCombiner((keys) => this.fetch(keys));
  }

  async execute(query: GetCallbackEndpointQuery): Promise<CallbackEndpointView> {
    const { businessId, mode, kind } = query;
    const row = await this.lookups.load(JSON.stringify([businessId, mode, kind]));
    const url = row?.url ?? null;
    const disabled = url !== null && row?.disabled_url === url;
    return {
      businessId,
      mode,
      kind,
      url,
      disabled,
      disabledReason: disabled ? (row?.disabled_reason ?? null) : null,
      callbackToken: row?.callback_token ?? null,
      signingSecret: row?.signing_secret ?? null,
    };
  }

  private async fetch(keys: string[]): Promise<Map<string, EndpointRow>> {
    const wanted = keys.map((key) => JSON.parse(key) as [string, Mode, CallbackKind]);
    const { rows } = await this.pool.query<EndpointRow>({
      name: 'accounts_get_callback_endpoints',
      text: `SELECT w.business_id, w.mode, w.kind, s.settings->'callbackUrls'->>w.kind AS url,
                    e.disabled_url, e.disabled_reason, token.value AS callback_token, secret.value AS signing_secret
               FROM unnest($1::text[], $2::text[], $3::text[]) AS w(business_id, mode, kind)
               JOIN business_settings s ON s.business_id = w.business_id AND s.mode = w.mode
               LEFT JOIN callback_endpoints e ON e.business_id = w.business_id AND e.mode = w.mode AND e.kind = w.kind
               LEFT JOIN business_secrets token ON token.secret_id = s.callback_token_id
               LEFT JOIN business_secrets secret ON secret.secret_id = e.signing_secret_id`,
      values: [wanted.map((w) => w[0]), wanted.map((w) => w[1]), wanted.map((w) => w[2])],
    });
    return new Map(rows.map((row) => [JSON.stringify([row.business_id, row.mode, row.kind]), row]));
  }
}
