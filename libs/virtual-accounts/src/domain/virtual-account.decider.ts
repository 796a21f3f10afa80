import {
  type CreateInstrument,
  fixedInstrumentDecider,
  type InstrumentStreamEvent,
  type InstrumentTypesOf,
  type Mode,
} from '@gateway/fixed-instruments/domain';
import { VA_BANKS, type VaBank } from './va-banks';
import { VirtualAccountErrors } from './virtual-account.errors';
import type { VirtualAccountChanges, VirtualAccountEvent, VirtualAccountSnapshot } from './virtual-account.events';
import { VIRTUAL_ACCOUNT_EVENT_NAMES } from './virtual-account.events';
import { checkAmountTerms } from './virtual-account.rules';

/** What a fixed (or invoice pool) account's creation carries besides the kernel's fields. */
export interface VirtualAccountCreation {
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
  /** True where the (simulated) bank confirms the number at once: the account starts ACTIVE, else PENDING. */
  confirmedByBank: boolean;
}

/** An update as requested: the stored changes, with the expiration date as an instant. */
export type VirtualAccountUpdate = Omit<VirtualAccountChanges, 'expirationDate'> & { expirationDate?: Date };

/** The kernel's type parameters for a virtual account. */
export type VirtualAccountTypes = InstrumentTypesOf<VirtualAccountEvent, VirtualAccountCreation, VirtualAccountUpdate>;
export type CreateVirtualAccount = CreateInstrument<VirtualAccountTypes>;
export type VirtualAccountStreamEvent = InstrumentStreamEvent<VirtualAccountTypes, typeof VIRTUAL_ACCOUNT_EVENT_NAMES>;

function bankOf(code: string): VaBank | undefined {
  return VA_BANKS.find((bank) => bank.code === code);
}

/**
 * The spec's update rules, checked on the account as it would be after the change; closing an
 * account drops its suggestion (a closed account takes expected_amount only).
 */
function changeAccount(current: VirtualAccountSnapshot, changes: VirtualAccountUpdate) {
  const bank = bankOf(current.bankCode)!;
  const isClosed = changes.isClosed ?? current.isClosed;
  const expectedAmount = changes.expectedAmount ?? current.expectedAmount;
  const suggestedAmount = changes.suggestedAmount ?? current.suggestedAmount;
  checkAmountTerms(bank, {
    isClosed,
    expectedAmount,
    suggestedAmount: isClosed && changes.suggestedAmount === undefined ? undefined : suggestedAmount,
  });
  const stored: VirtualAccountChanges = {
    ...(changes.suggestedAmount !== undefined && { suggestedAmount: changes.suggestedAmount }),
    ...(changes.expectedAmount !== undefined && { expectedAmount: changes.expectedAmount }),
    ...(changes.expirationDate !== undefined && { expirationDate: changes.expirationDate.toISOString() }),
    ...(changes.isSingleUse !== undefined && { isSingleUse: changes.isSingleUse }),
    ...(changes.isClosed !== undefined && { isClosed: changes.isClosed }),
  };
  const { suggestedAmount: _dropped, ...withoutSuggestion } = current;
  const base = isClosed ? withoutSuggestion : current;
  const snapshot: VirtualAccountSnapshot = {
    ...base,
    ...(stored.suggestedAmount !== undefined && { suggestedAmount: stored.suggestedAmount }),
    ...(stored.expectedAmount !== undefined && { expectedAmount: stored.expectedAmount }),
    ...(stored.expirationDate !== undefined && { expirationDate: stored.expirationDate }),
    ...(stored.isSingleUse !== undefined && { isSingleUse: stored.isSingleUse }),
    isClosed,
  };
  return { stored, snapshot };
}

/**
 * One fixed (or invoice pool) virtual account: the kernel's lifecycle (docs/decisions.md, "Fixed
 * payment instruments kernel") with the spec's VA rules. (new) → ACTIVE (test mode; PENDING in
 * live mode until a bank confirms); ACTIVE/PENDING → INACTIVE when its expiration date passes or
 * is set to the past; ACTIVE → INACTIVE after a payment when single use. INACTIVE refuses updates
 * and payments. A closed account takes exactly its expected amount.
 */
export const virtualAccountDecider = fixedInstrumentDecider<VirtualAccountTypes, typeof VIRTUAL_ACCOUNT_EVENT_NAMES>({
  eventNames: VIRTUAL_ACCOUNT_EVENT_NAMES,
  refusals: {
    ...VirtualAccountErrors,
    // The stream is named after the number: an existing stream means the number is taken.
    taken: (command) => VirtualAccountErrors.numberTaken(`${command.merchantCode}${command.suffix}`),
    amountMismatch: (rule, paid) => VirtualAccountErrors.amountMismatch('exactly' in rule ? rule.exactly : 0, paid),
  },
  checkCreate(command) {
    const bank = bankOf(command.bankCode);
    if (!bank || !command.enabledBankCodes.includes(bank.code))
      throw VirtualAccountErrors.bankNotSupported(command.bankCode);
    checkAmountTerms(bank, command);
  },
  termsOf: (command) => ({
    vaId: command.instrumentId,
    businessId: command.businessId,
    mode: command.mode,
    externalId: command.externalId,
    bankCode: command.bankCode,
    merchantCode: command.merchantCode,
    suffix: command.suffix,
    accountNumber: `${command.merchantCode}${command.suffix}`,
    name: command.name,
    currency: 'IDR',
    ...(command.suggestedAmount !== undefined && { suggestedAmount: command.suggestedAmount }),
    isClosed: command.isClosed,
    ...(command.expectedAmount !== undefined && { expectedAmount: command.expectedAmount }),
    isSingleUse: command.isSingleUse,
  }),
  openingStatus: (command) => (command.confirmedByBank ? 'ACTIVE' : 'PENDING'),
  change: changeAccount,
  amountRule: (account) => (account.isClosed ? { exactly: account.expectedAmount ?? 0 } : { any: true }),
  paymentRecord: ({ id, paymentId, amount, currency, transactionTimestamp }, account) => ({
    id,
    paymentId,
    vaId: account.vaId,
    amount,
    currency,
    transactionTimestamp,
  }),
  moneyIn: { context: 'virtual-accounts', channelOf: (account) => account.bankCode },
});
