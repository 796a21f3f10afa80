export { DashboardModule } from './dashboard.module';
export { dashboardMigrations } from './read-models/dashboard.migrations';
export { DASHBOARD_USERS_PROJECTION } from './read-models/dashboard-users.projection';
export * from './domain/roles';
export * from './domain/dashboard-team.events';
export * from './application/create-user/create-user.command';
export * from './application/change-role/change-role.command';
export * from './application/remove-user/remove-user.command';
export * from './application/list-users/list-users.query';
export { SCRYPT_PARAMETERS } from './application/password-hasher';
export { registerDashboardPage, type DashboardPageEntry } from './http/kit/page-registry';
export type { TransactionSource, TransactionDetail, HistoryRef, DetailContext } from './http/pages/transaction-source';
export * from './application/account/account.commands';
/** Operations and tests: the one readable copy of a mail sent without SMTP, and the outbox purge. */
export { DashboardMailer } from './application/mail/dashboard-mailer';
export { MailOutboxPurgeJob, MAIL_OUTBOX_PURGE_JOB } from './application/mail/mail-outbox-purge.job';
/** Tests: TOTP secrets stored before they were sealed (migration 3) are sealed at start. */
export { AccountSecurityStore } from './read-models/account-security.store';
/** The error codes this context may answer, with their statuses (libs/bootstrap/src/all-error-codes.ts). */
export { DASHBOARD_TEAM_ERROR_CODES } from './domain/dashboard-team.errors';
export { DASHBOARD_PAGE_ERROR_CODES } from './http/kit/dashboard-errors';
