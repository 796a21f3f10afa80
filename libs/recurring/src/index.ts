export { RecurringModule } from './recurring.module';
export { recurringMigrations } from './read-models/recurring.migrations';
export { RECURRING_PROJECTION } from './read-models/recurring.projection';
export * from './domain/recurring.events';
export * from './application/create-recurring/create-recurring.command';
export * from './application/change-recurring/change-recurring.command';
export * from './application/get-recurring/get-recurring.query';
export { recurringToWire } from './http/recurring.response';
