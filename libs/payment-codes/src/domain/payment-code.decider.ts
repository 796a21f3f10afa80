import { assertNever, type Decider } from '@gateway/domain';
import type { MoneyInReceived } from './money-in.events';
import { PaymentCodeErrors } from './payment-code.errors';
import type { Mode, PaymentCodeChanges, PaymentCodeEvent, PaymentCodeOrigin, PaymentCodeSnapshot } from './payment-code.events';
import { checkAmount, isInRange, MAX_AMOUNT, MIN_AMOUNT } from './payment-code.rules';

/** Without `expiration_date` a code lives 31 years (docs/decisions.md). */
export const DEFAULT_LIFETIME_YEARS = 31;

export interface CreatePaymentCode {
  type: 'CreatePaymentCode';
  fpcId: string;
  businessId: string;
  mode: Mode;
  externalId: string;
  retailOutletName: string;
  /** Chains this business may use. */
  enabledOutlets: readonly string[];
  prefix: string;
  paymentCode: string;
  name: string;
  expectedAmount?: number;
  isSingleUse: boolean;
  expirationDate?: Date;
  origin: PaymentCodeOrigin;
  now: Date;
}

export interface UpdatePaymentCode {
  type: 'UpdatePaymentCode';
  fpcId: string;
  changes: { name?: string; expectedAmount?: number; expirationDate?: Date };
  now: Date;
}

export interface ExpirePaymentCode {
  type: 'ExpirePaymentCode';
  fpcId: string;
  now: Date;
}

export interface ReceivePaymentCodePayment {
  type: 'ReceivePaymentCodePayment';
  fpcId: string;
  id: string;
  paymentId: string;
  amount: number;
  fee: number;
  feeTax: number;
  now: Date;
}

export type PaymentCodeCommand = CreatePaymentCode | UpdatePaymentCode | ExpirePaymentCode | ReceivePaymentCodePayment;
export type PaymentCodeState = { exists: false } | { exists: true; snapshot: PaymentCodeSnapshot };
export type PaymentCodeStreamEvent = PaymentCodeEvent | MoneyInReceived;

function addYears(date: Date, years: number): Date {
  const next = new Date(date.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

function decideCreate(command: CreatePaymentCode, state: PaymentCodeState): PaymentCodeStreamEvent[] {
  if (!command.enabledOutlets.includes(command.retailOutletName)) throw PaymentCodeErrors.outletNotSupported(command.retailOutletName);
  if (command.expectedAmount !== undefined) checkAmount(command.expectedAmount);
  if (command.expirationDate && command.expirationDate.getTime() < command.now.getTime()) throw PaymentCodeErrors.expirationDateInvalid();
  if (!isInRange(command.paymentCode, command.prefix)) throw PaymentCodeErrors.outsideRange(command.paymentCode, command.prefix);
  // The stream is named after the code: an existing stream means the code is taken.
  if (state.exists) throw PaymentCodeErrors.duplicate(command.paymentCode);
  const at = command.now.toISOString();
  const snapshot: PaymentCodeSnapshot = {
    fpcId: command.fpcId,
    businessId: command.businessId,
    mode: command.mode,
    externalId: command.externalId,
    retailOutletName: command.retailOutletName,
    prefix: command.prefix,
    paymentCode: command.paymentCode,
    name: command.name,
    currency: 'IDR',
    ...(command.expectedAmount !== undefined && { expectedAmount: command.expectedAmount }),
    isSingleUse: command.isSingleUse,
    status: 'ACTIVE',
    expirationDate: (command.expirationDate ?? addYears(command.now, DEFAULT_LIFETIME_YEARS)).toISOString(),
    origin: command.origin,
    createdAt: at,
    updatedAt: at,
  };
  return [{ type: 'FixedPaymentCodeCreated', data: { snapshot } }];
}

function decideUpdate(command: UpdatePaymentCode, current: PaymentCodeSnapshot): PaymentCodeStreamEvent[] {
  if (current.status === 'INACTIVE') throw PaymentCodeErrors.inactive(current.fpcId);
  const { changes, now } = command;
  if (changes.expectedAmount !== undefined) checkAmount(changes.expectedAmount);
  const at = now.toISOString();
  const wire: PaymentCodeChanges = {
    ...(changes.name !== undefined && { name: changes.name }),
    ...(changes.expectedAmount !== undefined && { expectedAmount: changes.expectedAmount }),
    ...(changes.expirationDate !== undefined && { expirationDate: changes.expirationDate.toISOString() }),
  };
  const updated: PaymentCodeSnapshot = { ...current, ...wire, updatedAt: at };
  const events: PaymentCodeStreamEvent[] = [{ type: 'FixedPaymentCodeUpdated', data: { changes: wire, snapshot: updated } }];
  // Spec: "a past date expires the code immediately".
  if (changes.expirationDate && changes.expirationDate.getTime() <= now.getTime()) {
    events.push({ type: 'FixedPaymentCodeExpired', data: { snapshot: { ...updated, status: 'INACTIVE' }, expiredAt: at } });
  }
  return events;
}

function decideExpire(command: ExpirePaymentCode, current: PaymentCodeSnapshot): PaymentCodeStreamEvent[] {
  if (current.status === 'INACTIVE' || Date.parse(current.expirationDate) > command.now.getTime()) return [];
  const at = command.now.toISOString();
  return [{ type: 'FixedPaymentCodeExpired', data: { snapshot: { ...current, status: 'INACTIVE', updatedAt: at }, expiredAt: at } }];
}

function decidePayment(command: ReceivePaymentCodePayment, current: PaymentCodeSnapshot): PaymentCodeStreamEvent[] {
  if (current.status !== 'ACTIVE' || Date.parse(current.expirationDate) <= command.now.getTime()) throw PaymentCodeErrors.inactive(current.fpcId);
  // Spec: the simulation must use the exact amount, "otherwise the payment is not completed".
  if (current.expectedAmount !== undefined && command.amount !== current.expectedAmount) {
    throw PaymentCodeErrors.amountMismatch(`exactly ${current.expectedAmount}`, command.amount);
  }
  if (command.amount < MIN_AMOUNT || command.amount > MAX_AMOUNT) throw PaymentCodeErrors.amountMismatch(`${MIN_AMOUNT} to ${MAX_AMOUNT}`, command.amount);
  const at = command.now.toISOString();
  const payment = { id: command.id, paymentId: command.paymentId, fpcId: current.fpcId, amount: command.amount, currency: 'IDR' as const, transactionTimestamp: at };
  const events: PaymentCodeStreamEvent[] = [
    { type: 'FixedPaymentCodePaid', data: { payment, snapshot: current } },
    {
      type: 'MoneyInReceived',
      data: {
        movementId: command.paymentId,
        source: { context: 'payment-codes', resourceId: current.fpcId },
        channel: current.retailOutletName,
        currency: 'IDR',
        grossAmount: command.amount,
        fee: command.fee,
        feeTax: command.feeTax,
        settledBySource: false,
        receivedAt: at,
      },
    },
  ];
  if (current.isSingleUse) {
    events.push({ type: 'FixedPaymentCodeDeactivated', data: { reason: 'SINGLE_USE_PAID', snapshot: { ...current, status: 'INACTIVE', updatedAt: at } } });
  }
  return events;
}

/**
 * One fixed payment code. (new) → ACTIVE; ACTIVE → INACTIVE when `expiration_date` passes or is
 * set to the past, or after a payment when single use. INACTIVE refuses updates and payments.
 */
export const paymentCodeDecider: Decider<PaymentCodeCommand, PaymentCodeState, PaymentCodeStreamEvent> = {
  initialState: { exists: false },

  decide(command, state) {
    if (command.type === 'CreatePaymentCode') return decideCreate(command, state);
    if (!state.exists) throw PaymentCodeErrors.notFound(command.fpcId);
    switch (command.type) {
      case 'UpdatePaymentCode':
        return decideUpdate(command, state.snapshot);
      case 'ExpirePaymentCode':
        return decideExpire(command, state.snapshot);
      case 'ReceivePaymentCodePayment':
        return decidePayment(command, state.snapshot);
      default:
        return assertNever(command, 'payment code command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'FixedPaymentCodeCreated':
      case 'FixedPaymentCodeUpdated':
      case 'FixedPaymentCodeExpired':
      case 'FixedPaymentCodePaid':
      case 'FixedPaymentCodeDeactivated':
        return { exists: true, snapshot: event.data.snapshot };
      case 'MoneyInReceived':
        return state;
      default:
        return assertNever(event, 'payment code event');
    }
  },
};
