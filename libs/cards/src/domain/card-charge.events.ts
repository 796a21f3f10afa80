import { declareEventSchemas } from '@gateway/domain';
import type { DomainEvent, MoneyInReceived, MoneyInRefunded, MoneyRecorder } from '@gateway/domain';
import type { CardBrand } from './card-number';
import type { ChargeFailureReason } from './card-network-simulator';
import type { Eci } from './eci';

export type ChargeType = 'SINGLE_USE_TOKEN' | 'MULTIPLE_USE_TOKEN' | 'RECURRING';
/**
 * The spec's CAPTURED, AUTHORIZED, FAILED; REVERSED and EXPIRED end an authorization that was never captured (gap
 * decisions).
 */
export type ChargeStatus = 'CAPTURED' | 'AUTHORIZED' | 'FAILED' | 'REVERSED' | 'EXPIRED';

export interface CardChargeSnapshot {
  chargeId: string;
  businessId: string;
  mode: 'test' | 'live';
  tokenId: string;
  authenticationId?: string;
  externalId: string;
  /** The spec's `authorized_amount`. */
  amount: number;
  currency: string;
  maskedCardNumber: string;
  cardBrand: CardBrand;
  cardType: 'CREDIT' | 'DEBIT';
  chargeType: ChargeType;
  eci: Eci;
  merchantReferenceCode: string;
  bankReconciliationId: string;
  createdAt: string;
  /**
   * Set when another context records this charge's money (an invoice paid by card records its own
   * `MoneyInReceived` under the invoice's movement): the charge then appends none, so the money
   * is counted once. Refunds still append `MoneyInRefunded` from the charge.
   */
  moneyRecordedBy?: MoneyRecorder;
}

export type RefundStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';
export type RefundFailureReason = 'INSUFFICIENT_BALANCE' | 'REFUND_FAILED';

/** Everything a refund is, as the API and the `credit_card_refund` callback show it. */
export interface CardRefundSnapshot {
  refundId: string;
  chargeId: string;
  businessId: string;
  mode: 'test' | 'live';
  externalId: string;
  amount: number;
  currency: string;
  feeRefundAmount: number;
  createdAt: string;
}

/** The ledger contract's money-in events (docs/ledger.md §1), from the shared kernel. */
export type CardMoneyInReceived = MoneyInReceived;
export type CardMoneyInRefunded = MoneyInRefunded;

export type CardChargeCreated = DomainEvent<
  'CardChargeCreated',
  CardChargeSnapshot & {
    status: 'CAPTURED' | 'AUTHORIZED' | 'FAILED';
    captureAmount?: number;
    failureReason?: ChargeFailureReason;
  }
>;
export type CardChargeCaptured = DomainEvent<
  'CardChargeCaptured',
  { chargeId: string; captureAmount: number; capturedAt: string }
>;
export type CardAuthorizationReversed = DomainEvent<
  'CardAuthorizationReversed',
  { chargeId: string; reversalId: string; externalId: string; amount: number; currency: string; reversedAt: string }
>;
export type CardAuthorizationExpired = DomainEvent<'CardAuthorizationExpired', { chargeId: string; expiredAt: string }>;
export type CardRefundRequested = DomainEvent<'CardRefundRequested', CardRefundSnapshot & { status: 'PENDING' }>;
/** The two events that END a refund carry the whole refund, so the callback renders from the event alone. */
export type CardRefundSucceeded = DomainEvent<
  'CardRefundSucceeded',
  CardRefundSnapshot & { status: 'SUCCEEDED'; updatedAt: string }
>;
export type CardRefundFailed = DomainEvent<
  'CardRefundFailed',
  CardRefundSnapshot & { status: 'FAILED'; failureReason: RefundFailureReason; updatedAt: string }
>;

export type CardChargeEvent =
  | CardChargeCreated
  | CardChargeCaptured
  | CardAuthorizationReversed
  | CardAuthorizationExpired
  | CardRefundRequested
  | CardRefundSucceeded
  | CardRefundFailed
  | CardMoneyInReceived
  | CardMoneyInRefunded;

export const CARD_REFUND_FINAL_EVENT_TYPES: readonly CardChargeEvent['type'][] = [
  'CardRefundSucceeded',
  'CardRefundFailed',
];

export const cardChargeStream = (chargeId: string) => `cardcharge-${chargeId}`;
/** Ledger channel of card money (fee rule and settlement delay). */
export const CARD_CHANNEL = 'CREDIT_CARD';
export const CARD_CURRENCY = 'IDR';
/** Spec: an authorization expires after 7 days. */
export const AUTHORIZATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The card charge's own events: the money-in ones are the ledger contract's (libs/domain). */
type CardChargeOwnEvent = Exclude<CardChargeEvent, CardMoneyInReceived | CardMoneyInRefunded>;

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
export const CARD_CHARGE_EVENT_SCHEMAS = declareEventSchemas<CardChargeOwnEvent>('cards', {
  CardChargeCreated: 1,
  CardChargeCaptured: 1,
  CardAuthorizationReversed: 1,
  CardAuthorizationExpired: 1,
  CardRefundRequested: 1,
  CardRefundSucceeded: 1,
  CardRefundFailed: 1,
});

export const CARD_CHARGE_EVENT_TYPES: readonly CardChargeEvent['type'][] = CARD_CHARGE_EVENT_SCHEMAS.types;
