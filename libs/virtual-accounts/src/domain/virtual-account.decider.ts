import { assertNever, type Decider } from '@gateway/domain';
import type { MoneyInReceived } from './money-in.events';
import { VA_BANKS, type VaBank } from './va-banks';
import { VirtualAccountErrors } from './virtual-account.errors';
import type {
  Mode,
  PaymentClaim,
  VirtualAccountChanges,
  VirtualAccountEvent,
  VirtualAccountOrigin,
  VirtualAccountSnapshot,
} from './virtual-account.events';
import { checkAmountTerms } from './virtual-account.rules';

/** Without `expiration_date` an account lives 31 years, as the public service's fixed accounts do. */
export const DEFAULT_LIFETIME_YEARS = 31;

export interface CreateVirtualAccount {
  type: 'CreateVirtualAccount';
  vaId: string;
  businessId: string;
  mode: Mode;
  externalId: string;
  bankCode: string;
  /** The banks this business may use (enabled payment channels ∩ supported banks). */
  enabledBankCodes: readonly string[];
  merchantCode: string;
  suffix: string;
  name: string;
  suggestedAmount?: number;
  isClosed: boolean;
  expectedAmount?: number;
  isSingleUse: boolean;
  expirationDate?: Date;
  /** True where the (simulated) bank confirms the number at once: the account starts ACTIVE, else PENDING. */
  confirmedByBank: boolean;
  origin: VirtualAccountOrigin;
  now: Date;
}

export interface UpdateVirtualAccount {
  type: 'UpdateVirtualAccount';
  vaId: string;
  changes: Omit<VirtualAccountChanges, 'expirationDate'> & { expirationDate?: Date };
  now: Date;
}

/** The expiry job: expires the account if its date has come (a no-op otherwise, e.g. after the date moved). */
export interface ExpireVirtualAccount {
  type: 'ExpireVirtualAccount';
  vaId: string;
  now: Date;
}

/** A transfer into the account (the simulated bank in test mode). Fee and tax come from the ledger's `feeFor`. */
export interface ReceiveVirtualAccountPayment {
  type: 'ReceiveVirtualAccountPayment';
  vaId: string;
  id: string;
  paymentId: string;
  amount: number;
  fee: number;
  feeTax: number;
  /** A PENDING invoice offers this account for this amount: the invoice records the money. */
  claimedBy?: PaymentClaim;
  now: Date;
}

export type VirtualAccountCommand = CreateVirtualAccount | UpdateVirtualAccount | ExpireVirtualAccount | ReceiveVirtualAccountPayment;
export type VirtualAccountState = { exists: false } | { exists: true; snapshot: VirtualAccountSnapshot };
export type VirtualAccountStreamEvent = VirtualAccountEvent | MoneyInReceived;

function bankOf(code: string): VaBank | undefined {
  return VA_BANKS.find((bank) => bank.code === code);
}

function addYears(date: Date, years: number): Date {
  const next = new Date(date.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

function decideCreate(command: CreateVirtualAccount, state: VirtualAccountState): VirtualAccountStreamEvent[] {
  const bank = bankOf(command.bankCode);
  if (!bank || !command.enabledBankCodes.includes(bank.code)) throw VirtualAccountErrors.bankNotSupported(command.bankCode);
  checkAmountTerms(bank, command);
  if (command.expirationDate && command.expirationDate.getTime() < command.now.getTime()) throw VirtualAccountErrors.expirationDateInvalid();
  // The stream is named after the number: an existing stream means the number is taken.
  if (state.exists) throw VirtualAccountErrors.numberTaken(`${command.merchantCode}${command.suffix}`);
  const at = command.now.toISOString();
  const snapshot: VirtualAccountSnapshot = {
    vaId: command.vaId,
    businessId: command.businessId,
    mode: command.mode,
    externalId: command.externalId,
    bankCode: bank.code,
    merchantCode: command.merchantCode,
    suffix: command.suffix,
    accountNumber: `${command.merchantCode}${command.suffix}`,
    name: command.name,
    currency: 'IDR',
    ...(command.suggestedAmount !== undefined && { suggestedAmount: command.suggestedAmount }),
    isClosed: command.isClosed,
    ...(command.expectedAmount !== undefined && { expectedAmount: command.expectedAmount }),
    isSingleUse: command.isSingleUse,
    status: command.confirmedByBank ? 'ACTIVE' : 'PENDING',
    expirationDate: (command.expirationDate ?? addYears(command.now, DEFAULT_LIFETIME_YEARS)).toISOString(),
    origin: command.origin,
    createdAt: at,
    updatedAt: at,
  };
  return [{ type: 'VirtualAccountCreated', data: { snapshot } }];
}

function decideUpdate(command: UpdateVirtualAccount, current: VirtualAccountSnapshot): VirtualAccountStreamEvent[] {
  if (current.status === 'INACTIVE') throw VirtualAccountErrors.inactive(current.vaId);
  const { changes, now } = command;
  const bank = bankOf(current.bankCode)!;
  const isClosed = changes.isClosed ?? current.isClosed;
  const expectedAmount = changes.expectedAmount ?? current.expectedAmount;
  const suggestedAmount = changes.suggestedAmount ?? current.suggestedAmount;
  checkAmountTerms(bank, { isClosed, expectedAmount, suggestedAmount: isClosed && changes.suggestedAmount === undefined ? undefined : suggestedAmount });
  const at = now.toISOString();
  const wireChanges: VirtualAccountChanges = {
    ...(changes.suggestedAmount !== undefined && { suggestedAmount: changes.suggestedAmount }),
    ...(changes.expectedAmount !== undefined && { expectedAmount: changes.expectedAmount }),
    ...(changes.expirationDate !== undefined && { expirationDate: changes.expirationDate.toISOString() }),
    ...(changes.isSingleUse !== undefined && { isSingleUse: changes.isSingleUse }),
    ...(changes.isClosed !== undefined && { isClosed: changes.isClosed }),
  };
  // Closing an account drops the suggestion: a closed account takes expected_amount only.
  const { suggestedAmount: _dropped, ...withoutSuggestion } = current;
  const base = isClosed ? withoutSuggestion : current;
  const updated: VirtualAccountSnapshot = {
    ...base,
    ...(wireChanges.suggestedAmount !== undefined && { suggestedAmount: wireChanges.suggestedAmount }),
    ...(wireChanges.expectedAmount !== undefined && { expectedAmount: wireChanges.expectedAmount }),
    ...(wireChanges.expirationDate !== undefined && { expirationDate: wireChanges.expirationDate }),
    ...(wireChanges.isSingleUse !== undefined && { isSingleUse: wireChanges.isSingleUse }),
    isClosed,
    updatedAt: at,
  };
  const events: VirtualAccountStreamEvent[] = [{ type: 'VirtualAccountUpdated', data: { changes: wireChanges, snapshot: updated } }];
  // Spec: "a past date makes the account expire immediately".
  if (changes.expirationDate && changes.expirationDate.getTime() <= now.getTime()) {
    events.push({ type: 'VirtualAccountExpired', data: { snapshot: { ...updated, status: 'INACTIVE' }, expiredAt: at } });
  }
  return events;
}

function decideExpire(command: ExpireVirtualAccount, current: VirtualAccountSnapshot): VirtualAccountStreamEvent[] {
  if (current.status === 'INACTIVE' || Date.parse(current.expirationDate) > command.now.getTime()) return [];
  const at = command.now.toISOString();
  return [{ type: 'VirtualAccountExpired', data: { snapshot: { ...current, status: 'INACTIVE', updatedAt: at }, expiredAt: at } }];
}

function decidePayment(command: ReceiveVirtualAccountPayment, current: VirtualAccountSnapshot): VirtualAccountStreamEvent[] {
  // An account past its date is refused even before its expiry job ran.
  if (current.status !== 'ACTIVE' || Date.parse(current.expirationDate) <= command.now.getTime()) throw VirtualAccountErrors.inactive(current.vaId);
  if (current.isClosed && command.amount !== current.expectedAmount) throw VirtualAccountErrors.amountMismatch(current.expectedAmount ?? 0, command.amount);
  const at = command.now.toISOString();
  const payment = { id: command.id, paymentId: command.paymentId, vaId: current.vaId, amount: command.amount, currency: 'IDR' as const, transactionTimestamp: at };
  const paid: VirtualAccountStreamEvent = { type: 'VirtualAccountPaid', data: { payment, snapshot: current, ...(command.claimedBy && { claimedBy: command.claimedBy }) } };
  const events: VirtualAccountStreamEvent[] = [
    paid,
    {
      type: 'MoneyInReceived',
      data: {
        movementId: command.paymentId,
        source: { context: 'virtual-accounts', resourceId: current.vaId },
        channel: current.bankCode,
        currency: 'IDR',
        grossAmount: command.amount,
        fee: command.fee,
        feeTax: command.feeTax,
        settledBySource: false,
        receivedAt: at,
      },
    },
  ];
  // Money counted once: a claimed payment's MoneyInReceived is the invoice's.
  if (command.claimedBy) events.splice(1, 1);
  if (current.isSingleUse) {
    events.push({ type: 'VirtualAccountDeactivated', data: { reason: 'SINGLE_USE_PAID', snapshot: { ...current, status: 'INACTIVE', updatedAt: at } } });
  }
  return events;
}

/**
 * One fixed (or invoice pool) virtual account. States and transitions (spec, "States and
 * transitions", plus docs/decisions.md): (new) → ACTIVE (test mode; PENDING in live mode until a
 * bank confirms); ACTIVE/PENDING → INACTIVE when its expiration date passes or is set to the
 * past; ACTIVE → INACTIVE after a payment when single use. INACTIVE refuses updates and payments.
 */
export const virtualAccountDecider: Decider<VirtualAccountCommand, VirtualAccountState, VirtualAccountStreamEvent> = {
  initialState: { exists: false },

  decide(command, state) {
    if (command.type === 'CreateVirtualAccount') return decideCreate(command, state);
    if (!state.exists) throw VirtualAccountErrors.notFound(command.vaId);
    switch (command.type) {
      case 'UpdateVirtualAccount':
        return decideUpdate(command, state.snapshot);
      case 'ExpireVirtualAccount':
        return decideExpire(command, state.snapshot);
      case 'ReceiveVirtualAccountPayment':
        return decidePayment(command, state.snapshot);
      default:
        return assertNever(command, 'virtual account command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'VirtualAccountCreated':
      case 'VirtualAccountUpdated':
      case 'VirtualAccountExpired':
      case 'VirtualAccountPaid':
      case 'VirtualAccountDeactivated':
        return { exists: true, snapshot: event.data.snapshot };
      case 'MoneyInReceived':
        return state;
      default:
        return assertNever(event, 'virtual account event');
    }
  },
};
