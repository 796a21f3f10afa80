export { RequestLogModule } from './request-log.module';
export { requestLogMigrations } from './read-models/request-log.migrations';
export { RequestLogWriter } from './application/record/request-log-writer';
export { RequestLogSweeper, type SweepResult } from './application/sweep/request-log-sweeper';
export { STATUS_CLASSES, type StatusClass } from './domain/status-class';
export * from './application/list-request-logs/list-request-logs.query';
export { requestLogEntryToWire } from './http/request-log.response';
