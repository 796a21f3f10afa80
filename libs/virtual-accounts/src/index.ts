/**
 * Fixed virtual accounts (issue 7). `POST /pool_virtual_accounts/simulate_payment` pays a fixed
 * account, or (when the number is none of the business's fixed accounts) an invoice's POOL number
 * through the invoices context.
 */
export { VirtualAccountsModule } from './virtual-accounts.module';
export { virtualAccountsMigrations } from './read-models/virtual-accounts.migrations';
export { VIRTUAL_ACCOUNTS_PROJECTION, EXPIRE_VIRTUAL_ACCOUNT_JOB } from './read-models/virtual-accounts.projection';
export { VA_BANKS, type VaBank } from './domain/va-banks';
export {
  VIRTUAL_ACCOUNT_EVENT_TYPES,
  type VirtualAccountEvent,
  type VirtualAccountPaid,
  type VirtualAccountPayment,
  type VirtualAccountSnapshot,
  type VirtualAccountOrigin,
  type VirtualAccountStatus,
} from './domain/virtual-account.events';
export * from './application/create-virtual-account/create-virtual-account.command';
export * from './application/simulate-payment/simulate-bank-transfer.command';
export * from './application/update-virtual-account/update-virtual-account.command';
export * from './application/get-virtual-account/get-virtual-account.query';
export * from './application/search-payments/search-virtual-account-payments.query';
export {
  CreateVirtualAccountRequestDto,
  UpdateVirtualAccountRequestDto,
  SimulateVirtualAccountPaymentRequestDto,
  virtualAccountTermsOf,
} from './http/virtual-account.request.dto';
export { virtualAccountStream } from './domain/virtual-account.events';
export { VIRTUAL_ACCOUNT_EVENT_SCHEMAS } from './domain/virtual-account.events';
export { CUSTOMER_VIRTUAL_ACCOUNT_EVENT_SCHEMAS } from './domain/customer-virtual-account.events';
/** The error codes this context may answer, with their statuses (libs/bootstrap/src/all-error-codes.ts). */
export { VIRTUAL_ACCOUNT_ERROR_CODES } from './domain/virtual-account.errors';
