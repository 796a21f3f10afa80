import { deciderSpec, moneyInReceived } from '@gateway/testing';
import { type EwalletPaymentCommand, ewalletPaymentDecider } from './ewallet-payment.decider';
import type {
  EwalletPaymentCompleted,
  EwalletPaymentExpired,
  EwalletPaymentFailed,
  EwalletPaymentRequested,
  EwalletPaymentSnapshot,
} from './ewallet-payment.events';
import type { EwalletType } from './ewallet-types';

const requestedAt = new Date('2026-03-01T10:00:00.000Z');
const later = new Date('2026-03-01T10:00:05.000Z');
const afterExpiry = new Date('2026-03-02T10:00:00.000Z');
const spec = deciderSpec(ewalletPaymentDecider);

function snapshot(type: EwalletType, overrides: Partial<EwalletPaymentSnapshot> = {}): EwalletPaymentSnapshot {
  const base: EwalletPaymentSnapshot = {
    paymentId: 'ewallet_1',
    businessId: 'biz_1',
    mode: 'test',
    ewalletType: type,
    externalId: 'order-1',
    amount: 25_000,
    currency: 'IDR',
    apiVersion: '2020-02-01',
    requestedAt: requestedAt.toISOString(),
  };
  if (type === 'OVO') return { ...base, phone: '081234567890', ...overrides };
  const checkout = {
    callbackUrl: 'https://m.example/cb',
    redirectUrl: 'https://m.example/done',
    checkoutToken: 'tok',
    expiresAt: afterExpiry.toISOString(),
  };
  if (type === 'DANA') return { ...base, ...checkout, ...overrides };
  return {
    ...base,
    ...checkout,
    phone: '081234567890',
    items: [{ id: 'i1', name: 'Tea', price: 25_000, quantity: 1 }],
    ...overrides,
  };
}

const requested = (type: EwalletType, overrides: Partial<EwalletPaymentSnapshot> = {}): EwalletPaymentRequested => ({
  type: 'EwalletPaymentRequested',
  data: snapshot(type, overrides),
});
const requestCommand = (type: EwalletType, overrides: Partial<EwalletPaymentSnapshot> = {}) => {
  const { requestedAt: _ignored, ...payment } = snapshot(type, overrides);
  return { type: 'RequestEwalletPayment' as const, payment, now: requestedAt };
};
const complete = (now = later) => ({ type: 'CompleteEwalletPayment' as const, fee: 725, feeTax: 80, now });
const fail = (failureCode: string) => ({ type: 'FailEwalletPayment' as const, failureCode, now: later });
const expire = (now = afterExpiry) => ({ type: 'ExpireEwalletPayment' as const, now });
const completed = (type: EwalletType): EwalletPaymentCompleted => ({
  type: 'EwalletPaymentCompleted',
  data: { payment: snapshot(type), completedAt: later.toISOString() },
});
const failed = (type: EwalletType, failureCode: string): EwalletPaymentFailed => ({
  type: 'EwalletPaymentFailed',
  data: { payment: snapshot(type), failureCode, failedAt: later.toISOString() },
});
const expired = (type: EwalletType): EwalletPaymentExpired => ({
  type: 'EwalletPaymentExpired',
  data: { payment: snapshot(type), expiredAt: afterExpiry.toISOString() },
});

/** After `history`, the command is refused with `code`. */
const refuses = (history: Parameters<typeof spec.given>[0], command: EwalletPaymentCommand, code: string) =>
  spec.given(history).when(command).thenThrows(code);

describe('eWallet payment decider', () => {
  describe('(new) --request--> PENDING', () => {
    it.each(['OVO', 'DANA', 'LINKAJA'] as const)('%s: a request is recorded with the request time', (type) => {
      spec
        .given([])
        .when(requestCommand(type))
        .then([requested(type)]);
      spec
        .given([])
        .when(requestCommand(type))
        .thenState({ status: 'PENDING', payment: snapshot(type) });
    });

    it.each([
      ['OVO', 'DUPLICATE_PAYMENT'],
      ['DANA', 'DUPLICATE_ERROR'],
      ['LINKAJA', 'DUPLICATE_PAYMENT_ERROR'],
    ] as const)('%s: the external id already used answers %s, whatever the state', (type, code) => {
      refuses([requested(type)], requestCommand(type), code);
      refuses([requested(type), completed(type)], requestCommand(type), code);
    });

    it('refuses amounts outside the type bounds and fractions', () => {
      refuses([], requestCommand('OVO', { amount: 0 }), 'API_VALIDATION_ERROR');
      refuses([], requestCommand('OVO', { amount: 10_000_001 }), 'API_VALIDATION_ERROR');
      refuses([], requestCommand('LINKAJA', { amount: 99 }), 'API_VALIDATION_ERROR');
      refuses([], requestCommand('DANA', { amount: 10.5 }), 'API_VALIDATION_ERROR');
      spec
        .given([])
        .when(requestCommand('LINKAJA', { amount: 100 }))
        .then([requested('LINKAJA', { amount: 100 })]);
    });

    it('refuses an expiration date that is not in the future', () => {
      refuses([], requestCommand('DANA', { expiresAt: requestedAt.toISOString() }), 'API_VALIDATION_ERROR');
    });
  });

  describe('PENDING --payer pays--> COMPLETED', () => {
    it.each(['OVO', 'DANA', 'LINKAJA'] as const)(
      '%s: completes and appends the ledger contract money in, fee included',
      (type) => {
        spec
          .given([requested(type)])
          .when(complete())
          .then([
            completed(type),
            moneyInReceived(
              { movementId: 'ewallet_1', source: { context: 'ewallets', resourceId: 'ewallet_1' }, channel: type },
              { grossAmount: 25_000, fee: 725, feeTax: 80 },
              later.toISOString(),
            ),
          ]);
      },
    );

    it('a payment whose money another context records (an invoice) completes without MoneyInReceived', () => {
      const claimed = { moneyRecordedBy: { context: 'invoices', resourceId: 'inv_1' } };
      spec
        .given([requested('DANA', claimed)])
        .when(complete())
        .then([
          {
            type: 'EwalletPaymentCompleted',
            data: { payment: snapshot('DANA', claimed), completedAt: later.toISOString() },
          },
        ]);
    });

    it('a checkout cannot be paid at or after its expiry', () => {
      refuses([requested('DANA')], complete(afterExpiry), 'EWALLET_PAYMENT_EXPIRED_ERROR');
    });
  });

  describe('PENDING --refused--> FAILED', () => {
    it('OVO fails with the failure code', () => {
      spec
        .given([requested('OVO')])
        .when(fail('USER_DECLINED_THE_TRANSACTION'))
        .then([failed('OVO', 'USER_DECLINED_THE_TRANSACTION')]);
      spec
        .given([requested('OVO')])
        .when(fail('ACCOUNT_BLOCKED_ERROR'))
        .thenState({
          status: 'FAILED',
          payment: snapshot('OVO'),
          failureCode: 'ACCOUNT_BLOCKED_ERROR',
          decidedAt: later.toISOString(),
        });
    });

    it('LINKAJA fails when the payer cancels', () => {
      spec
        .given([requested('LINKAJA')])
        .when(fail('USER_DECLINED_THE_TRANSACTION'))
        .then([failed('LINKAJA', 'USER_DECLINED_THE_TRANSACTION')]);
    });

    it('DANA cannot fail (only PAID or EXPIRED)', () => {
      refuses([requested('DANA')], fail('USER_DECLINED_THE_TRANSACTION'), 'INVALID_EWALLET_PAYMENT_STATUS_ERROR');
    });
  });

  describe('PENDING --checkout time runs out--> EXPIRED', () => {
    it.each(['DANA', 'LINKAJA'] as const)('%s expires at its expiry time', (type) => {
      spec
        .given([requested(type)])
        .when(expire())
        .then([expired(type)]);
    });

    it('not before its expiry time', () => {
      refuses([requested('DANA')], expire(later), 'EWALLET_PAYMENT_NOT_EXPIRED_ERROR');
    });

    it('OVO has no checkout to expire', () => {
      refuses([requested('OVO')], expire(), 'INVALID_EWALLET_PAYMENT_STATUS_ERROR');
    });
  });

  describe('illegal transitions', () => {
    it('nothing happens to a payment that was never requested', () => {
      spec.given([]).when(complete()).thenThrows('PAYMENT_NOT_FOUND_ERROR');
      spec.given([]).when(fail('USER_DECLINED_THE_TRANSACTION')).thenThrows('PAYMENT_NOT_FOUND_ERROR');
      spec.given([]).when(expire()).thenThrows('PAYMENT_NOT_FOUND_ERROR');
    });

    const finals = [
      ['COMPLETED', [requested('LINKAJA'), completed('LINKAJA')]],
      ['FAILED', [requested('LINKAJA'), failed('LINKAJA', 'USER_DECLINED_THE_TRANSACTION')]],
      ['EXPIRED', [requested('LINKAJA'), expired('LINKAJA')]],
    ] as const;
    it.each(finals)('%s is final: no completion, failure or expiry', (_status, history) => {
      refuses([...history], complete(), 'INVALID_EWALLET_PAYMENT_STATUS_ERROR');
      refuses([...history], fail('USER_DECLINED_THE_TRANSACTION'), 'INVALID_EWALLET_PAYMENT_STATUS_ERROR');
      refuses([...history], expire(), 'INVALID_EWALLET_PAYMENT_STATUS_ERROR');
    });

    it('OVO completed or failed is final too', () => {
      refuses(
        [requested('OVO'), completed('OVO')],
        fail('USER_DECLINED_THE_TRANSACTION'),
        'INVALID_EWALLET_PAYMENT_STATUS_ERROR',
      );
      refuses(
        [requested('OVO'), failed('OVO', 'WALLETA_TIMEOUT_ERROR')],
        complete(),
        'INVALID_EWALLET_PAYMENT_STATUS_ERROR',
      );
    });
  });
});
