export * from './config/app-config';
export * from './database/migration';
export * from './database/migrator';
export * from './database/embedded-postgres.server';
