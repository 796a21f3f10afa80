import { deciderSpec } from '@gateway/testing';
import type { CardChargeOrder } from './card-charge-order';
import { chargeOrder } from './card-charge.fixtures';
import { cardTokenDecider } from './card-token.decider';
import type { CardTokenEvent, CardTokenSnapshot } from './card-token.events';

const now = new Date('2030-01-01T00:00:00.000Z');
const at = now.toISOString();
const snapshot = (overrides: Partial<CardTokenSnapshot> = {}): CardTokenSnapshot => ({
  tokenId: 'tok',
  businessId: 'biz',
  mode: 'test',
  isMultipleUse: false,
  maskedCardNumber: '400000XXXXXX0002',
  cardBrand: 'VISA',
  cardType: 'CREDIT',
  expMonth: 12,
  expYear: 2035,
  vaultId: 'v1',
  threeDsProfile: 'CHALLENGE_PASSES',
  createdAt: at,
  ...overrides,
});
const create = (
  overrides: Partial<CardTokenSnapshot> = {},
  options: { shouldAuthenticate?: boolean; amount?: number; optional?: boolean } = {},
) =>
  ({
    type: 'CreateToken',
    snapshot: snapshot(overrides),
    shouldAuthenticate: options.shouldAuthenticate ?? true,
    ...('amount' in options ? { amount: options.amount } : { amount: 10_000 }),
    authenticationId: 'auth1',
    optionalAuthenticationAllowed: options.optional ?? false,
  }) as const;

const created = (overrides: Partial<CardTokenSnapshot> = {}): CardTokenEvent => ({
  type: 'CardTokenCreated',
  data: snapshot(overrides),
});
const started = (id = 'auth1', bundled = true, amount = 10_000): CardTokenEvent => ({
  type: 'CardAuthenticationStarted',
  data: { tokenId: 'tok', authenticationId: id, amount, bundled, maskedCardNumber: '400000XXXXXX0002', startedAt: at },
});
const verified = (id = 'auth1', bundled = true, amount = 10_000, eci: '05' | '06' = '05'): CardTokenEvent => ({
  type: 'CardAuthenticationVerified',
  data: { tokenId: 'tok', authenticationId: id, amount, bundled, eci, verifiedAt: at },
});
const failed = (id = 'auth1', bundled = true, amount = 10_000): CardTokenEvent => ({
  type: 'CardAuthenticationFailed',
  data: { tokenId: 'tok', authenticationId: id, amount, bundled, failureReason: 'AUTHENTICATION_FAILED', failedAt: at },
});
/** What the charge request decided before using the token: recorded with the use. */
const order = (amount = 10_000, chargeId = 'chg'): CardChargeOrder => ({
  ...chargeOrder(at, {
    chargeId,
    amount,
    merchantReferenceCode: 'mrc',
    bankReconciliationId: '0000000000000000000001',
  }),
  fee: 290,
  feeTax: 31,
});
/** A use as the log has it; without an order, as uses were recorded before orders were carried. */
const charged = (
  authenticationId?: string,
  eci: '05' | '07' = '05',
  options: { chargeId?: string; order?: CardChargeOrder } = {},
): CardTokenEvent => ({
  type: 'CardTokenCharged',
  data: {
    tokenId: 'tok',
    chargeId: options.chargeId ?? 'chg',
    ...(authenticationId && { authenticationId }),
    eci,
    chargedAt: at,
    ...(options.order && { charge: options.order }),
  },
});

describe('card token decider (spec: card token states)', () => {
  const spec = deciderSpec(cardTokenDecider);

  it('(new) → IN_REVIEW: bundled authentication and 3DS needed', () =>
    spec.given([]).when(create()).then([created(), started()]));
  it('(new) → VERIFIED: not enrolled, bundled authentication verified at once (eci 06)', () =>
    spec
      .given([])
      .when(create({ threeDsProfile: 'NOT_ENROLLED' }))
      .then([created({ threeDsProfile: 'NOT_ENROLLED' }), verified('auth1', true, 10_000, '06')]));
  it('(new) → VERIFIED: multiple-use tokens bundle nothing', () =>
    spec
      .given([])
      .when(create({ isMultipleUse: true }, { amount: undefined }))
      .then([created({ isMultipleUse: true })]));
  it('(new) → VERIFIED: should_authenticate false with optional authentication', () =>
    spec
      .given([])
      .when(create({}, { shouldAuthenticate: false, optional: true }))
      .then([created()]));
  it('should_authenticate false without optional authentication: AUTHENTICATION_REQUIRED_ERROR', () =>
    spec
      .given([])
      .when(create({}, { shouldAuthenticate: false }))
      .thenThrows('AUTHENTICATION_REQUIRED_ERROR'));
  it('bundled authentication needs an amount', () =>
    spec
      .given([])
      .when(create({}, { amount: undefined }))
      .thenThrows('VALIDATION_ERROR'));
  it('a token is created once', () => spec.given([created()]).when(create()).thenThrows('VALIDATION_ERROR'));

  it('IN_REVIEW → VERIFIED when the payer completes the challenge', () =>
    spec
      .given([created(), started()])
      .when({ type: 'CompleteChallenge', authenticationId: 'auth1', passed: true, now })
      .then([verified()]));
  it('IN_REVIEW → FAILED when the payer fails it', () =>
    spec
      .given([created(), started()])
      .when({ type: 'CompleteChallenge', authenticationId: 'auth1', passed: false, now })
      .then([failed()]));
  it('IN_REVIEW → FAILED for the failing test cards whatever the payer does', () =>
    spec
      .given([created({ threeDsProfile: 'CHALLENGE_FAILS' }), started()])
      .when({ type: 'CompleteChallenge', authenticationId: 'auth1', passed: true, now })
      .then([failed()]));
  it(
    'the timing-out cards: asking for 3DS is VERIFICATION_TIMEOUT_ERROR, bundled or not, ' +
      'and records nothing (issue 19, item 6)',
    () => {
      spec
        .given([])
        .when(create({ threeDsProfile: 'CHALLENGE_TIMES_OUT' }))
        .thenThrows('VERIFICATION_TIMEOUT_ERROR');
      spec
        .given([created({ threeDsProfile: 'CHALLENGE_TIMES_OUT', isMultipleUse: true })])
        .when({ type: 'StartAuthentication', authenticationId: 'auth2', amount: 10_000, now })
        .thenThrows('VERIFICATION_TIMEOUT_ERROR');
      // No 3DS asked (a multiple-use token): created.
      spec
        .given([])
        .when(create({ threeDsProfile: 'CHALLENGE_TIMES_OUT', isMultipleUse: true }))
        .then([created({ threeDsProfile: 'CHALLENGE_TIMES_OUT', isMultipleUse: true })]);
    },
  );
  it('the timing-out issuer never answers the page (authentications started before issue 19)', () =>
    spec
      .given([created({ threeDsProfile: 'CHALLENGE_TIMES_OUT' }), started()])
      .when({ type: 'CompleteChallenge', authenticationId: 'auth1', passed: true, now })
      .then([]));
  it('IN_REVIEW → FAILED when nobody answered in time (abandoned or timed out)', () =>
    spec
      .given([created(), started()])
      .when({ type: 'ExpireAuthentication', authenticationId: 'auth1', now })
      .then([failed()]));
  it('the timeout of a finished authentication does nothing', () =>
    spec
      .given([created(), started(), verified()])
      .when({ type: 'ExpireAuthentication', authenticationId: 'auth1', now })
      .then([]));
  it('illegal: answering a finished challenge', () =>
    spec
      .given([created(), started(), failed()])
      .when({ type: 'CompleteChallenge', authenticationId: 'auth1', passed: true, now })
      .thenThrows('INVALID_AUTHENTICATION_STATUS_ERROR'));
  it('illegal: answering an unknown authentication', () =>
    spec
      .given([created(), started()])
      .when({ type: 'CompleteChallenge', authenticationId: 'nope', passed: true, now })
      .thenThrows('AUTHENTICATION_NOT_FOUND_ERROR'));
  it('FAILED: authentication can be retried with createAuthentication', () =>
    spec
      .given([created(), started(), failed()])
      .when({ type: 'StartAuthentication', authenticationId: 'auth2', amount: 10_000, now })
      .then([started('auth2', false)]));
  it('illegal: authenticating an unknown token', () =>
    spec
      .given([])
      .when({ type: 'StartAuthentication', authenticationId: 'a', amount: 1, now })
      .thenThrows('TOKEN_NOT_FOUND_ERROR'));

  describe('charging', () => {
    const use = (authenticationId?: string, amount = 10_000, optional = false, chargeId = 'chg') =>
      ({
        type: 'UseToken',
        charge: order(amount, chargeId),
        ...(authenticationId && { authenticationId }),
        optionalAuthenticationAllowed: optional,
        now,
      }) as const;
    /** The use this command records: the charge's commit point, carrying its order. */
    const usedBy = (authenticationId?: string, eci: '05' | '07' = '05', amount = 10_000) =>
      charged(authenticationId, eci, { order: order(amount) });
    type EarlierUse = Parameters<typeof charged>[2];
    /** A single-use token that charged once with its bundled authentication `auth1`. */
    const spentToken = (use: EarlierUse) => [created(), started(), verified(), charged('auth1', '05', use)];
    /** A multiple-use token whose separate authentication `a2` charged once. */
    const spentAuthentication = (use: EarlierUse) => [
      created({ isMultipleUse: true }),
      started('a2', false),
      verified('a2', false),
      charged('a2', '05', use),
    ];

    it('a verified bundled authentication is used when the id is omitted; the use carries the charge order', () =>
      spec
        .given([created(), started(), verified()])
        .when(use())
        .then([usedBy('auth1')]));
    it('TOKEN_ALREADY_USED_ERROR: a single-use token charges once', () =>
      spec
        .given(spentToken({ chargeId: 'earlier' }))
        .when(use('auth1'))
        .thenThrows('TOKEN_ALREADY_USED_ERROR'));
    it('AUTHENTICATION_ALREADY_USED_ERROR: an authentication charges once', () =>
      spec
        .given(spentAuthentication({ chargeId: 'earlier' }))
        .when(use('a2'))
        .thenThrows('AUTHENTICATION_ALREADY_USED_ERROR'));
    it('AMOUNT_GREATER_THAN_AUTHENTICATED_ERROR', () =>
      spec
        .given([created(), started(), verified()])
        .when(use('auth1', 10_001))
        .thenThrows('AMOUNT_GREATER_THAN_AUTHENTICATED_ERROR'));
    it('AUTHENTICATION_NOT_FOUND_ERROR', () =>
      spec.given([created(), started(), verified()]).when(use('other')).thenThrows('AUTHENTICATION_NOT_FOUND_ERROR'));
    it('AUTHENTICATION_REQUIRED_ERROR while the bundled 3DS is pending', () =>
      spec.given([created(), started()]).when(use()).thenThrows('AUTHENTICATION_REQUIRED_ERROR'));
    it('AUTHENTICATION_REQUIRED_ERROR for a failed authentication', () =>
      spec.given([created(), started(), failed()]).when(use('auth1')).thenThrows('AUTHENTICATION_REQUIRED_ERROR'));
    it('AUTHENTICATION_ID_MISSING_ERROR for a token that never authenticated', () =>
      spec
        .given([created({ isMultipleUse: true })])
        .when(use())
        .thenThrows('AUTHENTICATION_ID_MISSING_ERROR'));
    it('optional authentication: no id, eci 07', () =>
      spec
        .given([created({ isMultipleUse: true })])
        .when(use(undefined, 5, true))
        .then([usedBy(undefined, '07', 5)]));
    it('a multiple-use token charges again', () =>
      spec
        .given([created({ isMultipleUse: true }), charged(undefined, '07', { chargeId: 'earlier' })])
        .when(use(undefined, 5, true))
        .then([usedBy(undefined, '07', 5)]));

    describe('the same charge again (its request executed again after the use was committed)', () => {
      it('records nothing more on a single-use token, instead of TOKEN_ALREADY_USED_ERROR', () =>
        spec
          .given(spentToken({ order: order() }))
          .when(use())
          .then([]));
      it('records nothing more on a spent authentication, instead of AUTHENTICATION_ALREADY_USED_ERROR', () =>
        spec
          .given(spentAuthentication({ order: order() }))
          .when(use('a2'))
          .then([]));
      it('another charge is still refused', () =>
        spec
          .given(spentToken({ order: order() }))
          .when(use(undefined, 10_000, false, 'other'))
          .thenThrows('TOKEN_ALREADY_USED_ERROR'));
    });

    it('the state keeps each recorded use with its order by charge id (what repairs a crash before the charge)', () =>
      spec
        .given([created(), started(), verified()])
        .when(use())
        .thenState({
          status: 'active',
          snapshot: snapshot(),
          authentications: {
            auth1: {
              authenticationId: 'auth1',
              amount: 10_000,
              status: 'VERIFIED',
              bundled: true,
              eci: '05',
              used: true,
            },
          },
          bundledAuthenticationId: 'auth1',
          used: true,
          uses: {
            chg: {
              tokenId: 'tok',
              chargeId: 'chg',
              authenticationId: 'auth1',
              eci: '05',
              chargedAt: at,
              charge: order(),
            },
          },
        }));
    it('TOKEN_NOT_FOUND_ERROR', () => spec.given([]).when(use()).thenThrows('TOKEN_NOT_FOUND_ERROR'));
  });
});
