export * from './scheduled-job';
export * from './scheduler';
export * from './job-keys';
export * from './scheduler.migrations';
export * from './job-runner';
export * from './scheduled-job-handler.decorator';
export * from './scheduler-metrics';
