export { ReportsModule } from './reports.module';
export { reportsMigrations } from './read-models/reports.migrations';
export { REPORTS_PROJECTION } from './read-models/reports.projection';
export * from './domain/report.events';
export type { ReportWire } from './application/report-view';
export * from './application/request-report/request-report.command';
export * from './application/get-report/get-report.query';
export * from './application/list-reports/list-reports.query';
/** The error codes this context may answer, with their statuses (libs/bootstrap/src/all-error-codes.ts). */
export { REPORT_ERROR_CODES } from './domain/report.errors';
