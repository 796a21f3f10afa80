export * from './all-event-schemas';
export * from './all-error-codes';
export * from './all-migrations';
export * from './core.module';
export * from './graceful-shutdown';
export * from './infrastructure';
export * from './run-main';
