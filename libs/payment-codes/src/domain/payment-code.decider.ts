import { fixedInstrumentDecider, type InstrumentTypesOf } from '@gateway/fixed-instruments/domain';
import {
  type CreateInstrument,
  describeAmountRule,
  type InstrumentStreamEvent,
} from '@gateway/fixed-instruments/domain';
import { PaymentCodeErrors } from './payment-code.errors';
import {
  type Mode,
  PAYMENT_CODE_EVENT_NAMES,
  type PaymentCodeChanges,
  type PaymentCodeEvent,
} from './payment-code.events';
import { checkAmount, isInRange, MAX_AMOUNT, MIN_AMOUNT } from './payment-code.rules';

/** What a code's creation carries besides the kernel's fields. */
export interface PaymentCodeCreation {
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
}

/** An update as requested (`PATCH /fixed_payment_code/{id}`). */
export interface PaymentCodeUpdate {
  name?: string;
  expectedAmount?: number;
  expirationDate?: Date;
}

/** The kernel's type parameters for a fixed payment code. */
export type PaymentCodeTypes = InstrumentTypesOf<PaymentCodeEvent, PaymentCodeCreation, PaymentCodeUpdate>;
export type CreatePaymentCode = CreateInstrument<PaymentCodeTypes>;
export type PaymentCodeStreamEvent = InstrumentStreamEvent<PaymentCodeTypes, typeof PAYMENT_CODE_EVENT_NAMES>;

/**
 * One fixed payment code: the kernel's lifecycle (docs/decisions.md, "Fixed payment instruments
 * kernel") with the spec's retail rules. (new) → ACTIVE; ACTIVE → INACTIVE when
 * `expiration_date` passes or is set to the past, or after a payment when single use. INACTIVE
 * refuses updates and payments. Amounts are IDR 10,000 to 5,000,000; with an expected amount the
 * payment must be exactly it ("otherwise the payment is not completed").
 */
export const paymentCodeDecider = fixedInstrumentDecider<PaymentCodeTypes, typeof PAYMENT_CODE_EVENT_NAMES>({
  eventNames: PAYMENT_CODE_EVENT_NAMES,
  checkCreate(command) {
    if (!command.enabledOutlets.includes(command.retailOutletName))
      throw PaymentCodeErrors.outletNotSupported(command.retailOutletName);
    if (command.expectedAmount !== undefined) checkAmount(command.expectedAmount);
  },
  checkPlacement(command) {
    if (!isInRange(command.paymentCode, command.prefix))
      throw PaymentCodeErrors.outsideRange(command.paymentCode, command.prefix);
  },
  // The stream is named after the code: an existing stream means the code is taken.
  refusals: {
    ...PaymentCodeErrors,
    taken: (command) => PaymentCodeErrors.duplicate(command.paymentCode),
    amountMismatch: (rule, paid) => PaymentCodeErrors.amountMismatch(describeAmountRule(rule), paid),
  },
  termsOf: (command) => ({
    fpcId: command.instrumentId,
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
  }),
  openingStatus: () => 'ACTIVE',
  change(current, changes) {
    if (changes.expectedAmount !== undefined) checkAmount(changes.expectedAmount);
    const stored: PaymentCodeChanges = {
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.expectedAmount !== undefined && { expectedAmount: changes.expectedAmount }),
      ...(changes.expirationDate !== undefined && { expirationDate: changes.expirationDate.toISOString() }),
    };
    return { stored, snapshot: { ...current, ...stored } };
  },
  amountRule: (code) =>
    code.expectedAmount !== undefined ? { exactly: code.expectedAmount } : { from: MIN_AMOUNT, to: MAX_AMOUNT },
  paymentRecord: (fields, code) => ({
    id: fields.id,
    paymentId: fields.paymentId,
    fpcId: code.fpcId,
    amount: fields.amount,
    currency: fields.currency,
    transactionTimestamp: fields.transactionTimestamp,
  }),
  moneyIn: { context: 'payment-codes', channelOf: (code) => code.retailOutletName },
});
