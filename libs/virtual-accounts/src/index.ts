/**
 * Fixed virtual accounts (issue 7). For invoices (issue 8): `ReserveInvoiceVirtualAccountCommand`
 * opens a closed, single-use pool account for an invoice's transfer amount;
 * `SimulateVirtualAccountPaymentCommand` pays it (test mode); `VirtualAccountPaid` events whose
 * `snapshot.origin.kind` is `invoice` tell the invoice it was paid. The payment's
 * `MoneyInReceived` is appended here: the invoice context must not append its own.
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
export * from './application/reserve-invoice-virtual-account/reserve-invoice-virtual-account.command';
export * from './application/simulate-payment/simulate-virtual-account-payment.command';
export * from './application/update-virtual-account/update-virtual-account.command';
export * from './application/get-virtual-account/get-virtual-account.query';
