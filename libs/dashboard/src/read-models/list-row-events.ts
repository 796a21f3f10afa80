import { CARD_CHARGE_EVENT_TYPES, type CardChargeEvent } from '@gateway/cards';
import {
  applyCustomerChanges,
  CUSTOMER_EVENT_TYPES,
  type CustomerEvent,
  type CustomerProfile,
} from '@gateway/customers';
import { DISBURSEMENT_EVENT_TYPES, type DisbursementEvent } from '@gateway/disbursements';
import type { RecordedEvent } from '@gateway/event-store';
import { EWALLET_PAYMENT_EVENT_TYPES, type EwalletPaymentEvent, type EwalletPaymentSnapshot } from '@gateway/ewallets';
import { INVOICE_EVENT_TYPES, type InvoiceOwnEvent, type InvoiceSnapshot } from '@gateway/invoices';
import { PAYMENT_CODE_EVENT_TYPES, type PaymentCodeEvent } from '@gateway/payment-codes';
import { RECURRING_EVENT_TYPES, type RecurringEvent, type RecurringSnapshot } from '@gateway/recurring';
import { VIRTUAL_ACCOUNT_EVENT_TYPES, type VirtualAccountEvent } from '@gateway/virtual-accounts';
import type { ListKind, ListRow } from './list-kinds';

type Key = Pick<ListRow, 'businessId' | 'mode' | 'kind' | 'id'>;

/** A whole row (the event carries everything), or a change to a row as it stands. */
export type ListOp = { type: 'put'; row: ListRow } | { type: 'patch'; key: Key; change: (row: ListRow) => ListRow };

type ListedEvent =
  | CardChargeEvent
  | InvoiceOwnEvent
  | VirtualAccountEvent
  | PaymentCodeEvent
  | EwalletPaymentEvent
  | DisbursementEvent
  | CustomerEvent
  | RecurringEvent;

/** What a resource's snapshot names as the lists do (its other columns are the kind's own). */
interface RowSource {
  businessId: string;
  mode: 'test' | 'live';
  externalId: string | null;
  status: string;
  currency?: string;
  createdAt: string;
  updatedAt?: string;
}

/** A whole row: the snapshot's like-named columns, then the kind's own (which may override them). */
function put(kind: ListKind, id: string, source: RowSource, columns: Partial<ListRow>): ListOp {
  const { businessId, mode, externalId, status, createdAt } = source;
  const row: ListRow = {
    businessId,
    mode,
    kind,
    id,
    externalId,
    status,
    amount: null,
    currency: source.currency ?? null,
    channel: null,
    payerEmail: null,
    customer: null,
    description: null,
    extra: null,
    listed: true,
    createdAt,
    updatedAt: source.updatedAt ?? createdAt,
    data: null,
  };
  return { type: 'put', row: { ...row, ...columns } };
}

/** Linked ids and numbers the search matches, in one text. */
const searchable = (...values: (string | null | undefined)[]) => values.filter(Boolean).join(' ');

/**
 * What one event does to the dashboard's lists (pure: the projection and its tests share it).
 * Events carry their resource's snapshot almost everywhere, so most are a whole row; the few
 * that carry a change (a capture, a customer update) patch the row as it stands.
 */
export function listOpsOf(recorded: Pick<RecordedEvent, 'type' | 'data' | 'metadata'>): ListOp[] {
  const event = { type: recorded.type, data: recorded.data } as ListedEvent;
  const businessId = recorded.metadata.businessId;
  const mode = recorded.metadata.mode;
  // Families whose every event carries the resource whole.
  if (isOneOf(event, INVOICE_EVENT_TYPES)) return [invoiceRow(event.data.invoice)];
  if (isOneOf(event, RECURRING_EVENT_TYPES)) return [planRow(event.data.recurring)];
  if (isOneOf(event, VIRTUAL_ACCOUNT_EVENT_TYPES)) return virtualAccountOps(event);
  if (isOneOf(event, PAYMENT_CODE_EVENT_TYPES)) return paymentCodeOps(event);
  switch (event.type) {
    // --- card charges and refunds (stream charge-<id>)
    case 'CardChargeCreated': {
      const charge = event.data;
      return [
        put('card-charges', charge.chargeId, charge, {
          amount: charge.captureAmount ?? charge.amount,
          channel: charge.cardBrand,
          customer: charge.maskedCardNumber,
          listed: !charge.moneyRecordedBy,
          extra: charge.moneyRecordedBy?.resourceId ?? null,
        }),
      ];
    }
    case 'CardChargeCaptured':
      return patch('card-charges', event.data.chargeId, businessId, mode, (row) => ({
        ...row,
        status: 'CAPTURED',
        amount: event.data.captureAmount,
        updatedAt: event.data.capturedAt,
      }));
    case 'CardAuthorizationReversed':
      return patch('card-charges', event.data.chargeId, businessId, mode, (row) => ({
        ...row,
        status: 'REVERSED',
        updatedAt: event.data.reversedAt,
      }));
    case 'CardAuthorizationExpired':
      return patch('card-charges', event.data.chargeId, businessId, mode, (row) => ({
        ...row,
        status: 'EXPIRED',
        updatedAt: event.data.expiredAt,
      }));
    case 'CardRefundRequested':
    case 'CardRefundSucceeded':
    case 'CardRefundFailed': {
      // A requested refund has no updatedAt yet: the row's is its creation.
      const refund = event.data;
      return [
        put('card-refunds', refund.refundId, refund, {
          amount: refund.amount,
          channel: 'CREDIT_CARD',
          description: `Refund of charge ${refund.chargeId}`,
          extra: refund.chargeId,
        }),
      ];
    }
    case 'MoneyInReceived':
    case 'MoneyInRefunded':
      return [];

    // --- eWallet payments
    case 'EwalletPaymentRequested':
      return [ewalletPut(event.data, 'PENDING', event.data.requestedAt)];
    case 'EwalletPaymentCompleted':
      return [ewalletPut(event.data.payment, 'COMPLETED', event.data.completedAt)];
    case 'EwalletPaymentFailed':
      return [ewalletPut(event.data.payment, 'FAILED', event.data.failedAt)];
    case 'EwalletPaymentExpired':
      return [ewalletPut(event.data.payment, 'EXPIRED', event.data.expiredAt)];

    // --- disbursements
    case 'DisbursementCreated':
    case 'DisbursementCompleted':
    case 'DisbursementFailed': {
      const disbursement = event.data;
      const updatedAt =
        event.type === 'DisbursementCompleted'
          ? event.data.completedAt
          : event.type === 'DisbursementFailed'
            ? event.data.failedAt
            : disbursement.createdAt;
      return [
        put('disbursements', disbursement.disbursementId, disbursement, {
          amount: disbursement.amount,
          channel: disbursement.bankCode,
          customer: disbursement.accountHolderName,
          description: disbursement.description,
          extra: searchable(disbursement.accountNumber, disbursement.batchId, disbursement.batchReference),
          updatedAt,
        }),
      ];
    }

    // --- customers
    case 'CustomerCreated': {
      const customer = event.data;
      const source = { ...customer, externalId: customer.referenceId, status: 'ACTIVE' };
      return [put('customers', customer.customerId, source, customerColumns(customer.profile))];
    }
    case 'CustomerUpdated':
      return patch('customers', event.data.customerId, businessId, mode, (row) => ({
        ...row,
        updatedAt: event.data.updatedAt,
        ...customerColumns(applyCustomerChanges((row.data ?? {}) as unknown as CustomerProfile, event.data.changes)),
      }));

    default:
      return [];
  }
}

/** The event types the lists read. */
export const LISTED_EVENT_TYPES: readonly string[] = [
  ...CARD_CHARGE_EVENT_TYPES,
  ...INVOICE_EVENT_TYPES,
  ...VIRTUAL_ACCOUNT_EVENT_TYPES,
  ...PAYMENT_CODE_EVENT_TYPES,
  ...EWALLET_PAYMENT_EVENT_TYPES,
  ...DISBURSEMENT_EVENT_TYPES,
  ...CUSTOMER_EVENT_TYPES,
  ...RECURRING_EVENT_TYPES,
];

/** Whether the event is one of `types`, a family of events that carry the same snapshot. */
function isOneOf<T extends ListedEvent['type']>(
  event: ListedEvent,
  types: readonly T[],
): event is Extract<ListedEvent, { type: T }> {
  return (types as readonly string[]).includes(event.type);
}

function invoiceRow(invoice: InvoiceSnapshot): ListOp {
  return put('invoices', invoice.invoiceId, invoice, {
    amount: invoice.amount,
    channel: invoice.payment?.channel ?? null,
    payerEmail: invoice.payerEmail,
    description: invoice.description,
    extra: searchable(
      invoice.recurringPaymentId,
      ...invoice.banks.map((bank) => bank.accountNumber),
      ...invoice.retailOutlets.map((outlet) => outlet.paymentCode),
    ),
  });
}

function planRow(plan: RecurringSnapshot): ListOp {
  return put('recurring-plans', plan.recurringPaymentId, plan, {
    amount: plan.amount,
    currency: 'IDR',
    channel: `${plan.intervalCount} ${plan.interval}`,
    payerEmail: plan.payerEmail,
    description: plan.description,
    extra: plan.lastCreatedInvoiceId ?? null,
  });
}

/** A VA's row (fixed ones only: an invoice's numbers are listed with the invoice), and a payment's when it is paid. */
function virtualAccountOps(event: VirtualAccountEvent): ListOp[] {
  const account = event.data.snapshot;
  const ops: ListOp[] = [];
  if (account.origin.kind === 'fixed') {
    ops.push(
      put('fixed-vas', account.vaId, account, {
        amount: account.expectedAmount ?? account.suggestedAmount ?? null,
        channel: account.bankCode,
        customer: account.name,
        description: account.isClosed ? 'Closed amount' : 'Open amount',
        extra: account.accountNumber,
      }),
    );
  }
  if (event.type === 'VirtualAccountPaid') {
    const { payment, claimedBy } = event.data;
    const extra = searchable(payment.paymentId, account.vaId, account.accountNumber, claimedBy?.resourceId);
    ops.push(
      instrumentPayment('va-payments', account, payment, { channel: account.bankCode, extra, listed: !claimedBy }),
    );
  }
  return ops;
}

/** A payment code's row (fixed ones only, as for VAs), and a payment's when it is paid. */
function paymentCodeOps(event: PaymentCodeEvent): ListOp[] {
  const code = event.data.snapshot;
  const columns = { channel: code.retailOutletName, customer: code.name, extra: code.paymentCode };
  const ops =
    code.origin.kind === 'fixed'
      ? [put('payment-codes', code.fpcId, code, { amount: code.expectedAmount ?? null, ...columns })]
      : [];
  if (event.type !== 'FixedPaymentCodePaid') return ops;
  const payment = event.data.payment;
  const extra = [payment.paymentId, code.fpcId, code.paymentCode].join(' ');
  return [...ops, instrumentPayment('payment-code-payments', code, payment, { channel: code.retailOutletName, extra })];
}

function patch(
  kind: ListKind,
  id: string,
  businessId: string | undefined,
  mode: 'test' | 'live' | undefined,
  change: (row: ListRow) => ListRow,
): ListOp[] {
  return businessId && mode ? [{ type: 'patch', key: { businessId, mode, kind, id }, change }] : [];
}

/** A payment into a fixed VA or payment code: completed once recorded, under the instrument's reference and name. */
function instrumentPayment(
  kind: 'va-payments' | 'payment-code-payments',
  instrument: { businessId: string; mode: 'test' | 'live'; externalId: string; name: string },
  payment: { id: string; amount: number; currency: string; transactionTimestamp: string },
  columns: Pick<ListRow, 'channel' | 'extra'> & Partial<ListRow>,
): ListOp {
  const { currency, transactionTimestamp: at } = payment;
  const source = { ...instrument, status: 'COMPLETED', currency, createdAt: at, updatedAt: at };
  return put(kind, payment.id, source, { amount: payment.amount, customer: instrument.name, ...columns });
}

function ewalletPut(payment: EwalletPaymentSnapshot, status: string, updatedAt: string): ListOp {
  return put(
    'ewallet-payments',
    payment.paymentId,
    { ...payment, status, createdAt: payment.requestedAt, updatedAt },
    {
      amount: payment.amount,
      channel: payment.ewalletType,
      customer: payment.phone ?? null,
      listed: !payment.moneyRecordedBy,
      extra: payment.moneyRecordedBy?.resourceId ?? null,
    },
  );
}

/** What a customer's row shows of the profile, and keeps of it for later updates. */
function customerColumns(profile: CustomerProfile): Partial<ListRow> {
  const person = profile.individual_detail
    ? [profile.individual_detail.given_names, profile.individual_detail.surname].filter(Boolean).join(' ')
    : undefined;
  return {
    customer: person || profile.business_detail?.business_name || null,
    payerEmail: profile.email ?? null,
    description: profile.description ?? null,
    channel: profile.type,
    extra: searchable(profile.mobile_number, profile.phone_number) || null,
    data: listedProfile(profile),
  };
}

/**
 * What the list shows and searches of a profile, and what a later CustomerUpdated needs to patch
 * it (its changes replace top-level fields): never identity accounts, KYC documents, addresses
 * or dates of birth, which only the customer's own page shows (read from the customers context).
 */
function listedProfile(profile: CustomerProfile): Record<string, unknown> {
  const person = profile.individual_detail;
  const business = profile.business_detail;
  const kept: Record<string, unknown> = {
    type: profile.type,
    email: profile.email,
    description: profile.description,
    mobile_number: profile.mobile_number,
    phone_number: profile.phone_number,
    individual_detail: person ? { given_names: person.given_names, surname: person.surname } : undefined,
    business_detail: business ? { business_name: business.business_name } : undefined,
  };
  return Object.fromEntries(Object.entries(kept).filter(([, value]) => value !== undefined && value !== null));
}
