import { assertNever, type Decider } from '@gateway/domain';
import {
  type ApiVersionCatalog,
  apiVersionProblems,
  applySettingsChanges,
  type BusinessSettings,
  type CallbackKind,
  liveModeProblems,
  mergedApiVersions,
  type SettingsChanges,
  settingsProblems,
  type SettingsUpdate,
} from './business-settings';
import { BusinessErrors } from './business.errors';
import type { BusinessEvent, IssuedApiKey, KeyKind, Mode } from './business.events';

export type BusinessCommand =
  | {
      type: 'RegisterBusiness';
      businessId: string;
      name: string;
      isPlatform: boolean;
      /** The parent as the handler found it (cross-aggregate fact), when a sub-account is registered. */
      parent?: { businessId: string; isPlatform: boolean };
      now: Date;
    }
  | ({ type: 'CreateApiKey'; now: Date } & Omit<IssuedApiKey, 'createdAt'>)
  | { type: 'RevokeApiKey'; keyId: string; now: Date }
  /** `apiVersionCatalog`: the declared versions `api_versions` is checked against (the API edge's registry). */
  | { type: 'UpdateSettings'; mode: Mode; changes: SettingsUpdate; apiVersionCatalog?: ApiVersionCatalog; now: Date }
  | { type: 'RotateCallbackToken'; mode: Mode; tokenId: string; now: Date }
  | { type: 'AdvanceTestClock'; businessId: string; byMs: number; now: Date }
  /** `POST /callback_urls/{type}`: sets one kind's URL, issuing its signing secret the first time. */
  | { type: 'SetCallbackUrl'; mode: Mode; kind: CallbackKind; url: string; newSecretId: string; now: Date }
  | { type: 'RotateCallbackSigningSecret'; mode: Mode; kind: CallbackKind; secretId: string; now: Date }
  /** From the dispatcher, on 410 Gone from `url`; a no-op when the merchant already moved on. */
  | { type: 'DisableCallbackEndpoint'; mode: Mode; kind: CallbackKind; url: string; reason: string; now: Date };

type PerMode<T> = Record<Mode, T>;
type PerKind<T> = Partial<Record<CallbackKind, T>>;

export interface RegisteredBusinessState {
  status: 'registered';
  businessId: string;
  name: string;
  isPlatform: boolean;
  parentBusinessId?: string;
  testClockOffsetMs: number;
  keys: Record<string, { mode: Mode; kind: KeyKind; revoked: boolean }>;
  settings: Record<Mode, BusinessSettings>;
  callbackTokenIds: Partial<Record<Mode, string>>;
  signingSecretIds: PerMode<PerKind<string>>;
  /** The URL that answered 410 Gone, per kind: disabled while it is still the configured one. */
  disabledCallbackUrls: PerMode<PerKind<string>>;
}

export type BusinessState = { status: 'unregistered' } | RegisteredBusinessState;

function registered(state: BusinessState, businessId: string): RegisteredBusinessState {
  if (state.status !== 'registered') throw BusinessErrors.notFound(businessId);
  return state;
}

/**
 * The business aggregate: registration (and the sub-account platform feature), API keys,
 * per-mode settings, the callback token and the test-mode clock. Pure: time and ids arrive on
 * the command.
 */
export const businessDecider: Decider<BusinessCommand, BusinessState, BusinessEvent> = {
  initialState: { status: 'unregistered' },

  decide(command, state) {
    switch (command.type) {
      case 'RegisterBusiness': {
        if (state.status === 'registered') throw BusinessErrors.alreadyRegistered(command.businessId);
        const name = command.name.trim();
        if (name.length === 0 || name.length > 255) throw BusinessErrors.invalidName();
        if (command.parent && !command.parent.isPlatform)
          throw BusinessErrors.parentNotPlatform(command.parent.businessId);
        if (command.parent && command.isPlatform) throw BusinessErrors.platformCannotBeSubAccount();
        return [
          {
            type: 'BusinessRegistered',
            data: {
              businessId: command.businessId,
              name,
              registeredAt: command.now.toISOString(),
              isPlatform: command.isPlatform,
              ...(command.parent && { parentBusinessId: command.parent.businessId }),
            },
          },
        ];
      }
      case 'CreateApiKey': {
        registered(state, '(unknown)');
        const name = command.name.trim();
        if (name.length === 0 || name.length > 100) throw BusinessErrors.invalidKeyName();
        if (command.kind === 'public' && command.permissions.length > 0) throw BusinessErrors.publicKeyPermissions();
        if (command.kind === 'secret' && command.permissions.length === 0) throw BusinessErrors.noPermissions();
        return [
          {
            type: 'ApiKeyCreated',
            data: {
              keyId: command.keyId,
              mode: command.mode,
              kind: command.kind,
              name,
              permissions: [...new Set(command.permissions)].sort(),
              keyHash: command.keyHash,
              keyHint: command.keyHint,
              createdAt: command.now.toISOString(),
            },
          },
        ];
      }
      case 'RevokeApiKey': {
        const business = registered(state, '(unknown)');
        const key = business.keys[command.keyId];
        if (!key) throw BusinessErrors.keyNotFound(command.keyId);
        if (key.revoked) throw BusinessErrors.keyAlreadyRevoked(command.keyId);
        return [
          {
            type: 'ApiKeyRevoked',
            data: { keyId: command.keyId, mode: key.mode, revokedAt: command.now.toISOString() },
          },
        ];
      }
      case 'UpdateSettings': {
        const business = registered(state, '(unknown)');
        if (Object.values(command.changes).every((value) => value === undefined))
          throw BusinessErrors.emptySettingsUpdate();
        const problems = [...settingsProblems(command.changes), ...liveModeProblems(command.mode, command.changes)];
        const versionProblems = apiVersionProblems(command.changes.apiVersions, command.apiVersionCatalog);
        if (problems.length > 0 || versionProblems.length > 0) {
          throw BusinessErrors.invalidSettings(
            problems,
            versionProblems.map(({ resource, message }) => ({
              field: ['api_versions', resource],
              message,
              type: 'apiVersion',
            })),
          );
        }
        // `api_versions` changes per resource; the event records the whole resulting map (its
        // meaning since the first event: a present field replaces the setting).
        const apiVersions = mergedApiVersions(business.settings[command.mode].apiVersions, command.changes.apiVersions);
        const changes: SettingsChanges = {
          ...command.changes,
          ...(apiVersions !== undefined && { apiVersions }),
        } as SettingsChanges;
        return [
          { type: 'SettingsUpdated', data: { mode: command.mode, changes, updatedAt: command.now.toISOString() } },
        ];
      }
      case 'SetCallbackUrl':
        return decideSetCallbackUrl(command, registered(state, '(unknown)'));
      case 'RotateCallbackSigningSecret': {
        registered(state, '(unknown)');
        const { mode, kind, secretId, now } = command;
        return [{ type: 'CallbackSigningSecretIssued', data: { mode, kind, secretId, issuedAt: now.toISOString() } }];
      }
      case 'DisableCallbackEndpoint': {
        const business = registered(state, '(unknown)');
        const { mode, kind, url, reason, now } = command;
        const stillConfigured = business.settings[mode].callbackUrls?.[kind] === url;
        if (!stillConfigured || business.disabledCallbackUrls[mode][kind] === url) return [];
        return [{ type: 'CallbackEndpointDisabled', data: { mode, kind, url, reason, disabledAt: now.toISOString() } }];
      }
      case 'RotateCallbackToken': {
        registered(state, '(unknown)');
        return [
          {
            type: 'CallbackTokenRotated',
            data: { mode: command.mode, tokenId: command.tokenId, rotatedAt: command.now.toISOString() },
          },
        ];
      }
      case 'AdvanceTestClock': {
        const business = registered(state, command.businessId);
        if (!Number.isSafeInteger(command.byMs) || command.byMs <= 0) throw BusinessErrors.invalidAdvance();
        return [
          {
            type: 'TestClockAdvanced',
            data: {
              businessId: business.businessId,
              advancedByMs: command.byMs,
              offsetMs: business.testClockOffsetMs + command.byMs,
              advancedAt: command.now.toISOString(),
            },
          },
        ];
      }
      default:
        return assertNever(command, 'business command');
    }
  },

  evolve(state, event) {
    if (event.type === 'BusinessRegistered') {
      return {
        status: 'registered',
        businessId: event.data.businessId,
        name: event.data.name,
        isPlatform: event.data.isPlatform ?? false,
        ...(event.data.parentBusinessId && { parentBusinessId: event.data.parentBusinessId }),
        testClockOffsetMs: 0,
        keys: {},
        settings: { test: {}, live: {} },
        callbackTokenIds: {},
        signingSecretIds: { test: {}, live: {} },
        disabledCallbackUrls: { test: {}, live: {} },
      };
    }
    if (state.status !== 'registered') return state;
    switch (event.type) {
      case 'ApiKeyCreated':
        return {
          ...state,
          keys: { ...state.keys, [event.data.keyId]: { mode: event.data.mode, kind: event.data.kind, revoked: false } },
        };
      case 'ApiKeyRevoked': {
        const key = state.keys[event.data.keyId];
        return key ? { ...state, keys: { ...state.keys, [event.data.keyId]: { ...key, revoked: true } } } : state;
      }
      case 'SettingsUpdated':
        return {
          ...state,
          settings: {
            ...state.settings,
            [event.data.mode]: applySettingsChanges(state.settings[event.data.mode], event.data.changes),
          },
        };
      case 'CallbackTokenRotated':
        return { ...state, callbackTokenIds: { ...state.callbackTokenIds, [event.data.mode]: event.data.tokenId } };
      case 'TestClockAdvanced':
        return { ...state, testClockOffsetMs: event.data.offsetMs };
      case 'CallbackSigningSecretIssued':
        return {
          ...state,
          signingSecretIds: withKind(state.signingSecretIds, event.data.mode, event.data.kind, event.data.secretId),
        };
      case 'CallbackEndpointDisabled':
        return {
          ...state,
          disabledCallbackUrls: withKind(state.disabledCallbackUrls, event.data.mode, event.data.kind, event.data.url),
        };
      case 'CallbackEndpointReenabled':
        return {
          ...state,
          disabledCallbackUrls: withKind(state.disabledCallbackUrls, event.data.mode, event.data.kind, undefined),
        };
      default:
        return assertNever(event, 'business event');
    }
  },
};

function decideSetCallbackUrl(
  command: Extract<BusinessCommand, { type: 'SetCallbackUrl' }>,
  business: RegisteredBusinessState,
): BusinessEvent[] {
  const { mode, kind, url, now } = command;
  const current = business.settings[mode].callbackUrls ?? {};
  const changes: SettingsChanges = { callbackUrls: { ...current, [kind]: url } };
  const problems = [...settingsProblems(changes), ...liveModeProblems(mode, { callbackUrls: { [kind]: url } })];
  // The command sets one URL, so each problem is about it: `errors[]` names the field (`url`), not the whole input.
  if (problems.length > 0)
    throw BusinessErrors.invalidSettings(
      [],
      problems.map((message) => ({ field: ['url'], message, type: 'callbackUrl' })),
    );
  const at = now.toISOString();
  const events: BusinessEvent[] = [];
  if (current[kind] !== url) events.push({ type: 'SettingsUpdated', data: { mode, changes, updatedAt: at } });
  if (!business.signingSecretIds[mode][kind]) {
    events.push({
      type: 'CallbackSigningSecretIssued',
      data: { mode, kind, secretId: command.newSecretId, issuedAt: at },
    });
  }
  // Setting the URL that answered 410 again is the merchant saying the receiver is back.
  if (business.disabledCallbackUrls[mode][kind] === url)
    events.push({ type: 'CallbackEndpointReenabled', data: { mode, kind, url, reenabledAt: at } });
  return events;
}

function withKind<T>(
  perMode: PerMode<PerKind<T>>,
  mode: Mode,
  kind: CallbackKind,
  value: T | undefined,
): PerMode<PerKind<T>> {
  const kinds = { ...perMode[mode] };
  if (value === undefined) delete kinds[kind];
  else kinds[kind] = value;
  return { ...perMode, [mode]: kinds };
}
