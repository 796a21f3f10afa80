import { simulatedPaymentSchema } from '@gateway/fixed-instruments';
import { documentCallback, namedSchema, schema } from '@gateway/http-edge';
import type { VirtualAccountPayment, VirtualAccountSnapshot } from '../domain/virtual-account.events';

const ACCOUNT_FIELDS = {
  id: schema.string(),
  owner_id: schema.string('The business'),
  external_id: schema.string(),
  merchant_code: schema.string("The prefix of the business's numbers at this bank"),
  account_number: schema.string('The complete number the payer enters (merchant code included)'),
  bank_code: schema.string(),
  name: schema.string('Shown to the payer'),
  is_closed: schema.boolean('Only `expected_amount` can be paid'),
  is_single_use: schema.boolean('Inactive once paid'),
  status: schema.oneOfStrings(['PENDING', 'ACTIVE', 'INACTIVE']),
  expiration_date: schema.dateTime(),
  updated: schema.dateTime(),
  created: schema.dateTime(),
  suggested_amount: schema.amount(),
  expected_amount: schema.amount(),
};

/** The `fva_status` callback body: the account, sent when it is created or changed. */
export const VIRTUAL_ACCOUNT_CALLBACK_SCHEMA = namedSchema(
  'FixedVirtualAccountCallback',
  schema.object(ACCOUNT_FIELDS, { optional: ['suggested_amount', 'expected_amount'] }),
);

/** The fixed virtual account (create, update, get). */
export const VIRTUAL_ACCOUNT_SCHEMA = namedSchema(
  'FixedVirtualAccount',
  schema.object(
    { ...ACCOUNT_FIELDS, currency: schema.string() },
    { optional: ['suggested_amount', 'expected_amount'] },
  ),
);

const PAYMENT_FIELDS = {
  id: schema.string('The callback payment id'),
  payment_id: schema.string(),
  callback_virtual_account_id: schema.string('The paid account'),
  external_id: schema.string("The account's"),
  merchant_code: schema.string(),
  account_number: schema.string('The number without the merchant code'),
  bank_code: schema.string(),
  amount: schema.amount(),
  transaction_timestamp: schema.dateTime(),
};

/** A payment to a fixed virtual account (`GET /callback_virtual_account_payments/payment_id={id}`). */
export const VIRTUAL_ACCOUNT_PAYMENT_SCHEMA = namedSchema('FixedVirtualAccountPayment', schema.object(PAYMENT_FIELDS));

/** The `fva_paid` callback body. */
export const VIRTUAL_ACCOUNT_PAID_CALLBACK_SCHEMA = namedSchema(
  'FixedVirtualAccountPaidCallback',
  schema.object({
    ...PAYMENT_FIELDS,
    owner_id: schema.string(),
    updated: schema.dateTime(),
    created: schema.dateTime(),
  }),
);

/** What a simulated payment answers: a fixed account's payment, or the invoice a POOL number belongs to. */
export const SIMULATED_VA_PAYMENT_SCHEMA = simulatedPaymentSchema('SimulatedVirtualAccountPayment', PAYMENT_FIELDS, {
  own: 'A fixed virtual account was paid',
  invoice: "An invoice's POOL number was paid",
});

documentCallback({
  kind: 'fva_status',
  tag: 'Virtual accounts',
  summary: 'Fixed virtual account created or changed',
  description:
    'Sent when a fixed virtual account becomes ACTIVE, is updated, or becomes INACTIVE (expired, ' +
    'or paid when single-use). Three attempts, 30 seconds apart.',
  body: VIRTUAL_ACCOUNT_CALLBACK_SCHEMA,
});

documentCallback({
  kind: 'fva_paid',
  tag: 'Virtual accounts',
  summary: 'Payment to a fixed virtual account',
  description:
    'Sent for each payment into a fixed virtual account. Verify it with `GET ' +
    '/callback_virtual_account_payments/payment_id={payment_id}`. Three attempts, 30 seconds apart.',
  body: VIRTUAL_ACCOUNT_PAID_CALLBACK_SCHEMA,
});

/** The fixed virtual account as the `fva_status` callback sends it (spec, Events). */
export function virtualAccountCallbackBody(va: VirtualAccountSnapshot): Record<string, unknown> {
  return {
    id: va.vaId,
    owner_id: va.businessId,
    external_id: va.externalId,
    merchant_code: va.merchantCode,
    account_number: va.accountNumber,
    bank_code: va.bankCode,
    name: va.name,
    is_closed: va.isClosed,
    is_single_use: va.isSingleUse,
    status: va.status,
    expiration_date: va.expirationDate,
    updated: va.updatedAt,
    created: va.createdAt,
    ...(va.suggestedAmount !== undefined && { suggested_amount: va.suggestedAmount }),
    ...(va.expectedAmount !== undefined && { expected_amount: va.expectedAmount }),
  };
}

/** Create, update and get responses: the callback's fields plus the currency. */
export function virtualAccountToWire(va: VirtualAccountSnapshot): Record<string, unknown> {
  return { ...virtualAccountCallbackBody(va), currency: va.currency };
}

/** The read resource of a payment; `account_number` without the merchant code, as in the paid callback. */
export function virtualAccountPaymentToWire(
  payment: VirtualAccountPayment,
  va: VirtualAccountSnapshot,
): Record<string, unknown> {
  return {
    id: payment.id,
    payment_id: payment.paymentId,
    callback_virtual_account_id: va.vaId,
    external_id: va.externalId,
    merchant_code: va.merchantCode,
    account_number: va.suffix,
    bank_code: va.bankCode,
    amount: payment.amount,
    transaction_timestamp: payment.transactionTimestamp,
  };
}

/** The `fva_paid` callback body (spec, Events). */
export function virtualAccountPaidCallbackBody(
  payment: VirtualAccountPayment,
  va: VirtualAccountSnapshot,
): Record<string, unknown> {
  return {
    ...virtualAccountPaymentToWire(payment, va),
    owner_id: va.businessId,
    updated: payment.transactionTimestamp,
    created: payment.transactionTimestamp,
  };
}
