import type { DomainEvent } from '@gateway/domain';

export type Mode = 'test' | 'live';

/**
 * PENDING: the number is reserved but the bank has not confirmed it (live mode, where no bank
 * connector ships, stays there); ACTIVE: payable; INACTIVE: expired, or a single-use account
 * that was paid. Terminal.
 */
export type VirtualAccountStatus = 'PENDING' | 'ACTIVE' | 'INACTIVE';

/** Who opened the account: a merchant (a fixed VA) or an invoice (a pool VA with the invoice's transfer amount). */
export type VirtualAccountOrigin = { kind: 'fixed' } | { kind: 'invoice'; invoiceId: string };

/** The whole account after a change; every event carries it, so the read model and callbacks need no fold. */
export interface VirtualAccountSnapshot {
  vaId: string;
  businessId: string;
  mode: Mode;
  externalId: string;
  bankCode: string;
  merchantCode: string;
  /** The number without the merchant code. */
  suffix: string;
  /** Merchant code + suffix: what the payer enters. */
  accountNumber: string;
  name: string;
  currency: 'IDR';
  suggestedAmount?: number;
  isClosed: boolean;
  expectedAmount?: number;
  isSingleUse: boolean;
  status: VirtualAccountStatus;
  expirationDate: string;
  origin: VirtualAccountOrigin;
  createdAt: string;
  updatedAt: string;
}

export interface VirtualAccountPayment {
  /** The callback payment's id (the read resource's `id`). */
  id: string;
  paymentId: string;
  vaId: string;
  amount: number;
  currency: 'IDR';
  transactionTimestamp: string;
}

export interface VirtualAccountChanges {
  suggestedAmount?: number;
  expectedAmount?: number;
  expirationDate?: string;
  isSingleUse?: boolean;
  isClosed?: boolean;
}

export type VirtualAccountCreated = DomainEvent<'VirtualAccountCreated', { snapshot: VirtualAccountSnapshot }>;
export type VirtualAccountUpdated = DomainEvent<'VirtualAccountUpdated', { changes: VirtualAccountChanges; snapshot: VirtualAccountSnapshot }>;
export type VirtualAccountExpired = DomainEvent<'VirtualAccountExpired', { snapshot: VirtualAccountSnapshot; expiredAt: string }>;
/** Who records the money of a payment: the invoice that offered this fixed account (`callback_virtual_account_id`). */
export interface PaymentClaim {
  context: 'invoices';
  resourceId: string;
}
/** `claimedBy`: an invoice takes the payment, records its money and tells the merchant; the account appends no MoneyInReceived. */
export type VirtualAccountPaid = DomainEvent<'VirtualAccountPaid', { payment: VirtualAccountPayment; snapshot: VirtualAccountSnapshot; claimedBy?: PaymentClaim }>;
/** A single-use account after its payment. */
export type VirtualAccountDeactivated = DomainEvent<'VirtualAccountDeactivated', { reason: 'SINGLE_USE_PAID'; snapshot: VirtualAccountSnapshot }>;

export type VirtualAccountEvent = VirtualAccountCreated | VirtualAccountUpdated | VirtualAccountExpired | VirtualAccountPaid | VirtualAccountDeactivated;

export const VIRTUAL_ACCOUNT_EVENT_TYPES: readonly VirtualAccountEvent['type'][] = [
  'VirtualAccountCreated',
  'VirtualAccountUpdated',
  'VirtualAccountExpired',
  'VirtualAccountPaid',
  'VirtualAccountDeactivated',
];

/** Changes of the account the merchant hears about (`fva_status`). */
export const VIRTUAL_ACCOUNT_STATUS_EVENT_TYPES: readonly VirtualAccountEvent['type'][] = [
  'VirtualAccountCreated',
  'VirtualAccountUpdated',
  'VirtualAccountExpired',
  'VirtualAccountDeactivated',
];

export const virtualAccountStream = (vaId: string) => `fva-${vaId}`;
