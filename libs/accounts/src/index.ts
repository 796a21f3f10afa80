export { AccountsModule } from './accounts.module';
export { accountsMigrations } from './read-models/accounts.migrations';
export { BUSINESSES_PROJECTION } from './read-models/businesses.projection';
export * from './application/register-business/register-business.command';
export * from './application/advance-test-clock/advance-test-clock.command';
export * from './application/get-business/get-business.query';
