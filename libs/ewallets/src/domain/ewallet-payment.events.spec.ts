import { EWALLET_PAYMENT_EVENT_SCHEMAS } from './ewallet-payment.events';

describe('eWallet payment events, version 2', () => {
  const [upcaster] = EWALLET_PAYMENT_EVENT_SCHEMAS.upcasters;
  const failed = (failureCode: string) => ({ payment: { paymentId: 'ewallet_1' }, failureCode, failedAt: 'then' });

  it("reads version 1's OVO_TIMEOUT_ERROR as the spec's WALLETA_TIMEOUT_ERROR, and every other code as stored", () => {
    expect(upcaster).toMatchObject({ type: 'EwalletPaymentFailed', fromVersion: 1 });
    expect(upcaster.upcast(failed('OVO_TIMEOUT_ERROR'))).toEqual(failed('WALLETA_TIMEOUT_ERROR'));
    expect(upcaster.upcast(failed('USER_DECLINED_THE_TRANSACTION'))).toEqual(failed('USER_DECLINED_THE_TRANSACTION'));
    expect(EWALLET_PAYMENT_EVENT_SCHEMAS.versions.EwalletPaymentFailed).toBe(2);
  });
});
