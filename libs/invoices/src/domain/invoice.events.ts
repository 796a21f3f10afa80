import { declareEventSchemas } from '@gateway/domain';
import type { DomainEvent, MoneyRecorder } from '@gateway/domain';
import type { MoneyInReceived } from './money-in.events';

export type InvoiceStatus = 'PENDING' | 'PAID' | 'SETTLED' | 'EXPIRED';
export type InvoicePaymentMethod = 'BANK_TRANSFER' | 'RETAIL_OUTLET' | 'CREDIT_CARD' | 'EWALLET';

export interface InvoiceItem {
  name: string;
  quantity: number;
  price: number;
}

export interface InvoiceBank {
  bankCode: string;
  accountNumber: string;
  transferAmount: number;
  identityAmount: number;
  accountHolderName: string;
  /** Set when the number is a fixed VA of the business (`callback_virtual_account_id`), not a POOL number. */
  callbackVirtualAccountId?: string;
}

export interface InvoiceRetailOutlet {
  retailOutletName: string;
  paymentCode: string;
  transferAmount: number;
}

export interface InvoicePayment {
  method: InvoicePaymentMethod;
  /** Channel code: BCA, ALFAMART, OVO, CREDIT_CARD... */
  channel: string;
  /** VA number or payment code the payer used (empty for cards and eWallets). */
  destination: string;
  paymentId: string;
  amount: number;
  paidAt: string;
  creditCardChargeId?: string;
}

/** Everything an invoice is, carried whole on every event so renderers and auditors need nothing else. */
export interface InvoiceSnapshot {
  invoiceId: string;
  businessId: string;
  mode: 'test' | 'live';
  externalId: string;
  merchantName: string;
  payerEmail: string;
  description: string;
  amount: number;
  currency: string;
  status: InvoiceStatus;
  /** Channel codes offered (after the business's enabled channels are applied). */
  paymentMethods: string[];
  banks: InvoiceBank[];
  retailOutlets: InvoiceRetailOutlet[];
  shouldSendEmail: boolean;
  shouldExcludeCreditCard: boolean;
  successRedirectUrl?: string;
  failureRedirectUrl?: string;
  callbackVirtualAccountId?: string;
  midLabel?: string;
  fixedVa: boolean;
  items?: InvoiceItem[];
  recurringPaymentId?: string;
  clientType: 'API_GATEWAY' | 'RECURRING';
  invoiceUrl: string;
  expiryDate: string;
  createdAt: string;
  updatedAt: string;
  payment?: InvoicePayment;
  expiredAt?: string;
  settledAt?: string;
}

export type InvoiceCreated = DomainEvent<'InvoiceCreated', { invoice: InvoiceSnapshot }>;
export type InvoicePaid = DomainEvent<'InvoicePaid', { invoice: InvoiceSnapshot }>;
export type InvoiceExpired = DomainEvent<'InvoiceExpired', { invoice: InvoiceSnapshot }>;
/** The ledger settled the payment's movement (HOLDING → CASH). */
export type InvoiceSettled = DomainEvent<'InvoiceSettled', { invoice: InvoiceSnapshot }>;

export type InvoiceOwnEvent = InvoiceCreated | InvoicePaid | InvoiceExpired | InvoiceSettled;
/**
 * Money a payer sent for this invoice through a method that was already committed to it (its
 * fixed VA, its eWallet checkout) but that the invoice could no longer take: it was paid by
 * another method or expired in between. The money arrived all the same, so it is recorded (with
 * its own `MoneyInReceived`, movement `invoicesurplus_<payment id>`) and the invoice is unchanged.
 */
export type InvoiceSurplusPaymentReceived = DomainEvent<
  'InvoiceSurplusPaymentReceived',
  { invoiceId: string; invoiceStatus: InvoiceStatus; payment: InvoicePayment }
>;
export type InvoiceEvent = InvoiceOwnEvent | InvoiceSurplusPaymentReceived | MoneyInReceived;

export const INVOICE_EVENT_TYPES: readonly InvoiceOwnEvent['type'][] = [
  'InvoiceCreated',
  'InvoicePaid',
  'InvoiceExpired',
  'InvoiceSettled',
];

export const invoiceStream = (invoiceId: string) => `invoice-${invoiceId}`;
/** The invoice id of an invoice's stream name (a POOL number's claim names its holder's stream). */
export const invoiceIdOfStream = (stream: string) => stream.slice('invoice-'.length);
/** The ledger movement of an invoice's payment; the settlement follower recognises invoices by it. */
export const INVOICE_MOVEMENT_PREFIX = 'invoice_';
export const invoiceMovementId = (invoiceId: string) => `${INVOICE_MOVEMENT_PREFIX}${invoiceId}`;
/** What a payment made for the invoice (by card, by eWallet) carries: the invoice records its money. */
export const invoiceMoneyRecorder = (invoiceId: string): MoneyRecorder => ({
  context: 'invoices',
  resourceId: invoiceId,
  movementId: invoiceMovementId(invoiceId),
  receivedIn: invoiceStream(invoiceId),
});
/** The movement of a surplus payment (not `invoice_`: the settlement follower must not take it for the invoice's). */
export const surplusMovementId = (paymentId: string) => `invoicesurplus_${paymentId}`;

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
export const INVOICE_EVENT_SCHEMAS = declareEventSchemas<InvoiceOwnEvent | InvoiceSurplusPaymentReceived>('invoices', {
  InvoiceCreated: 1,
  InvoicePaid: 1,
  InvoiceExpired: 1,
  InvoiceSettled: 1,
  InvoiceSurplusPaymentReceived: 1,
});
