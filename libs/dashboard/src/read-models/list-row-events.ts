import type { CardChargeEvent } from '@gateway/cards';
import { applyCustomerChanges, type CustomerEvent, type CustomerProfile } from '@gateway/customers';
import type { DisbursementEvent } from '@gateway/disbursements';
import type { RecordedEvent } from '@gateway/event-store';
import type { EwalletPaymentEvent, EwalletPaymentSnapshot } from '@gateway/ewallets';
import type { InvoiceOwnEvent } from '@gateway/invoices';
import type { PaymentCodeEvent } from '@gateway/payment-codes';
import type { RecurringEvent } from '@gateway/recurring';
import type { VirtualAccountEvent } from '@gateway/virtual-accounts';
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

const base = (
  kind: ListKind,
  id: string,
  businessId: string,
  mode: 'test' | 'live',
): Omit<ListRow, 'status' | 'createdAt' | 'updatedAt'> => ({
  businessId,
  mode,
  kind,
  id,
  externalId: null,
  amount: null,
  currency: null,
  channel: null,
  payerEmail: null,
  customer: null,
  description: null,
  extra: null,
  listed: true,
  data: null,
});

/**
 * What one event does to the dashboard's lists (pure: the projection and its tests share it).
 * Events carry their resource's snapshot almost everywhere, so most are a whole row; the few
 * that carry a change (a capture, a customer update) patch the row as it stands.
 */
export function listOpsOf(recorded: Pick<RecordedEvent, 'type' | 'data' | 'metadata'>): ListOp[] {
  const event = { type: recorded.type, data: recorded.data } as ListedEvent;
  const businessId = recorded.metadata.businessId;
  const mode = recorded.metadata.mode;
  switch (event.type) {
    // --- card charges and refunds (stream charge-<id>)
    case 'CardChargeCreated': {
      const charge = event.data;
      return [
        {
          type: 'put',
          row: {
            ...base('card-charges', charge.chargeId, charge.businessId, charge.mode),
            externalId: charge.externalId,
            status: charge.status,
            amount: charge.captureAmount ?? charge.amount,
            currency: charge.currency,
            channel: charge.cardBrand,
            customer: charge.maskedCardNumber,
            listed: !charge.moneyRecordedBy,
            extra: charge.moneyRecordedBy?.resourceId ?? null,
            createdAt: charge.createdAt,
            updatedAt: charge.createdAt,
          },
        },
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
      const refund = event.data;
      return [
        {
          type: 'put',
          row: {
            ...base('card-refunds', refund.refundId, refund.businessId, refund.mode),
            externalId: refund.externalId,
            status: refund.status,
            amount: refund.amount,
            currency: refund.currency,
            channel: 'CREDIT_CARD',
            description: `Refund of charge ${refund.chargeId}`,
            extra: refund.chargeId,
            createdAt: refund.createdAt,
            updatedAt: 'updatedAt' in refund ? refund.updatedAt : refund.createdAt,
          },
        },
      ];
    }
    case 'MoneyInReceived':
    case 'MoneyInRefunded':
      return [];

    // --- invoices
    case 'InvoiceCreated':
    case 'InvoicePaid':
    case 'InvoiceExpired':
    case 'InvoiceSettled': {
      const invoice = event.data.invoice;
      return [
        {
          type: 'put',
          row: {
            ...base('invoices', invoice.invoiceId, invoice.businessId, invoice.mode),
            externalId: invoice.externalId,
            status: invoice.status,
            amount: invoice.amount,
            currency: invoice.currency,
            channel: invoice.payment?.channel ?? null,
            payerEmail: invoice.payerEmail,
            description: invoice.description,
            extra: [
              invoice.recurringPaymentId,
              ...invoice.banks.map((bank) => bank.accountNumber),
              ...invoice.retailOutlets.map((outlet) => outlet.paymentCode),
            ]
              .filter(Boolean)
              .join(' '),
            createdAt: invoice.createdAt,
            updatedAt: invoice.updatedAt,
          },
        },
      ];
    }

    // --- fixed virtual accounts and their payments
    case 'VirtualAccountCreated':
    case 'VirtualAccountUpdated':
    case 'VirtualAccountExpired':
    case 'VirtualAccountDeactivated':
    case 'VirtualAccountPaid': {
      const account = event.data.snapshot;
      const ops: ListOp[] = [];
      if (account.origin.kind === 'fixed') {
        ops.push({
          type: 'put',
          row: {
            ...base('fixed-vas', account.vaId, account.businessId, account.mode),
            externalId: account.externalId,
            status: account.status,
            amount: account.expectedAmount ?? account.suggestedAmount ?? null,
            currency: account.currency,
            channel: account.bankCode,
            customer: account.name,
            description: account.isClosed ? 'Closed amount' : 'Open amount',
            extra: account.accountNumber,
            createdAt: account.createdAt,
            updatedAt: account.updatedAt,
          },
        });
      }
      if (event.type === 'VirtualAccountPaid') {
        const payment = event.data.payment;
        ops.push({
          type: 'put',
          row: {
            ...base('va-payments', payment.id, account.businessId, account.mode),
            externalId: account.externalId,
            status: 'COMPLETED',
            amount: payment.amount,
            currency: payment.currency,
            channel: account.bankCode,
            customer: account.name,
            extra: [payment.paymentId, account.vaId, account.accountNumber, event.data.claimedBy?.resourceId]
              .filter(Boolean)
              .join(' '),
            listed: !event.data.claimedBy,
            createdAt: payment.transactionTimestamp,
            updatedAt: payment.transactionTimestamp,
          },
        });
      }
      return ops;
    }

    // --- fixed payment codes and their payments
    case 'FixedPaymentCodeCreated':
    case 'FixedPaymentCodeUpdated':
    case 'FixedPaymentCodeExpired':
    case 'FixedPaymentCodeDeactivated':
    case 'FixedPaymentCodePaid': {
      const code = event.data.snapshot;
      const ops: ListOp[] = [];
      if (code.origin.kind === 'fixed') {
        ops.push({
          type: 'put',
          row: {
            ...base('payment-codes', code.fpcId, code.businessId, code.mode),
            externalId: code.externalId,
            status: code.status,
            amount: code.expectedAmount ?? null,
            currency: code.currency,
            channel: code.retailOutletName,
            customer: code.name,
            extra: code.paymentCode,
            createdAt: code.createdAt,
            updatedAt: code.updatedAt,
          },
        });
      }
      if (event.type === 'FixedPaymentCodePaid') {
        const payment = event.data.payment;
        ops.push({
          type: 'put',
          row: {
            ...base('payment-code-payments', payment.id, code.businessId, code.mode),
            externalId: code.externalId,
            status: 'COMPLETED',
            amount: payment.amount,
            currency: payment.currency,
            channel: code.retailOutletName,
            customer: code.name,
            extra: [payment.paymentId, code.fpcId, code.paymentCode].join(' '),
            createdAt: payment.transactionTimestamp,
            updatedAt: payment.transactionTimestamp,
          },
        });
      }
      return ops;
    }

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
        {
          type: 'put',
          row: {
            ...base('disbursements', disbursement.disbursementId, disbursement.businessId, disbursement.mode),
            externalId: disbursement.externalId,
            status: disbursement.status,
            amount: disbursement.amount,
            currency: disbursement.currency,
            channel: disbursement.bankCode,
            customer: disbursement.accountHolderName,
            description: disbursement.description,
            extra: [disbursement.accountNumber, disbursement.batchId, disbursement.batchReference]
              .filter(Boolean)
              .join(' '),
            createdAt: disbursement.createdAt,
            updatedAt,
          },
        },
      ];
    }

    // --- customers
    case 'CustomerCreated': {
      const customer = event.data;
      return [
        {
          type: 'put',
          row: customerRow(
            {
              ...base('customers', customer.customerId, customer.businessId, customer.mode),
              externalId: customer.referenceId,
              status: 'ACTIVE',
              createdAt: customer.createdAt,
              updatedAt: customer.createdAt,
            },
            customer.profile,
          ),
        },
      ];
    }
    case 'CustomerUpdated':
      return patch('customers', event.data.customerId, businessId, mode, (row) =>
        customerRow(
          { ...row, updatedAt: event.data.updatedAt },
          applyCustomerChanges((row.data ?? {}) as unknown as CustomerProfile, event.data.changes),
        ),
      );

    // --- recurring plans
    case 'RecurringPaymentCreated':
    case 'RecurringPaymentUpdated':
    case 'RecurringPaymentStopped':
    case 'RecurringPaymentPaused':
    case 'RecurringPaymentResumed':
    case 'RecurringCycleIssued':
    case 'RecurringCycleSkipped':
    case 'RecurringCyclesLapsed':
    case 'RecurringCycleFailed':
    case 'RecurringCycleRechargeStarted': {
      const plan = event.data.recurring;
      return [
        {
          type: 'put',
          row: {
            ...base('recurring-plans', plan.recurringPaymentId, plan.businessId, plan.mode),
            externalId: plan.externalId,
            status: plan.status,
            amount: plan.amount,
            currency: 'IDR',
            channel: `${plan.intervalCount} ${plan.interval}`,
            payerEmail: plan.payerEmail,
            description: plan.description,
            extra: plan.lastCreatedInvoiceId ?? null,
            createdAt: plan.createdAt,
            updatedAt: plan.updatedAt,
          },
        },
      ];
    }
    default:
      return [];
  }
}

/** The event types the lists read. */
export const LISTED_EVENT_TYPES: readonly string[] = [
  'CardChargeCreated',
  'CardChargeCaptured',
  'CardAuthorizationReversed',
  'CardAuthorizationExpired',
  'CardRefundRequested',
  'CardRefundSucceeded',
  'CardRefundFailed',
  'InvoiceCreated',
  'InvoicePaid',
  'InvoiceExpired',
  'InvoiceSettled',
  'VirtualAccountCreated',
  'VirtualAccountUpdated',
  'VirtualAccountExpired',
  'VirtualAccountDeactivated',
  'VirtualAccountPaid',
  'FixedPaymentCodeCreated',
  'FixedPaymentCodeUpdated',
  'FixedPaymentCodeExpired',
  'FixedPaymentCodeDeactivated',
  'FixedPaymentCodePaid',
  'EwalletPaymentRequested',
  'EwalletPaymentCompleted',
  'EwalletPaymentFailed',
  'EwalletPaymentExpired',
  'DisbursementCreated',
  'DisbursementCompleted',
  'DisbursementFailed',
  'CustomerCreated',
  'CustomerUpdated',
  'RecurringPaymentCreated',
  'RecurringPaymentUpdated',
  'RecurringPaymentStopped',
  'RecurringPaymentPaused',
  'RecurringPaymentResumed',
  'RecurringCycleIssued',
  'RecurringCycleSkipped',
  'RecurringCyclesLapsed',
  'RecurringCycleFailed',
  'RecurringCycleRechargeStarted',
];

function patch(
  kind: ListKind,
  id: string,
  businessId: string | undefined,
  mode: 'test' | 'live' | undefined,
  change: (row: ListRow) => ListRow,
): ListOp[] {
  return businessId && mode ? [{ type: 'patch', key: { businessId, mode, kind, id }, change }] : [];
}

function ewalletPut(payment: EwalletPaymentSnapshot, status: string, updatedAt: string): ListOp {
  return {
    type: 'put',
    row: {
      ...base('ewallet-payments', payment.paymentId, payment.businessId, payment.mode),
      externalId: payment.externalId,
      status,
      amount: payment.amount,
      currency: payment.currency,
      channel: payment.ewalletType,
      customer: payment.phone ?? null,
      listed: !payment.moneyRecordedBy,
      extra: payment.moneyRecordedBy?.resourceId ?? null,
      createdAt: payment.requestedAt,
      updatedAt,
    },
  };
}

function customerRow(
  row: Omit<ListRow, 'customer' | 'payerEmail' | 'description' | 'data'> & Partial<ListRow>,
  profile: CustomerProfile,
): ListRow {
  const person = profile.individual_detail
    ? [profile.individual_detail.given_names, profile.individual_detail.surname].filter(Boolean).join(' ')
    : undefined;
  const name = person || profile.business_detail?.business_name || null;
  return {
    ...row,
    customer: name,
    payerEmail: profile.email ?? null,
    description: profile.description ?? null,
    channel: profile.type,
    extra: [profile.mobile_number, profile.phone_number].filter(Boolean).join(' ') || null,
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
