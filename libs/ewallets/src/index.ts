export { EwalletsModule } from './ewallets.module';
export { ewalletsMigrations } from './read-models/ewallets.migrations';
export {
  EWALLETS_PROJECTION,
  OVO_PAYER_DECISION_JOB,
  EXPIRE_CHECKOUT_JOB,
} from './read-models/ewallet-payments.projection';
export { EWALLETS_RESOURCE, OVO_SYNC_VERSION, OVO_ASYNC_VERSION } from './http/ewallet-versions';
export {
  EWALLET_TYPES,
  AMOUNT_BOUNDS as EWALLET_AMOUNT_BOUNDS,
  LOCAL_PHONE,
  type EwalletType,
} from './domain/ewallet-types';
export { OVO_TEST_PHONES, OVO_FAILURE_CODES, LINKAJA_CHECKOUT_TOKEN_FAILURE_PHONE } from './domain/ovo-payer-simulator';
export * from './domain/ewallet-payment.events';
export * from './application/request-payment/request-ewallet-payment.command';
export * from './application/find-payment/find-ewallet-payment.query';
export * from './application/search-payments/search-ewallet-payments.query';
export type { EwalletPaymentView } from './read-models/ewallet-payment-view';
export { checkoutPath } from './http/ewallet.response';
/** The error codes this context may answer, with their statuses (libs/bootstrap/src/all-error-codes.ts). */
export { EWALLET_ERROR_CODES } from './domain/ewallet.errors';
