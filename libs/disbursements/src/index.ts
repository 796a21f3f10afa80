export { DisbursementsModule } from './disbursements.module';
export { disbursementsMigrations } from './read-models/disbursements.migrations';
export { DISBURSEMENTS_PROJECTION } from './read-models/disbursements.projection';
export { MONEY_OUT_PROCESS } from './application/money-out/money-out-process-manager';
export * from './domain/disbursement.events';
export { DISBURSEMENT_BANKS } from './domain/banks';
export {
  DISBURSEMENT_FAILURE_CODES,
  TEST_FAILING_ACCOUNTS,
  type DisbursementFailureCode,
} from './domain/bank-rail-simulator';
export { nextExecutionTime } from './domain/operating-windows';
export type { DisbursementView } from './application/disbursement-view';
export * from './application/create-disbursements/create-disbursements.command';
export * from './application/get-disbursement/get-disbursement.query';
export * from './application/search-disbursements/search-disbursements.query';
export {
  disbursementToWire,
  renderDisbursementCallback,
  renderDisbursementCallbackFromEvent,
} from './http/disbursement.response';
export { CreateDisbursementRequestDto, toDisbursementRequest } from './http/disbursement.request.dto';
/** The error codes this context may answer, with their statuses (libs/bootstrap/src/all-error-codes.ts). */
export { DISBURSEMENT_ERROR_CODES } from './domain/disbursement.errors';
