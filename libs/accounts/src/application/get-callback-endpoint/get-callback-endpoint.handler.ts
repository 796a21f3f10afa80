import { CombinedLookups } from '@gateway/database';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type CallbackEndpointView, GetCallbackEndpointQuery } from './get-callback-endpoint.query';

interface EndpointRow {
  url: string | null;
  disabledUrl: string | null;
  disabledReason: string | null;
  callbackToken: string | null;
  signingSecret: string | null;
}

@QueryHandler(GetCallbackEndpointQuery)
export class GetCallbackEndpointHandler implements IQueryHandler<GetCallbackEndpointQuery, CallbackEndpointView> {
  /** Read for every callback sent: concurrent look-ups share one statement, also with other kinds'. */
  private readonly lookup: (key: string) => Promise<EndpointRow | undefined>;

  constructor(lookups: CombinedLookups) {
    // Keyed `<mode>|<kind>|<business id>` (a mode and a callback kind hold no '|').
    this.lookup = lookups.kind({
      name: 'accounts_callback_endpoints',
      sql: `SELECT w.key, s.settings->'callbackUrls'->>w.kind AS url, e.disabled_url, e.disabled_reason,
                   token.value AS callback_token, secret.value AS signing_secret
              FROM (SELECT key, split_part(key, '|', 1) AS mode, split_part(key, '|', 2) AS kind,
                           substr(key, length(split_part(key, '|', 1)) + length(split_part(key, '|', 2)) + 3)
                             AS business_id
                      FROM unnest($1::text[]) AS key) w
              JOIN business_settings s ON s.business_id = w.business_id AND s.mode = w.mode
              LEFT JOIN callback_endpoints e ON e.business_id = w.business_id AND e.mode = w.mode AND e.kind = w.kind
              LEFT JOIN business_secrets token ON token.secret_id = s.callback_token_id
              LEFT JOIN business_secrets secret ON secret.secret_id = e.signing_secret_id`,
      keyOf: (row) => row.key as string,
      valueOf: (row) => ({
        url: (row.url as string | null) ?? null,
        disabledUrl: (row.disabled_url as string | null) ?? null,
        disabledReason: (row.disabled_reason as string | null) ?? null,
        callbackToken: (row.callback_token as string | null) ?? null,
        signingSecret: (row.signing_secret as string | null) ?? null,
      }),
    });
  }

  async execute(query: GetCallbackEndpointQuery): Promise<CallbackEndpointView> {
    const { businessId, mode, kind } = query;
    const row = await this.lookup(`${mode}|${kind}|${businessId}`);
    const url = row?.url ?? null;
    const disabled = url !== null && row?.disabledUrl === url;
    return {
      businessId,
      mode,
      kind,
      url,
      disabled,
      disabledReason: disabled ? (row?.disabledReason ?? null) : null,
      callbackToken: row?.callbackToken ?? null,
      signingSecret: row?.signingSecret ?? null,
    };
  }
}
