import { DomainError, foldEvents } from '@gateway/domain';
import { deciderSpec } from '@gateway/testing';
import { businessDecider, type RegisteredBusinessState } from './business.decider';
import type { ApiKeyCreated, BusinessRegistered, TestClockAdvanced } from './business.events';

const now = new Date('2026-11-22T10:00:00.000Z');
const later = new Date('2026-11-22T11:00:00.000Z');
const spec = deciderSpec(businessDecider);
const registered: BusinessRegistered = {
  type: 'BusinessRegistered',
  data: { businessId: 'biz_1', name: 'Warung Kopi', registeredAt: now.toISOString(), isPlatform: false },
};
const platform: BusinessRegistered = { ...registered, data: { ...registered.data, isPlatform: true } };
const advanced = (by: number, offset: number): TestClockAdvanced => ({
  type: 'TestClockAdvanced',
  data: { businessId: 'biz_1', advancedByMs: by, offsetMs: offset, advancedAt: later.toISOString() },
});
const keyCreated: ApiKeyCreated = {
  type: 'ApiKeyCreated',
  data: {
    keyId: 'key_1',
    mode: 'test',
    kind: 'secret',
    name: 'Server',
    permissions: ['money_in:read', 'money_in:write'],
    keyHash: 'ab'.repeat(32),
    keyHint: 'wxyz',
    createdAt: now.toISOString(),
  },
};
const register = (
  overrides: Partial<{ name: string; isPlatform: boolean; parent: { businessId: string; isPlatform: boolean } }> = {},
) => ({
  type: 'RegisterBusiness' as const,
  businessId: 'biz_1',
  name: 'Warung Kopi',
  isPlatform: false,
  now,
  ...overrides,
});

describe('business decider', () => {
  describe('registration', () => {
    it('registers a new business with a trimmed name', () => {
      spec
        .given([])
        .when(register({ name: '  Warung Kopi ' }))
        .then([registered]);
    });

    it('registers a platform business and a sub-account of it', () => {
      spec
        .given([])
        .when(register({ isPlatform: true }))
        .then([platform]);
      spec
        .given([])
        .when(register({ parent: { businessId: 'biz_parent', isPlatform: true } }))
        .then([{ ...registered, data: { ...registered.data, parentBusinessId: 'biz_parent' } }]);
    });

    it('refuses a sub-account of a business without the platform feature, and a platform sub-account', () => {
      spec
        .given([])
        .when(register({ parent: { businessId: 'biz_parent', isPlatform: false } }))
        .thenThrows('API_VALIDATION_ERROR');
      spec
        .given([])
        .when(register({ isPlatform: true, parent: { businessId: 'biz_parent', isPlatform: true } }))
        .thenThrows('API_VALIDATION_ERROR');
    });

    it('refuses to register the same business twice', () => {
      spec
        .given([registered])
        .when(register({ name: 'Again' }))
        .thenThrows('BUSINESS_ALREADY_REGISTERED_ERROR');
    });

    it.each(['', '   ', 'x'.repeat(256)])('refuses the name %j', (name) => {
      spec.given([]).when(register({ name })).thenThrows('API_VALIDATION_ERROR');
    });
  });

  describe('API keys', () => {
    const create = (overrides: object = {}) => ({
      type: 'CreateApiKey' as const,
      keyId: 'key_1',
      mode: 'test' as const,
      kind: 'secret' as const,
      name: ' Server ',
      permissions: ['money_in:write' as const, 'money_in:read' as const, 'money_in:read' as const],
      keyHash: 'ab'.repeat(32),
      keyHint: 'wxyz',
      now,
      ...overrides,
    });

    it('creates a key with de-duplicated, sorted permissions', () => {
      spec.given([registered]).when(create()).then([keyCreated]);
    });

    it.each<[string, BusinessRegistered[], object, string]>([
      ['a key for an unknown business', [], {}, 'BUSINESS_NOT_FOUND_ERROR'],
      ['a key with a blank name', [registered], { name: ' ' }, 'API_VALIDATION_ERROR'],
      ['a secret key without permissions', [registered], { permissions: [] }, 'API_VALIDATION_ERROR'],
      ['a public key with permissions', [registered], { kind: 'public' }, 'API_VALIDATION_ERROR'],
    ])('refuses %s', (_what, history, overrides, code) => spec.given(history).when(create(overrides)).thenThrows(code));

    it('revokes a key once', () => {
      const revoke = { type: 'RevokeApiKey' as const, keyId: 'key_1', now: later };
      spec
        .given([registered, keyCreated])
        .when(revoke)
        .then([{ type: 'ApiKeyRevoked', data: { keyId: 'key_1', mode: 'test', revokedAt: later.toISOString() } }]);
      spec
        .given([
          registered,
          keyCreated,
          { type: 'ApiKeyRevoked', data: { keyId: 'key_1', mode: 'test', revokedAt: later.toISOString() } },
        ])
        .when(revoke)
        .thenThrows('API_KEY_ALREADY_REVOKED_ERROR');
      spec.given([registered]).when(revoke).thenThrows('API_KEY_NOT_FOUND_ERROR');
    });
  });

  describe('settings and callback token', () => {
    it('merges settings per mode: present fields replace, null removes', () => {
      const update = (changes: object) => ({ type: 'UpdateSettings' as const, mode: 'live' as const, changes, now });
      const first = {
        type: 'SettingsUpdated' as const,
        data: {
          mode: 'live' as const,
          changes: { fraudDetection: true, retailPaymentCodePrefix: 'TEST' },
          updatedAt: now.toISOString(),
        },
      };
      const second = {
        type: 'SettingsUpdated' as const,
        data: { mode: 'live' as const, changes: { retailPaymentCodePrefix: null }, updatedAt: now.toISOString() },
      };
      spec.given([registered]).when(update(first.data.changes)).then([first]);
      spec
        .given([registered, first])
        .when(update(second.data.changes))
        .thenState({
          ...(businessDecider.evolve(
            businessDecider.evolve(businessDecider.initialState, registered),
            first,
          ) as RegisteredBusinessState),
          settings: { test: {}, live: { fraudDetection: true } },
        });
      spec.given([registered]).when(update({})).thenThrows('API_VALIDATION_ERROR');
    });

    it('rotates the callback token by reference only', () => {
      spec
        .given([registered])
        .when({ type: 'RotateCallbackToken', mode: 'test', tokenId: 'sec_1', now })
        .then([
          { type: 'CallbackTokenRotated', data: { mode: 'test', tokenId: 'sec_1', rotatedAt: now.toISOString() } },
        ]);
    });
  });

  describe('test clock', () => {
    it('advances the test clock, accumulating the offset', () => {
      const advance = { type: 'AdvanceTestClock' as const, businessId: 'biz_1', byMs: 500, now: later };
      spec
        .given([registered, advanced(1000, 1000)])
        .when(advance)
        .then([advanced(500, 1500)]);
    });

    it.each([0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2])('refuses to advance by %p', (byMs) => {
      spec
        .given([registered])
        .when({ type: 'AdvanceTestClock', businessId: 'biz_1', byMs, now: later })
        .thenThrows('API_VALIDATION_ERROR');
    });

    it('refuses to advance the clock of an unknown business', () => {
      spec
        .given([])
        .when({ type: 'AdvanceTestClock', businessId: 'biz_1', byMs: 1, now: later })
        .thenThrows('BUSINESS_NOT_FOUND_ERROR');
    });
  });
});

describe('settings rules', () => {
  const update = (changes: object) => ({ type: 'UpdateSettings' as const, mode: 'test' as const, changes, now });
  it.each([
    { callbackUrls: { invoice: 'ftp://x' } },
    { callbackUrls: { nonsense: 'https://x' } },
    { apiVersions: { customers: '2020/10/31' } },
    { virtualAccountRanges: { BCA: { merchantCode: '12', rangeStart: '1', rangeEnd: '9' } } },
    { virtualAccountRanges: { BCA: { merchantCode: '12345', rangeStart: '900', rangeEnd: '100' } } },
    { virtualAccountRanges: { BCA: { merchantCode: '12345', rangeStart: '1', rangeEnd: '100' } } },
    { feeSchedule: { default: { flat: -1 } } },
    { feeSchedule: { default: { basisPoints: 1.5 } } },
  ])('refuses %j', (changes) => {
    spec.given([registered]).when(update(changes)).thenThrows('API_VALIDATION_ERROR');
  });

  it('accepts well-formed values', () => {
    const changes = {
      callbackUrls: { invoice: 'https://merchant.example/cb' },
      apiVersions: { customers: '2020-10-31' },
      virtualAccountRanges: { BCA: { merchantCode: '10766', rangeStart: '100000', rangeEnd: '999999' } },
      feeSchedule: { default: { flat: 4500, basisPoints: 290 } },
    };
    spec
      .given([registered])
      .when(update(changes))
      .then([{ type: 'SettingsUpdated', data: { mode: 'test', changes, updatedAt: now.toISOString() } }]);
  });

  describe('api_versions (issue 19, item 15)', () => {
    const catalog = { customers: ['2020-05-19', '2020-10-31'], ewallets: ['2019-02-04', '2020-02-01'] };
    const versions = (apiVersions: Record<string, string | null> | null) => ({
      type: 'UpdateSettings' as const,
      mode: 'test' as const,
      changes: { apiVersions },
      apiVersionCatalog: catalog,
      now,
    });
    const recorded = (apiVersions: Record<string, string> | null) => ({
      type: 'SettingsUpdated' as const,
      data: { mode: 'test' as const, changes: { apiVersions }, updatedAt: now.toISOString() },
    });
    const customersSet = recorded({ customers: '2020-10-31' });

    it('refuses an unknown resource or version, naming it in errors[]', () => {
      for (const [apiVersions, resource] of [
        [{ invoices: '2020-10-31' }, 'invoices'],
        [{ customers: '2021-01-01' }, 'customers'],
      ] as const) {
        let thrown: unknown;
        try {
          businessDecider.decide(
            versions(apiVersions),
            [registered].reduce(businessDecider.evolve, businessDecider.initialState),
          );
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toMatchObject({
          code: 'API_VALIDATION_ERROR',
          details: { errors: [expect.objectContaining({ field: ['api_versions', resource], location: 'body' })] },
        });
      }
    });

    it('sets one resource without dropping the others, records the whole map, and null resets one (or all)', () => {
      spec
        .given([registered, customersSet])
        .when(versions({ ewallets: '2019-02-04' }))
        .then([recorded({ customers: '2020-10-31', ewallets: '2019-02-04' })]);
      spec
        .given([registered, recorded({ customers: '2020-10-31', ewallets: '2019-02-04' })])
        .when(versions({ customers: null }))
        .then([recorded({ ewallets: '2019-02-04' })]);
      spec
        .given([registered, customersSet])
        .when(versions({ customers: null }))
        .then([recorded(null)]);
      spec
        .given([registered, customersSet])
        .when(versions(null))
        .then([recorded(null)]);
    });
  });
  describe('callback URLs', () => {
    it('names the `url` field when a live-mode callback URL is not https', () => {
      const setUrl = {
        type: 'SetCallbackUrl' as const,
        mode: 'live' as const,
        kind: 'invoice' as const,
        url: 'http://shop.example.com/callbacks',
        newSecretId: 'sec_1',
        now,
      };
      let thrown: unknown;
      try {
        businessDecider.decide(setUrl, foldEvents(businessDecider, [registered]));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(DomainError);
      expect((thrown as DomainError).details?.errors).toEqual([
        {
          field: ['url'],
          location: 'body',
          messages: ['callback_urls.invoice must be an https URL in live mode'],
          types: ['callbackUrl'],
        },
      ]);
    });
  });
});
