import { declareEventSchemas, streamCategory } from '@gateway/domain';
import type { DomainEvent, Permission } from '@gateway/domain';
import type { CallbackKind, SettingsChanges } from './business-settings';

export type Mode = 'test' | 'live';
export type KeyKind = 'secret' | 'public';

export type BusinessRegistered = DomainEvent<
  'BusinessRegistered',
  { businessId: string; name: string; registeredAt: string; isPlatform?: boolean; parentBusinessId?: string }
>;

/**
 * A key was issued. The key itself is never stored anywhere: only its SHA-256 (a 256-bit random
 * key cannot be recovered from it) so the key table can be rebuilt from the log.
 */
export interface IssuedApiKey {
  keyId: string;
  mode: Mode;
  kind: KeyKind;
  name: string;
  permissions: Permission[];
  keyHash: string;
  /** Last characters, so people can tell keys apart. */
  keyHint: string;
  createdAt: string;
}

export type ApiKeyCreated = DomainEvent<'ApiKeyCreated', IssuedApiKey>;

export type ApiKeyRevoked = DomainEvent<'ApiKeyRevoked', { keyId: string; mode: Mode; revokedAt: string }>;

export type SettingsUpdated = DomainEvent<
  'SettingsUpdated',
  { mode: Mode; changes: SettingsChanges; updatedAt: string }
>;

/** The callback token's value lives in the secrets vault; the event names it by id only. */
export type CallbackTokenRotated = DomainEvent<
  'CallbackTokenRotated',
  { mode: Mode; tokenId: string; rotatedAt: string }
>;

/** Test mode only: the business's virtual clock moved forward; due jobs of that business run at once. */
export type TestClockAdvanced = DomainEvent<
  'TestClockAdvanced',
  { businessId: string; advancedByMs: number; offsetMs: number; advancedAt: string }
>;

/** A signing secret (Standard Webhooks) for one callback kind; the value lives in the vault, named by id. */
export type CallbackSigningSecretIssued = DomainEvent<
  'CallbackSigningSecretIssued',
  { mode: Mode; kind: CallbackKind; secretId: string; issuedAt: string }
>;

/** The receiver answered 410 Gone: no more callbacks of this kind go to this URL until it is set again. */
export type CallbackEndpointDisabled = DomainEvent<
  'CallbackEndpointDisabled',
  { mode: Mode; kind: CallbackKind; url: string; reason: string; disabledAt: string }
>;

/** The merchant set the disabled URL again: callbacks resume. */
export type CallbackEndpointReenabled = DomainEvent<
  'CallbackEndpointReenabled',
  { mode: Mode; kind: CallbackKind; url: string; reenabledAt: string }
>;

export type BusinessEvent =
  | BusinessRegistered
  | ApiKeyCreated
  | ApiKeyRevoked
  | SettingsUpdated
  | CallbackTokenRotated
  | TestClockAdvanced
  | CallbackSigningSecretIssued
  | CallbackEndpointDisabled
  | CallbackEndpointReenabled;

/** One stream per business (`business-<businessId>`): its settings, keys and callback endpoints. */
export const BUSINESS_STREAMS = streamCategory('business');
export const businessStream = (businessId: string) => BUSINESS_STREAMS.nameOf(businessId);

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
export const BUSINESS_EVENT_SCHEMAS = declareEventSchemas<BusinessEvent>('accounts', {
  BusinessRegistered: 1,
  ApiKeyCreated: 1,
  ApiKeyRevoked: 1,
  SettingsUpdated: 1,
  CallbackTokenRotated: 1,
  TestClockAdvanced: 1,
  CallbackSigningSecretIssued: 1,
  CallbackEndpointDisabled: 1,
  CallbackEndpointReenabled: 1,
});

export const BUSINESS_EVENT_TYPES = BUSINESS_EVENT_SCHEMAS.types;
