import { declareEventSchemas } from '@gateway/domain';
import {
  type InstrumentEventOf,
  instrumentEventNames,
  instrumentEventTypes,
  instrumentEventVersions,
} from '@gateway/fixed-instruments/domain';

export type Mode = 'test' | 'live';

/** The spec names no states; ours: ACTIVE (payable) and INACTIVE (expired, or a single-use code that was paid). */
export type PaymentCodeStatus = 'ACTIVE' | 'INACTIVE';

export type PaymentCodeOrigin = { kind: 'fixed' } | { kind: 'invoice'; invoiceId: string };

export interface PaymentCodeSnapshot {
  fpcId: string;
  businessId: string;
  mode: Mode;
  externalId: string;
  retailOutletName: string;
  prefix: string;
  /** Prefix included: what the payer tells the cashier. */
  paymentCode: string;
  name: string;
  currency: 'IDR';
  expectedAmount?: number;
  isSingleUse: boolean;
  status: PaymentCodeStatus;
  expirationDate: string;
  origin: PaymentCodeOrigin;
  createdAt: string;
  updatedAt: string;
}

export interface PaymentCodePayment {
  /** `fixed_payment_code_payment_id`. */
  id: string;
  paymentId: string;
  fpcId: string;
  amount: number;
  currency: 'IDR';
  transactionTimestamp: string;
}

export interface PaymentCodeChanges {
  name?: string;
  expectedAmount?: number;
  expirationDate?: string;
}

/**
 * The stored event types (the kernel's shapes under this context's names): created, updated,
 * expired, paid, deactivated (a single-use code after its payment). Every event carries the
 * whole code, so the read model and callbacks need no fold.
 */
export const PAYMENT_CODE_EVENT_NAMES = instrumentEventNames('FixedPaymentCode');
export type PaymentCodeEvent = InstrumentEventOf<
  PaymentCodeSnapshot,
  PaymentCodeChanges,
  PaymentCodePayment,
  typeof PAYMENT_CODE_EVENT_NAMES
>;
export type FixedPaymentCodePaid = Extract<PaymentCodeEvent, { type: 'FixedPaymentCodePaid' }>;

export const PAYMENT_CODE_EVENT_TYPES: readonly PaymentCodeEvent['type'][] =
  instrumentEventTypes(PAYMENT_CODE_EVENT_NAMES);

export const paymentCodeStream = (fpcId: string) => `fpc-${fpcId}`;

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
// The shapes are the fixed instruments kernel's: so are their versions (INSTRUMENT_EVENT_VERSIONS, by verb).
export const PAYMENT_CODE_EVENT_SCHEMAS = declareEventSchemas<PaymentCodeEvent>(
  'payment-codes',
  instrumentEventVersions(PAYMENT_CODE_EVENT_NAMES),
);
