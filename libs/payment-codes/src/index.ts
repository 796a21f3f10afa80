/**
 * Fixed payment codes (issue 7). For invoices (issue 8): `ReserveInvoicePaymentCodeCommand`
 * gives an invoice a single-use code at one chain for its exact transfer amount;
 * `SimulateRetailPaymentCommand` pays it (test mode); `FixedPaymentCodePaid` events whose
 * `snapshot.origin.kind` is `invoice` tell the invoice it was paid. The payment's
 * `MoneyInReceived` is appended here: the invoice context must not append its own.
 */
export { PaymentCodesModule } from './payment-codes.module';
export { paymentCodesMigrations } from './read-models/payment-codes.migrations';
export { PAYMENT_CODES_PROJECTION, EXPIRE_PAYMENT_CODE_JOB } from './read-models/payment-codes.projection';
export { RETAIL_OUTLETS, type RetailOutlet } from './domain/retail-outlets';
export {
  PAYMENT_CODE_EVENT_TYPES,
  type PaymentCodeEvent,
  type FixedPaymentCodePaid,
  type PaymentCodePayment,
  type PaymentCodeSnapshot,
  type PaymentCodeOrigin,
  type PaymentCodeStatus,
} from './domain/payment-code.events';
export * from './application/create-payment-code/create-payment-code.command';
export * from './application/reserve-invoice-payment-code/reserve-invoice-payment-code.command';
export * from './application/simulate-payment/simulate-retail-payment.command';
export * from './application/update-payment-code/update-payment-code.command';
export * from './application/get-payment-code/get-payment-code.query';
