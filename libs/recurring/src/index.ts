export { RecurringModule } from './recurring.module';
export { recurringMigrations } from './read-models/recurring.migrations';
export { RECURRING_PROJECTION } from './read-models/recurring.projection';
export { CYCLE_JOB_KEYS } from './application/run-cycle/cycle-job-keys';
export { FIRST_CYCLE_FALLBACK_MS } from './application/run-cycle/schedule-cycle';
export * from './domain/recurring.events';
export * from './application/create-recurring/create-recurring.command';
export * from './application/change-recurring/change-recurring.command';
export * from './application/get-recurring/get-recurring.query';
export { recurringToWire } from './http/recurring.response';
/** The error codes this context may answer, with their statuses (libs/bootstrap/src/all-error-codes.ts). */
export { RECURRING_ERROR_CODES } from './domain/recurring.errors';
