import { deciderSpec, moneyInReceived } from '@gateway/testing';
import { cardChargeDecider, type CardChargeCommand } from './card-charge.decider';
import type {
  CardChargeEvent,
  CardChargeSnapshot,
  CardRefundSnapshot,
  RefundFailureReason,
} from './card-charge.events';
import { chargeOrder } from './card-charge.fixtures';

const now = new Date('2030-01-01T00:00:00.000Z');
const at = now.toISOString();
const order = chargeOrder(at);
const snapshot: CardChargeSnapshot = { ...order.snapshot, eci: '05' };
const create = (
  overrides: Partial<Extract<CardChargeCommand, { type: 'CreateCharge' }>> = {},
  amount = 100_000,
): CardChargeCommand => ({ type: 'CreateCharge', ...order, snapshot: { ...snapshot, amount }, now, ...overrides });
const charge = { movementId: 'chg', source: { context: 'cards', resourceId: 'chg' }, channel: 'CREDIT_CARD' };
const received = (grossAmount: number, fee: number, feeTax: number): CardChargeEvent =>
  moneyInReceived(charge, { grossAmount, fee, feeTax }, at);
const captured: CardChargeEvent[] = [
  { type: 'CardChargeCreated', data: { ...snapshot, status: 'CAPTURED', captureAmount: 100_000 } },
  received(100_000, 2900, 319),
];
const authorized: CardChargeEvent[] = [{ type: 'CardChargeCreated', data: { ...snapshot, status: 'AUTHORIZED' } }];
const reversed: CardChargeEvent = {
  type: 'CardAuthorizationReversed',
  data: { chargeId: 'chg', reversalId: 'rv', externalId: 'x', amount: 100_000, currency: 'IDR', reversedAt: at },
};
const expired: CardChargeEvent = { type: 'CardAuthorizationExpired', data: { chargeId: 'chg', expiredAt: at } };
const refund = (
  id: string,
  amount: number,
  externalId = `r-${id}`,
  fee = Math.floor((3219 * amount) / 100_000),
): CardRefundSnapshot => ({
  refundId: id,
  chargeId: 'chg',
  businessId: 'biz',
  mode: 'test',
  externalId,
  amount,
  currency: 'IDR',
  feeRefundAmount: fee,
  createdAt: at,
});
const requested = (id: string, amount: number, externalId?: string): CardChargeEvent => ({
  type: 'CardRefundRequested',
  data: { ...refund(id, amount, externalId), status: 'PENDING' },
});
const succeeded = (id: string, amount: number): CardChargeEvent => ({
  type: 'CardRefundSucceeded',
  data: { ...refund(id, amount), status: 'SUCCEEDED', updatedAt: at },
});
const refundFailed = (id: string, amount: number, failureReason: RefundFailureReason): CardChargeEvent => ({
  type: 'CardRefundFailed',
  data: { ...refund(id, amount), status: 'FAILED', failureReason, updatedAt: at },
});
/** The refund's outcome: a success, or a failure for `failureReason`. */
const finishRefund = (id: string, failureReason?: RefundFailureReason): CardChargeCommand => ({
  type: 'FinishRefund',
  refundId: id,
  ...(failureReason && { failureReason }),
  now,
});
const askRefund = (id: string, amount: number, externalId = `r-${id}`): CardChargeCommand => ({
  type: 'RequestRefund',
  refundId: id,
  externalId,
  amount,
  now,
});

describe('card charge decider (spec: charge and refund states)', () => {
  const spec = deciderSpec(cardChargeDecider);

  it('(new) → CAPTURED with the money-in fact in the same decision', () =>
    spec.given([]).when(create()).then(captured));
  describe('a charge whose money another context records (an invoice paid by card)', () => {
    const recordedBy = { ...snapshot, moneyRecordedBy: { context: 'invoices', resourceId: 'inv' } };
    it('(new) → CAPTURED without MoneyInReceived', () =>
      spec
        .given([])
        .when(create({ snapshot: recordedBy }))
        .then([{ type: 'CardChargeCreated', data: { ...recordedBy, status: 'CAPTURED', captureAmount: 100_000 } }]));
    it('AUTHORIZED → CAPTURED without MoneyInReceived', () =>
      spec
        .given([{ type: 'CardChargeCreated', data: { ...recordedBy, status: 'AUTHORIZED' } }])
        .when({ type: 'CaptureCharge', amount: 100_000, fee: 2900, feeTax: 319, now })
        .then([{ type: 'CardChargeCaptured', data: { chargeId: 'chg', captureAmount: 100_000, capturedAt: at } }]));
  });
  it('(new) → AUTHORIZED with capture false (no money yet)', () =>
    spec
      .given([])
      .when(create({ capture: false }))
      .then(authorized));
  it.each([
    [5001, 'EXPIRED_CARD'],
    [5002, 'CARD_DECLINED'],
    [5003, 'PROCESSOR_ERROR'],
    [5004, 'INSUFFICIENT_BALANCE'],
    [5005, 'STOLEN_CARD'],
    [5006, 'INACTIVE_CARD'],
  ])('(new) → FAILED for magic amount %i (%s)', (amount, reason) =>
    spec
      .given([])
      .when(create({}, amount))
      .then([
        { type: 'CardChargeCreated', data: { ...snapshot, amount, status: 'FAILED', failureReason: reason as never } },
      ]),
  );
  it('(new) → FAILED EXPIRED_CARD for an expired card', () =>
    spec
      .given([])
      .when(create({ expMonth: 12, expYear: 2029 }))
      .then([{ type: 'CardChargeCreated', data: { ...snapshot, status: 'FAILED', failureReason: 'EXPIRED_CARD' } }]));
  it('fraud detection blocks 10099 and allows 10077', () => {
    spec
      .given([])
      .when(create({ fraudDetection: true }, 10099))
      .then([
        {
          type: 'CardChargeCreated',
          data: { ...snapshot, amount: 10099, status: 'FAILED', failureReason: 'CARD_DECLINED' },
        },
      ]);
    spec
      .given([])
      .when(create({ fraudDetection: true, capture: false }, 10077))
      .then([{ type: 'CardChargeCreated', data: { ...snapshot, amount: 10077, status: 'AUTHORIZED' } }]);
  });

  it('AUTHORIZED → CAPTURED by a capture not above the authorized amount', () =>
    spec
      .given(authorized)
      .when({ type: 'CaptureCharge', amount: 60_000, fee: 1740, feeTax: 191, now })
      .then([
        { type: 'CardChargeCaptured', data: { chargeId: 'chg', captureAmount: 60_000, capturedAt: at } },
        received(60_000, 1740, 191),
      ]));
  it('illegal: capture above the authorized amount', () =>
    spec
      .given(authorized)
      .when({ type: 'CaptureCharge', amount: 100_001, fee: 0, feeTax: 0, now })
      .thenThrows('AMOUNT_GREATER_THAN_AUTHORIZED_ERROR'));
  it.each([
    ['CAPTURED', captured],
    [
      'FAILED',
      [
        { type: 'CardChargeCreated', data: { ...snapshot, status: 'FAILED', failureReason: 'CARD_DECLINED' } },
      ] as CardChargeEvent[],
    ],
    ['REVERSED', [...authorized, reversed] as CardChargeEvent[]],
    ['EXPIRED', [...authorized, expired] as CardChargeEvent[]],
  ])('illegal: capturing or reversing a %s charge', (_status, history) => {
    spec
      .given(history)
      .when({ type: 'CaptureCharge', amount: 1, fee: 0, feeTax: 0, now })
      .thenThrows('INVALID_CHARGE_STATUS_ERROR');
    spec
      .given(history)
      .when({ type: 'ReverseAuthorization', reversalId: 'rv', externalId: 'x', now })
      .thenThrows('INVALID_CHARGE_STATUS_ERROR');
  });
  it('illegal: anything on a charge that does not exist', () => {
    spec
      .given([])
      .when({ type: 'CaptureCharge', amount: 1, fee: 0, feeTax: 0, now })
      .thenThrows('CREDIT_CARD_CHARGE_NOT_FOUND_ERROR');
    spec.given([]).when(askRefund('r1', 1)).thenThrows('CREDIT_CARD_CHARGE_NOT_FOUND_ERROR');
  });
  it('AUTHORIZED → REVERSED', () =>
    spec
      .given(authorized)
      .when({ type: 'ReverseAuthorization', reversalId: 'rv', externalId: 'x', now })
      .then([reversed]));
  it('AUTHORIZED → EXPIRED after 7 days; the timer does nothing once captured', () => {
    spec.given(authorized).when({ type: 'ExpireAuthorization', now }).then([expired]);
    spec.given(captured).when({ type: 'ExpireAuthorization', now }).then([]);
  });

  describe('refunds', () => {
    it('(new) → PENDING, with the proportional fee refund', () =>
      spec
        .given(captured)
        .when(askRefund('r1', 10_000))
        .then([requested('r1', 10_000)]));
    it('several refunds while their total stays within the captured amount', () =>
      spec
        .given([...captured, requested('r1', 60_000)])
        .when(askRefund('r2', 40_000))
        .then([requested('r2', 40_000)]));
    it('REFUND_AMOUNT_EXCEEDED_ERROR beyond the captured amount (pending refunds count)', () =>
      spec
        .given([...captured, requested('r1', 60_000)])
        .when(askRefund('r2', 40_001))
        .thenThrows('REFUND_AMOUNT_EXCEEDED_ERROR'));
    it('a failed refund frees its amount', () =>
      spec
        .given([...captured, requested('r1', 100_000), refundFailed('r1', 100_000, 'REFUND_FAILED')])
        .when(askRefund('r2', 100_000))
        .then([requested('r2', 100_000)]));
    it('DUPLICATE_REFUND_ERROR for an external_id already used on the charge', () =>
      spec
        .given([...captured, requested('r1', 1000, 'same')])
        .when(askRefund('r2', 1000, 'same'))
        .thenThrows('DUPLICATE_REFUND_ERROR'));
    it('illegal: refunding a charge that is not CAPTURED', () =>
      spec.given(authorized).when(askRefund('r1', 1)).thenThrows('INVALID_CHARGE_STATUS_ERROR'));
    it('PENDING → SUCCEEDED; the money left through the balance aggregate, so no MoneyInRefunded', () =>
      spec
        .given([...captured, requested('r1', 10_000)])
        .when(finishRefund('r1'))
        .then([succeeded('r1', 10_000)]));
    it('an old log with MoneyInRefunded after the success still replays', () =>
      spec
        .given([
          ...captured,
          requested('r1', 10_000),
          succeeded('r1', 10_000),
          {
            type: 'MoneyInRefunded',
            data: { movementId: 'chg', refundId: 'r1', currency: 'IDR', amount: 10_000, refundedAt: at },
          },
        ])
        .when(askRefund('r2', 90_000))
        .then([requested('r2', 90_000)]));
    it(
      'the same request again (same refund id, external id and amount) appends nothing; ' +
        'another under that id is refused',
      () => {
        spec
          .given([...captured, requested('r1', 10_000)])
          .when(askRefund('r1', 10_000))
          .then([]);
        spec
          .given([...captured, requested('r1', 10_000)])
          .when(askRefund('r1', 20_000))
          .thenThrows('VALIDATION_ERROR');
      },
    );
    it.each(['INSUFFICIENT_BALANCE', 'REFUND_FAILED'] as const)('PENDING → FAILED (%s)', (reason) =>
      spec
        .given([...captured, requested('r1', 10_000)])
        .when(finishRefund('r1', reason))
        .then([refundFailed('r1', 10_000, reason)]),
    );
    it('illegal: finishing a refund twice', () =>
      spec
        .given([...captured, requested('r1', 10_000), succeeded('r1', 10_000)])
        .when(finishRefund('r1'))
        .thenThrows('INVALID_REFUND_STATUS_ERROR'));
  });
});
