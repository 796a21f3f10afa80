import type { DomainEvent } from '@gateway/domain';

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

export type FixedPaymentCodeCreated = DomainEvent<'FixedPaymentCodeCreated', { snapshot: PaymentCodeSnapshot }>;
export type FixedPaymentCodeUpdated = DomainEvent<'FixedPaymentCodeUpdated', { changes: PaymentCodeChanges; snapshot: PaymentCodeSnapshot }>;
export type FixedPaymentCodeExpired = DomainEvent<'FixedPaymentCodeExpired', { snapshot: PaymentCodeSnapshot; expiredAt: string }>;
export type FixedPaymentCodePaid = DomainEvent<'FixedPaymentCodePaid', { payment: PaymentCodePayment; snapshot: PaymentCodeSnapshot }>;
export type FixedPaymentCodeDeactivated = DomainEvent<'FixedPaymentCodeDeactivated', { reason: 'SINGLE_USE_PAID'; snapshot: PaymentCodeSnapshot }>;

export type PaymentCodeEvent = FixedPaymentCodeCreated | FixedPaymentCodeUpdated | FixedPaymentCodeExpired | FixedPaymentCodePaid | FixedPaymentCodeDeactivated;

export const PAYMENT_CODE_EVENT_TYPES: readonly PaymentCodeEvent['type'][] = [
  'FixedPaymentCodeCreated',
  'FixedPaymentCodeUpdated',
  'FixedPaymentCodeExpired',
  'FixedPaymentCodePaid',
  'FixedPaymentCodeDeactivated',
];

export const paymentCodeStream = (fpcId: string) => `fpc-${fpcId}`;
