import { assertNever, type Decider } from '@gateway/domain';
import type { MoneyInReceived } from './money-in.events';
import { InvoiceErrors } from './invoice.errors';
import {
  type InvoiceEvent,
  invoiceMovementId,
  type InvoicePayment,
  type InvoicePaymentMethod,
  type InvoiceSnapshot,
  surplusMovementId,
} from './invoice.events';
import { invoiceAmountError, MAGIC_PAID_AMOUNTS } from './invoice.rules';

/** A payment as the payer made it; fees arrive computed (`feeFor`) because the schedule is the business's. */
export interface PaymentInput {
  method: InvoicePaymentMethod;
  channel: string;
  destination: string;
  paymentId: string;
  amount: number;
  fee: number;
  feeTax: number;
  creditCardChargeId?: string;
}

export type InvoiceCommand =
  | {
      type: 'CreateInvoice';
      /** Everything decided by the handler (ids, reserved numbers, url, expiry) in PENDING form. */
      invoice: Omit<InvoiceSnapshot, 'status' | 'updatedAt'>;
      /** Test mode, magic amount: paid in the same append (fees of the first offered bank). */
      magicPayment?: PaymentInput;
      now: Date;
    }
  | { type: 'PayInvoice'; invoiceId: string; payment: PaymentInput; now: Date }
  /**
   * A payment that already happened on a method committed to this invoice (its eWallet checkout,
   * its fixed VA): it pays the invoice when it still can, and is recorded as surplus otherwise,
   * never refused (the money arrived). A replay of the same payment id changes nothing.
   */
  | { type: 'RecordClaimedPayment'; invoiceId: string; payment: PaymentInput; now: Date }
  | { type: 'ExpireInvoice'; invoiceId: string; now: Date }
  | { type: 'SettleInvoice'; invoiceId: string; now: Date };

export type InvoiceState =
  { status: 'none' } | { status: 'exists'; invoice: InvoiceSnapshot; surplusPaymentIds?: readonly string[] };

export const invoiceDecider: Decider<InvoiceCommand, InvoiceState, InvoiceEvent> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateInvoice': {
        if (state.status !== 'none') throw InvoiceErrors.alreadyExists(command.invoice.invoiceId);
        const amount = command.invoice.amount;
        // Whole rupiah (a fractional invoice could never be paid or settled) within the spec's bounds.
        const amountError = invoiceAmountError(amount, command.invoice.recurringPaymentId !== undefined);
        if (amountError) throw amountError;
        if (command.invoice.paymentMethods.length === 0) throw InvoiceErrors.noCollectionMethods();
        const at = command.now.toISOString();
        const invoice: InvoiceSnapshot = { ...command.invoice, status: 'PENDING', createdAt: at, updatedAt: at };
        const created: InvoiceEvent = { type: 'InvoiceCreated', data: { invoice } };
        if (!command.magicPayment) return [created];
        if (invoice.mode !== 'test' || !MAGIC_PAID_AMOUNTS.includes(amount)) throw InvoiceErrors.testModeOnly();
        return [created, ...pay(invoice, command.magicPayment, command.now)];
      }
      case 'PayInvoice': {
        const invoice = existing(state, command.invoiceId);
        if (invoice.status !== 'PENDING') throw InvoiceErrors.notPending(invoice.invoiceId, invoice.status);
        if (command.payment.amount !== invoice.amount)
          throw InvoiceErrors.wrongAmount(invoice.amount, command.payment.amount);
        return pay(invoice, command.payment, command.now);
      }
      case 'RecordClaimedPayment': {
        const invoice = existing(state, command.invoiceId);
        const { payment } = command;
        if (invoice.payment?.paymentId === payment.paymentId) return [];
        if (state.status === 'exists' && state.surplusPaymentIds?.includes(payment.paymentId)) return [];
        if (invoice.status === 'PENDING' && payment.amount === invoice.amount)
          return pay(invoice, payment, command.now);
        return surplus(invoice, payment, command.now);
      }
      case 'ExpireInvoice': {
        const invoice = existing(state, command.invoiceId);
        if (invoice.status !== 'PENDING') throw InvoiceErrors.notPending(invoice.invoiceId, invoice.status);
        const at = command.now.toISOString();
        // `expiry_date` is when it expired: the moment of an early `expire!` (issue 19, item 4); the
        // timer's own date when the timer ran (a late run does not move it).
        const expiryDate = command.now.getTime() < new Date(invoice.expiryDate).getTime() ? at : invoice.expiryDate;
        return [
          {
            type: 'InvoiceExpired',
            data: { invoice: { ...invoice, status: 'EXPIRED', expiryDate, expiredAt: at, updatedAt: at } },
          },
        ];
      }
      case 'SettleInvoice': {
        const invoice = existing(state, command.invoiceId);
        // The ledger settles each movement once; a replayed settlement changes nothing.
        if (invoice.status === 'SETTLED') return [];
        if (invoice.status !== 'PAID') throw InvoiceErrors.notPending(invoice.invoiceId, invoice.status);
        const at = command.now.toISOString();
        return [
          {
            type: 'InvoiceSettled',
            data: { invoice: { ...invoice, status: 'SETTLED', settledAt: at, updatedAt: at } },
          },
        ];
      }
      default:
        return assertNever(command, 'invoice command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'InvoiceCreated':
      case 'InvoicePaid':
      case 'InvoiceExpired':
      case 'InvoiceSettled':
        return { ...state, status: 'exists', invoice: event.data.invoice };
      case 'InvoiceSurplusPaymentReceived':
        if (state.status !== 'exists') return state;
        return { ...state, surplusPaymentIds: [...(state.surplusPaymentIds ?? []), event.data.payment.paymentId] };
      case 'MoneyInReceived':
        return state;
      default:
        return assertNever(event, 'invoice event');
    }
  },
};

function existing(state: InvoiceState, invoiceId: string): InvoiceSnapshot {
  if (state.status === 'none') throw InvoiceErrors.notFound(invoiceId);
  return state.invoice;
}

function paymentOf(input: PaymentInput, at: string): InvoicePayment {
  return {
    method: input.method,
    channel: input.channel,
    destination: input.destination,
    paymentId: input.paymentId,
    amount: input.amount,
    paidAt: at,
    ...(input.creditCardChargeId !== undefined && { creditCardChargeId: input.creditCardChargeId }),
  };
}

function received(invoice: InvoiceSnapshot, input: PaymentInput, movementId: string, at: string): MoneyInReceived {
  return {
    type: 'MoneyInReceived',
    data: {
      movementId,
      source: { context: 'invoices', resourceId: invoice.invoiceId },
      channel: input.channel,
      currency: invoice.currency,
      grossAmount: input.amount,
      fee: input.fee,
      feeTax: input.feeTax,
      settledBySource: false,
      receivedAt: at,
    },
  };
}

/** The invoice stays as it is; the money that arrived anyway is the merchant's, counted once. */
function surplus(invoice: InvoiceSnapshot, input: PaymentInput, now: Date): InvoiceEvent[] {
  const at = now.toISOString();
  return [
    {
      type: 'InvoiceSurplusPaymentReceived',
      data: { invoiceId: invoice.invoiceId, invoiceStatus: invoice.status, payment: paymentOf(input, at) },
    },
    received(invoice, input, surplusMovementId(input.paymentId), at),
  ];
}

/** PAID and the ledger's MoneyInReceived, in one append (docs/ledger.md §1). */
function pay(invoice: InvoiceSnapshot, input: PaymentInput, now: Date): InvoiceEvent[] {
  const at = now.toISOString();
  const payment = paymentOf(input, at);
  return [
    { type: 'InvoicePaid', data: { invoice: { ...invoice, status: 'PAID', payment, updatedAt: at } } },
    received(invoice, input, invoiceMovementId(invoice.invoiceId), at),
  ];
}
