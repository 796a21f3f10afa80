import { activeLifecycle, creation, expiredOn, inactiveSince, instrumentPayment } from '@gateway/fixed-instruments';
import { deciderSpec } from '@gateway/testing';
import { type CreatePaymentCode, paymentCodeDecider } from './payment-code.decider';
import type { PaymentCodeSnapshot } from './payment-code.events';

const now = new Date('2026-03-01T10:00:00.000Z');
const later = new Date('2026-03-02T10:00:00.000Z');
const spec = deciderSpec(paymentCodeDecider);

// The code's owner and terms, shared by the creation command and the snapshot it makes.
const owner = { businessId: 'biz', mode: 'test', externalId: 'ext' } as const;
const terms = { prefix: 'TEST', paymentCode: 'TEST123456', name: 'Ervan', expectedAmount: 50_000, isSingleUse: false };
const create = (overrides: Partial<CreatePaymentCode> = {}): CreatePaymentCode => ({
  type: 'CreateInstrument',
  instrumentId: 'c1',
  ...owner,
  retailOutletName: 'ALFAMART',
  enabledOutlets: ['ALFAMART', 'INDOMARET'],
  ...terms,
  origin: { kind: 'fixed' },
  now,
  ...overrides,
});
const code: PaymentCodeSnapshot = {
  fpcId: 'c1',
  ...owner,
  retailOutletName: 'ALFAMART',
  ...terms,
  currency: 'IDR',
  ...activeLifecycle(now, '2057-03-01T10:00:00.000Z'),
};
const created = creation('FixedPaymentCodeCreated', code);
const pay = instrumentPayment('c1', { fee: 1, feeTax: 0 }, later);

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
    it('only the exact expected amount completes', () =>
      spec.given([created()]).when(pay(50_001)).thenThrows('EXPECTED_AMOUNT_MISMATCH_ERROR'));
    it('without an expected amount, the bounds apply', () => {
      spec
        .given([created({ expectedAmount: undefined })])
        .when(pay(9_999))
        .thenThrows('EXPECTED_AMOUNT_MISMATCH_ERROR');
      spec
        .given([created({ expectedAmount: undefined })])
        .when(pay(5_000_001))
        .thenThrows('EXPECTED_AMOUNT_MISMATCH_ERROR');
    });
  });

  describe('ACTIVE → INACTIVE by expiry', () => {
    it('the job at the date expires it', () =>
      spec
        .given([created({ expirationDate: later.toISOString() })])
        .when({ type: 'ExpireInstrument', instrumentId: 'c1', now: later })
        .thenState(expiredOn(code, later, later)));
    it('the job before the date does nothing', () =>
      spec
        .given([created({ expirationDate: later.toISOString() })])
        .when({ type: 'ExpireInstrument', instrumentId: 'c1', now })
        .then([]));
    it('an update to a past date expires at once', () => {
      const events = paymentCodeDecider.decide(
        { type: 'UpdateInstrument', instrumentId: 'c1', changes: { expirationDate: now }, now: later },
        { exists: true, snapshot: code },
      );
      expect(events.map((e) => e.type)).toEqual(['FixedPaymentCodeUpdated', 'FixedPaymentCodeExpired']);
    });
  });

  describe('illegal transitions', () => {
    const inactive = created({ status: 'INACTIVE' });
    it('INACTIVE refuses updates', () =>
      spec
        .given([inactive])
        .when({ type: 'UpdateInstrument', instrumentId: 'c1', changes: { name: 'x' }, now })
        .thenThrows('INACTIVE_FIXED_PAYMENT_CODE_ERROR'));
    it('INACTIVE refuses payments', () =>
      spec.given([inactive]).when(pay(50_000)).thenThrows('INACTIVE_FIXED_PAYMENT_CODE_ERROR'));
    it('INACTIVE does not expire again', () =>
      spec.given([inactive]).when({ type: 'ExpireInstrument', instrumentId: 'c1', now: later }).then([]));
    it('update amounts out of bounds', () =>
      spec
        .given([created()])
        .when({ type: 'UpdateInstrument', instrumentId: 'c1', changes: { expectedAmount: 1 }, now })
        .thenThrows('MINIMUM_EXPECTED_AMOUNT_ERROR'));
    it('no code: not found', () => spec.given([]).when(pay(50_000)).thenThrows('FIXED_PAYMENT_CODE_NOT_FOUND_ERROR'));
  });
});
