import { activeSnapshot, creation, expiredOn, inactiveSince } from '@gateway/fixed-instruments';
import { fixedOpening, instrumentCommands } from '@gateway/fixed-instruments';
import { deciderSpec } from '@gateway/testing';
import { type CreatePaymentCode, type PaymentCodeUpdate, paymentCodeDecider } from './payment-code.decider';
import type { PaymentCodeSnapshot } from './payment-code.events';

const now = new Date('2026-03-01T10:00:00.000Z');
const later = new Date('2026-03-02T10:00:00.000Z');
const spec = deciderSpec(paymentCodeDecider);

// The code's owner and terms, shared by the creation command and the snapshot it makes.
const owner = { businessId: 'biz', mode: 'test', externalId: 'ext' } as const;
const terms = { prefix: 'TEST', paymentCode: 'TEST123456', name: 'Ervan', expectedAmount: 50_000, isSingleUse: false };
const create = fixedOpening<CreatePaymentCode>(
  { instrumentId: 'c1', ...owner, retailOutletName: 'ALFAMART', enabledOutlets: ['ALFAMART', 'INDOMARET'], ...terms },
  now,
);
const code = activeSnapshot<PaymentCodeSnapshot>(
  { fpcId: 'c1', ...owner, retailOutletName: 'ALFAMART', ...terms },
  now,
  '2057-03-01T10:00:00.000Z',
);
const created = creation('FixedPaymentCodeCreated', code);
const { pay, update, expire } = instrumentCommands<PaymentCodeUpdate>('c1', { fee: 1, feeTax: 0 }, later);

describe('payment code decider', () => {
  describe('(new) → ACTIVE', () => {
    it('creates the code', () => spec.given([]).when(create()).then([created()]));
    it.each([
      [{ retailOutletName: '7ELEVEN' }, 'RETAIL_OUTLET_NOT_SUPPORTED_ERROR'],
      [{ enabledOutlets: ['INDOMARET'] }, 'RETAIL_OUTLET_NOT_SUPPORTED_ERROR'],
      [{ expectedAmount: 9_999 }, 'MINIMUM_EXPECTED_AMOUNT_ERROR'],
      [{ expectedAmount: 5_000_001 }, 'MAXIMUM_EXPECTED_AMOUNT_ERROR'],
      [{ expirationDate: new Date('2020-01-01T00:00:00Z') }, 'EXPIRATION_DATE_INVALID_ERROR'],
      [{ paymentCode: 'XYZ123' }, 'PAYMENT_CODE_OUTSIDE_RANGE'],
      [{ paymentCode: 'TEST' }, 'PAYMENT_CODE_OUTSIDE_RANGE'],
    ] as const)('refuses %j with %s', (overrides, errorCode) =>
      spec.given([]).when(create(overrides)).thenThrows(errorCode),
    );
    it('refuses a code already used', () =>
      spec.given([created()]).when(create()).thenThrows('DUPLICATE_PAYMENT_CODE_ERROR'));
  });

  describe('ACTIVE → paid', () => {
    it('records the payment and the ledger money-in', () => {
      const events = paymentCodeDecider.decide(pay(50_000), { exists: true, snapshot: code });
      expect(events.map((e) => e.type)).toEqual(['FixedPaymentCodePaid', 'MoneyInReceived']);
      expect(events[1].data).toMatchObject({
        channel: 'ALFAMART',
        grossAmount: 50_000,
        source: { context: 'payment-codes', resourceId: 'c1' },
      });
    });
    it('single use → INACTIVE', () =>
      spec
        .given([created({ isSingleUse: true })])
        .when(pay(50_000))
        .thenState({ exists: true, snapshot: { ...code, isSingleUse: true, ...inactiveSince(later) } }));
    it.each([
      ['only the exact expected amount completes', 50_001, 50_000],
      ['without an expected amount, the bounds apply', 9_999, undefined],
      ['without an expected amount, the bounds apply', 5_000_001, undefined],
    ])('%s: a payment of %d is refused', (_, amount, expectedAmount) =>
      spec
        .given([created({ expectedAmount })])
        .when(pay(amount))
        .thenThrows('EXPECTED_AMOUNT_MISMATCH_ERROR'),
    );
  });

  describe('ACTIVE → INACTIVE by expiry', () => {
    const expiring = created({ expirationDate: later.toISOString() });
    it('the job at the date expires it', () =>
      spec
        .given([expiring])
        .when(expire(later))
        .thenState(expiredOn(code, later, later)));
    it('the job before the date does nothing', () => spec.given([expiring]).when(expire(now)).then([]));
    it('an update to a past date expires at once', () => {
      const toPastDate = update({ expirationDate: now }, later);
      const events = paymentCodeDecider.decide(toPastDate, { exists: true, snapshot: code });
      expect(events.map((e) => e.type)).toEqual(['FixedPaymentCodeUpdated', 'FixedPaymentCodeExpired']);
    });
  });

  describe('updates', () => {
    it('an update with the values the code already has records nothing', () =>
      spec
        .given([created()])
        .when(update({ name: terms.name, expectedAmount: terms.expectedAmount }, later))
        .then([]));
    it('a new name is recorded', () =>
      spec
        .given([created()])
        .when(update({ name: 'Ervina' }, later))
        .thenState({ exists: true, snapshot: { ...code, name: 'Ervina', updatedAt: later.toISOString() } }));
  });

  describe('illegal transitions', () => {
    const inactive = created({ status: 'INACTIVE' });
    it.each([
      ['updates', update({ name: 'x' }, now)],
      ['payments', pay(50_000)],
    ])('INACTIVE refuses %s', (_, command) =>
      spec.given([inactive]).when(command).thenThrows('INACTIVE_FIXED_PAYMENT_CODE_ERROR'),
    );
    it('INACTIVE does not expire again', () => spec.given([inactive]).when(expire(later)).then([]));
    it('update amounts out of bounds', () =>
      spec
        .given([created()])
        .when(update({ expectedAmount: 1 }, now))
        .thenThrows('MINIMUM_EXPECTED_AMOUNT_ERROR'));
    it('no code: not found', () => spec.given([]).when(pay(50_000)).thenThrows('FIXED_PAYMENT_CODE_NOT_FOUND_ERROR'));
  });
});
