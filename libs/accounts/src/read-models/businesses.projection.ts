import { assertNever } from '@gateway/domain';
import type { RecordedEvent } from '@gateway/event-store';
import { TestClockStore } from '@gateway/clock';
import { DescribedProjection, InjectableProjection, typedEvents } from '@gateway/projections';
import type { ClientBase } from 'pg';
import { applySettingsChanges, type BusinessSettings } from '../domain/business-settings';
import { BUSINESS_EVENT_TYPES, BUSINESS_STREAMS, type BusinessEvent } from '../domain/business.events';

export const BUSINESSES_PROJECTION = 'accounts.businesses';
/** Sent when a key is revoked, so every api process drops it from its cache at once. */
export const API_KEY_REVOKED_CHANNEL = 'api_key_revoked';

/**
 * Businesses, their API keys (by hash), per-mode settings, and each business's test-clock
 * offset that the scheduler reads.
 */
@InjectableProjection()
export class BusinessesProjection extends DescribedProjection {
  constructor(private readonly testClocks: TestClockStore) {
    super({
      name: BUSINESSES_PROJECTION,
      tables: ['businesses', 'api_keys', 'business_settings', 'callback_endpoints'],
      eventTypes: BUSINESS_EVENT_TYPES,
    });
  }

  /**
   * The rows a batch creates (businesses with their two settings rows, API keys) are inserted
   * first, with one statement per table: each is the first event of its row (a business's stream
   * starts with its registration, a key's revocation follows its creation), so every later event
   * of the batch still finds them, as one event at a time would. The rest, rare, one by one.
   */
  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    await insertCreatedRows(events, tx);
    for (const { event, recorded } of typedEvents<BusinessEvent>(events)) {
      const businessId = BUSINESS_STREAMS.idOf(recorded.streamName);
      switch (event.type) {
        case 'BusinessRegistered':
        case 'ApiKeyCreated':
          break; // inserted above
        case 'ApiKeyRevoked':
          await tx.query('UPDATE api_keys SET revoked_at = $2 WHERE key_id = $1', [
            event.data.keyId,
            event.data.revokedAt,
          ]);
          await tx.query('SELECT pg_notify($1, $2)', [API_KEY_REVOKED_CHANNEL, event.data.keyId]);
          break;
        case 'SettingsUpdated': {
          const { rows } = await tx.query<{ settings: BusinessSettings }>(
            'SELECT settings FROM business_settings WHERE business_id = $1 AND mode = $2 FOR UPDATE',
            [businessId, event.data.mode],
          );
          const next = applySettingsChanges(rows[0]?.settings ?? {}, event.data.changes);
          await tx.query(
            'UPDATE business_settings SET settings = $3, updated_at = $4 WHERE business_id = $1 AND mode = $2',
            [businessId, event.data.mode, JSON.stringify(next), event.data.updatedAt],
          );
          break;
        }
        case 'CallbackTokenRotated':
          await tx.query(
            'UPDATE business_settings SET callback_token_id = $3, updated_at = $4 WHERE business_id = $1 AND mode = $2',
            [businessId, event.data.mode, event.data.tokenId, event.data.rotatedAt],
          );
          break;
        case 'TestClockAdvanced':
          await tx.query('UPDATE businesses SET test_clock_offset_ms = $2, updated_at = $3 WHERE business_id = $1', [
            businessId,
            event.data.offsetMs,
            event.data.advancedAt,
          ]);
          // Same transaction as the checkpoint: the scheduler sees the new time exactly when this
          // commits. Raise-only, so replaying older events during a rebuild never moves time back.
          await this.testClocks.raiseOffsetTo(tx, businessId, event.data.offsetMs);
          break;
        case 'CallbackSigningSecretIssued':
          await upsertEndpoint(
            tx,
            businessId,
            event.data,
            { signing_secret_id: event.data.secretId },
            event.data.issuedAt,
          );
          break;
        case 'CallbackEndpointDisabled':
          await upsertEndpoint(
            tx,
            businessId,
            event.data,
            { disabled_url: event.data.url, disabled_reason: event.data.reason, disabled_at: event.data.disabledAt },
            event.data.disabledAt,
          );
          break;
        case 'CallbackEndpointReenabled':
          await upsertEndpoint(
            tx,
            businessId,
            event.data,
            { disabled_url: null, disabled_reason: null, disabled_at: null },
            event.data.reenabledAt,
          );
          break;
        default:
          assertNever(event, 'business event');
      }
    }
  }
}

type Registered = Extract<BusinessEvent, { type: 'BusinessRegistered' }>['data'] & { businessId: string };
type KeyCreated = Extract<BusinessEvent, { type: 'ApiKeyCreated' }>['data'] & { businessId: string };

async function insertCreatedRows(events: RecordedEvent[], tx: ClientBase): Promise<void> {
  const businesses: Registered[] = [];
  const keys: KeyCreated[] = [];
  for (const recorded of events) {
    const businessId = BUSINESS_STREAMS.idOf(recorded.streamName);
    if (recorded.type === 'BusinessRegistered') businesses.push({ ...(recorded.data as Registered), businessId });
    else if (recorded.type === 'ApiKeyCreated') keys.push({ ...(recorded.data as KeyCreated), businessId });
  }
  if (businesses.length > 0) {
    await tx.query(
      `INSERT INTO businesses (business_id, name, registered_at, updated_at, is_platform, parent_business_id)
       SELECT business_id, name, registered_at, registered_at, is_platform, parent_business_id
         FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::boolean[], ` +
        `$5::text[]) WITH ORDINALITY AS b (business_id, name, registered_at, is_platform, parent_business_id, ord)
        ORDER BY ord
       ON CONFLICT (business_id) DO NOTHING`,
      [
        businesses.map((b) => b.businessId),
        businesses.map((b) => b.name),
        businesses.map((b) => b.registeredAt),
        businesses.map((b) => b.isPlatform ?? false),
        businesses.map((b) => b.parentBusinessId ?? null),
      ],
    );
    await tx.query(
      `INSERT INTO business_settings (business_id, mode, updated_at)
       SELECT business_id, mode, registered_at
         FROM unnest($1::text[], $2::timestamptz[]) WITH ORDINALITY AS b (business_id, registered_at, ord)
              CROSS JOIN (VALUES (1, 'test'), (2, 'live')) AS m (n, mode)
        ORDER BY b.ord, m.n
       ON CONFLICT DO NOTHING`,
      [businesses.map((b) => b.businessId), businesses.map((b) => b.registeredAt)],
    );
  }
  if (keys.length === 0) return;
  await tx.query(
    `INSERT INTO api_keys (key_id, business_id, mode, kind, name, permissions, key_hash, key_hint, created_at)
     SELECT key_id, business_id, mode, kind, name, ARRAY(SELECT jsonb_array_elements_text(permissions)), ` +
      `decode(key_hash, 'hex'), key_hint, created_at
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::text[], $8::text[], ` +
      `$9::timestamptz[])
            WITH ORDINALITY AS k (key_id, business_id, mode, kind, name, permissions, key_hash, key_hint, ` +
      `created_at, ord)
      ORDER BY ord
     ON CONFLICT (key_id) DO NOTHING`,
    [
      keys.map((k) => k.keyId),
      keys.map((k) => k.businessId),
      keys.map((k) => k.mode),
      keys.map((k) => k.kind),
      keys.map((k) => k.name),
      keys.map((k) => JSON.stringify(k.permissions)),
      keys.map((k) => k.keyHash),
      keys.map((k) => k.keyHint),
      keys.map((k) => k.createdAt),
    ],
  );
}

type EndpointColumns = Partial<
  Record<'signing_secret_id' | 'disabled_url' | 'disabled_reason' | 'disabled_at', string | null>
>;

/** One row per business, mode and callback kind, created by whichever of its events comes first. */
async function upsertEndpoint(
  tx: ClientBase,
  businessId: string,
  endpoint: { mode: string; kind: string },
  columns: EndpointColumns,
  at: string,
): Promise<void> {
  const names = Object.keys(columns) as (keyof EndpointColumns)[];
  const values = names.map((name) => columns[name] ?? null);
  await tx.query(
    `INSERT INTO callback_endpoints (business_id, mode, kind, updated_at, ${names.join(', ')})
     VALUES ($1, $2, $3, $4, ${names.map((_, i) => `$${i + 5}`).join(', ')})
     ON CONFLICT (business_id, mode, kind) DO UPDATE
       SET updated_at = EXCLUDED.updated_at, ${names.map((name) => `${name} = EXCLUDED.${name}`).join(', ')}`,
    [businessId, endpoint.mode, endpoint.kind, at, ...values],
  );
}
