import { assertNever, type Decider, Money } from '@gateway/domain';
import type { CardChargeOrder } from './card-charge-order';
import { isExpired } from './card-number';
import { type ChargeFailureReason, simulatedChargeFailure } from './card-network-simulator';
import {
  CARD_CHANNEL,
  type CardChargeEvent,
  type CardChargeSnapshot,
  type CardMoneyInReceived,
  type CardRefundSnapshot,
  type ChargeStatus,
  type RefundFailureReason,
  type RefundStatus,
} from './card-charge.events';
import { CardErrors } from './cards.errors';

export type CardChargeCommand =
  // The order recorded with the token's use (its fee used when captured at once), the snapshot complete.
  | ({ type: 'CreateCharge'; snapshot: CardChargeSnapshot; now: Date } & Omit<CardChargeOrder, 'snapshot'>)
  | { type: 'CaptureCharge'; amount: number; fee: number; feeTax: number; now: Date }
  | { type: 'ReverseAuthorization'; reversalId: string; externalId: string; now: Date }
  | { type: 'ExpireAuthorization'; now: Date }
  | { type: 'RequestRefund'; refundId: string; externalId: string; amount: number; now: Date }
  | { type: 'FinishRefund'; refundId: string; failureReason?: RefundFailureReason; now: Date };

export interface RefundState {
  snapshot: CardRefundSnapshot;
  status: RefundStatus;
  failureReason?: RefundFailureReason;
  updatedAt: string;
}

export type CardChargeState =
  | { status: 'none' }
  | {
      status: ChargeStatus;
      snapshot: CardChargeSnapshot;
      captureAmount?: number;
      failureReason?: ChargeFailureReason;
      /** What the merchant paid for the captured money (fee + VAT on it): refunds show their share. */
      feePaid: number;
      refunds: Record<string, RefundState>;
    };

type ExistingCharge = Exclude<CardChargeState, { status: 'none' }>;

/**
 * A card charge (spec "States and transitions", charge and refund rows): (new) → CAPTURED |
 * AUTHORIZED | FAILED; AUTHORIZED → CAPTURED by a capture not above the authorized amount, or
 * REVERSED (auth reversal), or EXPIRED after 7 days. Refunds live in the charge's stream so their
 * total is checked against the captured amount under the stream's expected revision: two
 * concurrent refunds cannot both take the last of it.
 */
export const cardChargeDecider: Decider<CardChargeCommand, CardChargeState, CardChargeEvent> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateCharge': {
        if (state.status !== 'none') throw CardErrors.validation('This charge already exists');
        const { snapshot } = command;
        if (!Number.isSafeInteger(snapshot.amount) || snapshot.amount <= 0) throw CardErrors.invalidAmount();
        const failure: ChargeFailureReason | undefined = isExpired(command.expMonth, command.expYear, command.now)
          ? 'EXPIRED_CARD'
          : simulatedChargeFailure(snapshot.amount, command.fraudDetection);
        if (failure)
          return [{ type: 'CardChargeCreated', data: { ...snapshot, status: 'FAILED', failureReason: failure } }];
        if (!command.capture) return [{ type: 'CardChargeCreated', data: { ...snapshot, status: 'AUTHORIZED' } }];
        return [
          { type: 'CardChargeCreated', data: { ...snapshot, status: 'CAPTURED', captureAmount: snapshot.amount } },
          ...moneyInReceived(snapshot, snapshot.amount, command.fee, command.feeTax, snapshot.createdAt),
        ];
      }
      case 'CaptureCharge': {
        const charge = existing(state);
        if (charge.status !== 'AUTHORIZED') throw CardErrors.invalidChargeStatus(charge.status, 'AUTHORIZED');
        if (!Number.isSafeInteger(command.amount) || command.amount <= 0) throw CardErrors.invalidAmount();
        if (command.amount > charge.snapshot.amount)
          throw CardErrors.amountGreaterThanAuthorized(charge.snapshot.amount);
        const at = command.now.toISOString();
        return [
          {
            type: 'CardChargeCaptured',
            data: { chargeId: charge.snapshot.chargeId, captureAmount: command.amount, capturedAt: at },
          },
          ...moneyInReceived(charge.snapshot, command.amount, command.fee, command.feeTax, at),
        ];
      }
      case 'ReverseAuthorization': {
        const charge = existing(state);
        if (charge.status !== 'AUTHORIZED') throw CardErrors.invalidChargeStatus(charge.status, 'AUTHORIZED');
        return [
          {
            type: 'CardAuthorizationReversed',
            data: {
              chargeId: charge.snapshot.chargeId,
              reversalId: command.reversalId,
              externalId: command.externalId,
              amount: charge.snapshot.amount,
              currency: charge.snapshot.currency,
              reversedAt: command.now.toISOString(),
            },
          },
        ];
      }
      case 'ExpireAuthorization': {
        // A timer: anything but a still-open authorization means there is nothing left to expire.
        if (state.status !== 'AUTHORIZED') return [];
        return [
          {
            type: 'CardAuthorizationExpired',
            data: { chargeId: state.snapshot.chargeId, expiredAt: command.now.toISOString() },
          },
        ];
      }
      case 'RequestRefund': {
        const charge = existing(state);
        // The same request executed again (its refund id derived from the same idempotency key):
        // the refund it made is the answer, nothing new is appended.
        const made = charge.refunds[command.refundId];
        if (made && made.snapshot.externalId === command.externalId && made.snapshot.amount === command.amount)
          return [];
        if (made) throw CardErrors.validation('A refund with this id already exists for this charge');
        if (charge.status !== 'CAPTURED') throw CardErrors.invalidChargeStatus(charge.status, 'CAPTURED');
        if (!Number.isSafeInteger(command.amount) || command.amount <= 0) throw CardErrors.invalidAmount();
        if (Object.values(charge.refunds).some((refund) => refund.snapshot.externalId === command.externalId))
          throw CardErrors.duplicateRefund();
        const refundable = refundableOf(charge);
        if (command.amount > refundable) throw CardErrors.refundAmountExceeded(refundable);
        const captured = charge.captureAmount ?? 0;
        const snapshot: CardRefundSnapshot = {
          refundId: command.refundId,
          chargeId: charge.snapshot.chargeId,
          businessId: charge.snapshot.businessId,
          mode: charge.snapshot.mode,
          externalId: command.externalId,
          amount: command.amount,
          currency: charge.snapshot.currency,
          // Proportional share of what the capture cost, rounded down: partial refunds never return more fee than was
          // paid.
          feeRefundAmount:
            captured > 0
              ? Money.of(charge.feePaid, charge.snapshot.currency).share(command.amount, captured, 'down').toNumber()
              : 0,
          createdAt: command.now.toISOString(),
        };
        return [{ type: 'CardRefundRequested', data: { ...snapshot, status: 'PENDING' } }];
      }
      case 'FinishRefund': {
        const charge = existing(state);
        const refund = charge.refunds[command.refundId];
        if (!refund) throw CardErrors.validation('No refund of this charge has that id');
        if (refund.status !== 'PENDING') throw CardErrors.refundNotPending();
        const at = command.now.toISOString();
        if (command.failureReason) {
          return [
            {
              type: 'CardRefundFailed',
              data: { ...refund.snapshot, status: 'FAILED', failureReason: command.failureReason, updatedAt: at },
            },
          ];
        }
        // The money left CASH through the ledger's balance aggregate (reserved, then completed to
        // the payer), not here: new refunds append no MoneyInRefunded (docs/ledger.md, "Refunds").
        return [{ type: 'CardRefundSucceeded', data: { ...refund.snapshot, status: 'SUCCEEDED', updatedAt: at } }];
      }
      default:
        return assertNever(command, 'card charge command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CardChargeCreated': {
        const { status, captureAmount, failureReason, ...snapshot } = event.data;
        return {
          status,
          snapshot,
          ...(captureAmount !== undefined && { captureAmount }),
          ...(failureReason && { failureReason }),
          feePaid: 0,
          refunds: {},
        };
      }
      case 'CardChargeCaptured':
        return state.status === 'none'
          ? state
          : { ...state, status: 'CAPTURED', captureAmount: event.data.captureAmount };
      case 'CardAuthorizationReversed':
        return state.status === 'none' ? state : { ...state, status: 'REVERSED' };
      case 'CardAuthorizationExpired':
        return state.status === 'none' ? state : { ...state, status: 'EXPIRED' };
      case 'MoneyInReceived':
        return state.status === 'none'
          ? state
          : { ...state, feePaid: state.feePaid + event.data.fee + event.data.feeTax };
      case 'CardRefundRequested': {
        if (state.status === 'none') return state;
        const { status: _pending, ...snapshot } = event.data;
        return {
          ...state,
          refunds: {
            ...state.refunds,
            [snapshot.refundId]: { snapshot, status: 'PENDING', updatedAt: snapshot.createdAt },
          },
        };
      }
      case 'CardRefundSucceeded':
      case 'CardRefundFailed': {
        if (state.status === 'none') return state;
        const refund = state.refunds[event.data.refundId];
        if (!refund) return state;
        const ended: RefundState = {
          ...refund,
          status: event.data.status,
          updatedAt: event.data.updatedAt,
          ...(event.type === 'CardRefundFailed' && { failureReason: event.data.failureReason }),
        };
        return { ...state, refunds: { ...state.refunds, [refund.snapshot.refundId]: ended } };
      }
      case 'MoneyInRefunded':
        // Old logs: a refund's money fact, appended with CardRefundSucceeded before refunds reserved.
        return state;
      default:
        return assertNever(event, 'card charge event');
    }
  },
};

function existing(state: CardChargeState): ExistingCharge {
  if (state.status === 'none') throw CardErrors.chargeNotFound();
  return state;
}

/** Captured minus every refund not failed (pending ones hold their amount). */
export function refundableOf(charge: ExistingCharge): number {
  const held = Object.values(charge.refunds)
    .filter((refund) => refund.status !== 'FAILED')
    .reduce((total, refund) => total + refund.snapshot.amount, 0);
  return (charge.captureAmount ?? 0) - held;
}

/** The capture's money-in fact, unless another context records this charge's money (then none). */
function moneyInReceived(
  snapshot: CardChargeSnapshot,
  gross: number,
  fee: number,
  feeTax: number,
  at: string,
): CardMoneyInReceived[] {
  if (snapshot.moneyRecordedBy) return [];
  return [
    {
      type: 'MoneyInReceived',
      data: {
        movementId: snapshot.chargeId,
        source: { context: 'cards', resourceId: snapshot.chargeId },
        channel: CARD_CHANNEL,
        currency: snapshot.currency,
        grossAmount: gross,
        fee,
        feeTax,
        settledBySource: false,
        receivedAt: at,
      },
    },
  ];
}
