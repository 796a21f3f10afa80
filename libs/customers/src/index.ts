export { CustomersModule } from './customers.module';
export { customersMigrations } from './read-models/customers.migrations';
export { CUSTOMERS_PROJECTION } from './read-models/customers.projection';
export { CUSTOMERS_RESOURCE, CURRENT_CUSTOMER_VERSION, LEGACY_CUSTOMER_VERSION } from './http/customer-versions';
