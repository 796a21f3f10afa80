import { Injectable } from '@nestjs/common';
import { assertNever } from '@gateway/domain';
import type { RecordedEvent } from '@gateway/event-store';
import { TestClockStore } from '@gateway/platform';
import { ReadModelProjection, type Projection } from '@gateway/projections';
import type { ClientBase } from 'pg';
import { applySettingsChanges, type BusinessSettings } from '../domain/business-settings';
import { BUSINESS_EVENT_TYPES, type BusinessEvent } from '../domain/business.events';

export const BUSINESSES_PROJECTION = 'accounts.businesses';
/** Sent when a key is revoked, so every api process drops it from its cache at once. */
export const API_KEY_REVOKED_CHANNEL = 'api_key_revoked';

/**
 * Businesses, their API keys (by hash), per-mode settings, and each business's test-clock
 * offset that the scheduler reads.
 */
@ReadModelProjection()
@Injectable()
export class BusinessesProjection implements Projection {
  readonly name = BUSINESSES_PROJECTION;
  readonly tables = ['businesses', 'api_keys', 'business_settings', 'callback_endpoints'];
  readonly eventTypes = BUSINESS_EVENT_TYPES;

  constructor(private readonly testClocks: TestClockStore) {}

  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    for (const recorded of events) {
      const businessId = recorded.streamName.slice('business-'.length);
      const event = { type: recorded.type, data: recorded.data } as BusinessEvent;
      switch (event.type) {
        case 'BusinessRegistered':
          await tx.query(
            `INSERT INTO businesses (business_id, name, registered_at, updated_at, is_platform, parent_business_id)
             VALUES ($1, $2, $3, $3, $4, $5) ON CONFLICT (business_id) DO NOTHING`,
            [businessId, event.data.name, event.data.registeredAt, event.data.isPlatform ?? false, event.data.parentBusinessId ?? null],
          );
          await tx.query(
            `INSERT INTO business_settings (business_id, mode, updated_at) VALUES ($1, 'test', $2), ($1, 'live', $2)
             ON CONFLICT DO NOTHING`,
            [businessId, event.data.registeredAt],
          );
          break;
        case 'ApiKeyCreated':
          await tx.query(
            `INSERT INTO api_keys (key_id, business_id, mode, kind, name, permissions, key_hash, key_hint, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, decode($7, 'hex'), $8, $9) ON CONFLICT (key_id) DO NOTHING`,
            [
              event.data.keyId,
              businessId,
              event.data.mode,
              event.data.kind,
              event.data.name,
              event.data.permissions,
              event.data.keyHash,
              event.data.keyHint,
              event.data.createdAt,
            ],
          );
          break;
        case 'ApiKeyRevoked':
          await tx.query('UPDATE api_keys SET revoked_at = $2 WHERE key_id = $1', [event.data.keyId, event.data.revokedAt]);
          await tx.query('SELECT pg_notify($1, $2)', [API_KEY_REVOKED_CHANNEL, event.data.keyId]);
          break;
        case 'SettingsUpdated': {
          const { rows } = await tx.query<{ settings: BusinessSettings }>(
            'SELECT settings FROM business_settings WHERE business_id = $1 AND mode = $2 FOR UPDATE',
            [businessId, event.data.mode],
          );
          const next = applySettingsChanges(rows[0]?.settings ?? {}, event.data.changes);
          await tx.query('UPDATE business_settings SET settings = $3, updated_at = $4 WHERE business_id = $1 AND mode = $2', [
            businessId,
            event.data.mode,
            JSON.stringify(next),
            event.data.updatedAt,
          ]);
          break;
        }
        case 'CallbackTokenRotated':
          await tx.query('UPDATE business_settings SET callback_token_id = $3, updated_at = $4 WHERE business_id = $1 AND mode = $2', [
            businessId,
            event.data.mode,
            event.data.tokenId,
            event.data.rotatedAt,
          ]);
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
          await upsertEndpoint(tx, businessId, event.data, { signing_secret_id: event.data.secretId }, event.data.issuedAt);
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
          await upsertEndpoint(tx, businessId, event.data, { disabled_url: null, disabled_reason: null, disabled_at: null }, event.data.reenabledAt);
          break;
        default:
          assertNever(event, 'business event');
      }
    }
  }
}

type EndpointColumns = Partial<Record<'signing_secret_id' | 'disabled_url' | 'disabled_reason' | 'disabled_at', string | null>>;

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
