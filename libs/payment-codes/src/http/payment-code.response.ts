import { simulatedPaymentSchema } from '@gateway/fixed-instruments';
import { documentCallback, namedSchema, schema } from '@gateway/http-edge';
import type { PaymentCodePayment, PaymentCodeSnapshot } from '../domain/payment-code.events';

/** The fixed payment code (create, update, get). */
export const PAYMENT_CODE_SCHEMA = namedSchema(
  'FixedPaymentCode',
  schema.object(
    {
      id: schema.string(),
      owner_id: schema.string('The business'),
      external_id: schema.string(),
      retail_outlet_name: schema.string('The chain: ALFAMART, INDOMARET'),
      prefix: schema.string("3 to 6 characters that set the business's codes apart"),
      name: schema.string("The payer's name, checked by the cashier"),
      payment_code: schema.string('The complete code the payer tells the cashier (prefix included)'),
      type: schema.oneOfStrings(['USER']),
      expected_amount: schema.amount(),
      is_single_use: schema.boolean('Inactive once paid'),
      expiration_date: schema.dateTime(),
      status: schema.oneOfStrings(['ACTIVE', 'INACTIVE']),
      created: schema.dateTime(),
      updated: schema.dateTime(),
    },
    { optional: ['expected_amount'] },
  ),
);

// In the callback's order: the payment and its owner, the code (its id, reference, value, outlet), then what was paid.
const PAID_FIELDS = {
  ...{
    fixed_payment_code_payment_id: schema.string(),
    owner_id: schema.string(),
    fixed_payment_code_id: schema.string(),
  },
  ...{
    payment_id: schema.string(),
    external_id: schema.string("The code's"),
    payment_code: schema.string(),
    prefix: schema.string(),
  },
  ...{
    retail_outlet_name: schema.string(),
    amount: schema.amount(),
    name: schema.string(),
    transaction_timestamp: schema.dateTime(),
  },
};

/** The `ro_fpc_paid` callback body. */
export const PAYMENT_CODE_PAID_CALLBACK_SCHEMA = namedSchema(
  'FixedPaymentCodePaidCallback',
  schema.object(PAID_FIELDS),
);

/** `GET /fixed_payment_code/{id}/payments`. */
export const PAYMENT_CODE_PAYMENTS_SCHEMA = namedSchema(
  'FixedPaymentCodePayments',
  schema.pageOf(schema.object({ ...PAID_FIELDS, status: schema.oneOfStrings(['COMPLETED']) })),
);

/** What a simulated till payment answers: a fixed code's payment, or the invoice whose code it is. */
export const SIMULATED_RETAIL_PAYMENT_SCHEMA = simulatedPaymentSchema('SimulatedRetailPayment', PAID_FIELDS, {
  own: 'A fixed payment code was paid',
  invoice: "An invoice's payment code was paid",
});

documentCallback({
  kind: 'ro_fpc_paid',
  tag: 'Retail payment codes',
  summary: 'Payment with a fixed payment code',
  description:
    'Sent for each payment made at a retail outlet with a fixed payment code. Three attempts, 30 seconds apart.',
  body: PAYMENT_CODE_PAID_CALLBACK_SCHEMA,
});

/** Create, update and get responses (spec resource fields, plus `status`, `created`, `updated`). */
export function paymentCodeToWire(code: PaymentCodeSnapshot): Record<string, unknown> {
  return {
    id: code.fpcId,
    owner_id: code.businessId,
    external_id: code.externalId,
    retail_outlet_name: code.retailOutletName,
    prefix: code.prefix,
    name: code.name,
    payment_code: code.paymentCode,
    type: 'USER',
    ...(code.expectedAmount !== undefined && { expected_amount: code.expectedAmount }),
    is_single_use: code.isSingleUse,
    expiration_date: code.expirationDate,
    status: code.status,
    created: code.createdAt,
    updated: code.updatedAt,
  };
}

/** The `ro_fpc_paid` callback body (spec, Events); also the items of `GET /fixed_payment_code/{id}/payments`. */
export function paymentCodePaidBody(payment: PaymentCodePayment, code: PaymentCodeSnapshot): Record<string, unknown> {
  return {
    fixed_payment_code_payment_id: payment.id,
    owner_id: code.businessId,
    fixed_payment_code_id: code.fpcId,
    payment_id: payment.paymentId,
    external_id: code.externalId,
    payment_code: code.paymentCode,
    prefix: code.prefix,
    retail_outlet_name: code.retailOutletName,
    amount: payment.amount,
    name: code.name,
    transaction_timestamp: payment.transactionTimestamp,
  };
}
