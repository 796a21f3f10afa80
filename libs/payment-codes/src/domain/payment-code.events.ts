import { declareEventSchemas } from '@gateway/domain';
import { instrumentEventNames, instrumentEventTypes, instrumentEventVersions } from '@gateway/fixed-instruments/domain';
import type { InstrumentEventOf, InstrumentLifecycle, InstrumentOrigin } from '@gateway/fixed-instruments/domain';
import type { PaymentFields } from '@gateway/fixed-instruments/domain';

export type Mode = 'test' | 'live';

/** The spec names no states; ours: ACTIVE (payable) and INACTIVE (expired, or a single-use code that was paid). */
export type PaymentCodeStatus = 'ACTIVE' | 'INACTIVE';

export type PaymentCodeOrigin = InstrumentOrigin;

/** The whole code after a change: its own fields and terms, then the kernel's lifecycle (the stored order). */
export interface PaymentCodeSnapshot extends InstrumentLifecycle<PaymentCodeStatus> {
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
}

/** A payment into the code; its `id` is the `fixed_payment_code_payment_id`. */
export interface PaymentCodePayment extends PaymentFields {
  fpcId: string;
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
type Names = typeof PAYMENT_CODE_EVENT_NAMES;
export type PaymentCodeEvent = InstrumentEventOf<PaymentCodeSnapshot, PaymentCodeChanges, PaymentCodePayment, Names>;
export type FixedPaymentCodePaid = Extract<PaymentCodeEvent, { type: 'FixedPaymentCodePaid' }>;

export const PAYMENT_CODE_EVENT_TYPES = instrumentEventTypes(PAYMENT_CODE_EVENT_NAMES);

export const paymentCodeStream = (fpcId: string) => `fpc-${fpcId}`;

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
// The shapes are the fixed instruments kernel's: so are their versions (INSTRUMENT_EVENT_VERSIONS, by verb).
export const PAYMENT_CODE_EVENT_SCHEMAS = declareEventSchemas<PaymentCodeEvent>(
  'payment-codes',
  instrumentEventVersions(PAYMENT_CODE_EVENT_NAMES),
);
