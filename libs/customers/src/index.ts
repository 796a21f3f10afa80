export { CustomersModule } from './customers.module';
export { customersMigrations } from './read-models/customers.migrations';
export { CUSTOMERS_PROJECTION } from './read-models/customers.projection';
export { CUSTOMERS_RESOURCE, CURRENT_CUSTOMER_VERSION, LEGACY_CUSTOMER_VERSION } from './http/customer-versions';
export {
  CUSTOMER_EVENT_TYPES,
  type CustomerEvent,
  type CustomerCreated,
  type CustomerUpdated,
} from './domain/customer.events';
export { applyCustomerChanges, type CustomerProfile, type CustomerChanges } from './domain/customer-profile';
export { GetCustomerQuery } from './application/get-customer/get-customer.query';
export type { CustomerView } from './read-models/customer-view';
export { CUSTOMER_EVENT_SCHEMAS } from './domain/customer.events';
export { CUSTOMER_REFERENCE_EVENT_SCHEMAS } from './domain/customer-reference.decider';
/** The error codes this context may answer, with their statuses (libs/bootstrap/src/all-error-codes.ts). */
export { CUSTOMER_ERROR_CODES } from './domain/customer.errors';
