import { declareEventSchemas, upcaster } from '@gateway/domain';
import type { DomainEvent, MoneyRecorder } from '@gateway/domain';
import type { EwalletType } from './ewallet-types';

export type Mode = 'test' | 'live';

export interface EwalletItem {
  id: string;
  name: string;
  price: number;
  quantity: number;
}

/** Everything the request fixed; terminal events carry it whole so callbacks render from one event. */
export interface EwalletPaymentSnapshot {
  paymentId: string;
  businessId: string;
  mode: Mode;
  ewalletType: EwalletType;
  externalId: string;
  amount: number;
  currency: string;
  /** OVO and LINKAJA. */
  phone?: string;
  /** DANA and LINKAJA: where the callback goes, and where the payer returns. */
  callbackUrl?: string;
  redirectUrl?: string;
  /** LINKAJA. */
  items?: EwalletItem[];
  /** DANA and LINKAJA: after it, the checkout page refuses to pay and the payment expires. */
  expiresAt?: string;
  /** DANA and LINKAJA: the unguessable id in `checkout_url`. */
  checkoutToken?: string;
  /** The dated version the request was made with (decides OVO's synchronous answer and callback). */
  apiVersion: string;
  /**
   * Another context records the money and tells the merchant (an invoice paid from its hosted
   * page): completion appends no `MoneyInReceived` and no eWallet callback is sent.
   */
  moneyRecordedBy?: MoneyRecorder;
  requestedAt: string;
}

export type EwalletPaymentRequested = DomainEvent<'EwalletPaymentRequested', EwalletPaymentSnapshot>;
export type EwalletPaymentCompleted = DomainEvent<
  'EwalletPaymentCompleted',
  { payment: EwalletPaymentSnapshot; completedAt: string }
>;
export type EwalletPaymentFailed = DomainEvent<
  'EwalletPaymentFailed',
  { payment: EwalletPaymentSnapshot; failureCode: string; failedAt: string }
>;
export type EwalletPaymentExpired = DomainEvent<
  'EwalletPaymentExpired',
  { payment: EwalletPaymentSnapshot; expiredAt: string }
>;

export type EwalletPaymentEvent =
  EwalletPaymentRequested | EwalletPaymentCompleted | EwalletPaymentFailed | EwalletPaymentExpired;

/** The events that end a payment (callbacks are sent for these). */
export const EWALLET_PAYMENT_FINAL_EVENT_TYPES: readonly EwalletPaymentEvent['type'][] = [
  'EwalletPaymentCompleted',
  'EwalletPaymentFailed',
  'EwalletPaymentExpired',
];

/**
 * A payment's stream is named after a digest of (business, mode, type, external id): appending
 * its first event with `no_stream` IS the reservation of the external id (design §4), so two
 * parallel requests with one external id cannot both succeed, and nothing is ever half-made.
 */
export const ewalletPaymentStream = (keyDigest: string) => `ewallet-${keyDigest}`;

/**
 * Version 2 (2026-11-29): the connection timeout of wallet A is the spec's `WALLETA_TIMEOUT_ERROR`
 * (docs/decisions.md, "eWallets"); version 1 wrote the real provider's name, `OVO_TIMEOUT_ERROR`.
 */
const failedWithTheSpecsTimeoutCode = upcaster<EwalletPaymentFailed['data'], EwalletPaymentFailed['data']>(
  'EwalletPaymentFailed',
  1,
  (data) => (data.failureCode === 'OVO_TIMEOUT_ERROR' ? { ...data, failureCode: 'WALLETA_TIMEOUT_ERROR' } : data),
);

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
export const EWALLET_PAYMENT_EVENT_SCHEMAS = declareEventSchemas<EwalletPaymentEvent>(
  'ewallets',
  {
    EwalletPaymentRequested: 1,
    EwalletPaymentCompleted: 1,
    EwalletPaymentFailed: 2,
    EwalletPaymentExpired: 1,
  },
  [failedWithTheSpecsTimeoutCode],
);

export const EWALLET_PAYMENT_EVENT_TYPES = EWALLET_PAYMENT_EVENT_SCHEMAS.types;
