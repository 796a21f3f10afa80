/**
 * Fixed payment codes (issue 7). `POST /fixed_payment_code/simulate_payment` pays a fixed code,
 * or (when the code is none of the business's fixed codes) an invoice's retail code through the
 * invoices context.
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
export * from './application/simulate-payment/simulate-till-payment.command';
export * from './application/update-payment-code/update-payment-code.command';
export * from './application/get-payment-code/get-payment-code.query';
export * from './application/search-payments/search-payment-code-payments.query';
export {
  CreatePaymentCodeRequestDto,
  UpdatePaymentCodeRequestDto,
  SimulateRetailPaymentRequestDto,
} from './http/payment-code.request.dto';
export { paymentCodeStream } from './domain/payment-code.events';
export { PAYMENT_CODE_EVENT_SCHEMAS } from './domain/payment-code.events';
/** The error codes this context may answer, with their statuses (libs/bootstrap/src/all-error-codes.ts). */
export { PAYMENT_CODE_ERROR_CODES } from './domain/payment-code.errors';
