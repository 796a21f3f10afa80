export * from './clock.port';
export * from './system-clock';
export * from './fixed-clock';
export * from './business-clock';
export * from './test-clock.store';
export * from './business-now.sql';
export * from './clock.migrations';
