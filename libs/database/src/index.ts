export * from './migration';
export * from './migrator';
export * from './embedded-postgres.server';
export * from './scheduler-wakeup';
export * from './database-url';
export * from './pg-listener';
export * from './lookup-combiner';
export * from './pooled-client';
