export * from './event-envelope';
export * from './event-store.errors';
export * from './event-store.port';
export { EventStoreDbEventStore } from './eventstoredb/eventstoredb-event-store';
export { PostgresEventStore } from './postgres/postgres-event-store';
export { postgresLogHead } from './postgres/postgres-log-metrics';
export { eventStoreMigrations } from './postgres/event-store.migrations';
export * from './aggregate/aggregate-state-cache';
export * from './aggregate/decide-and-append';
export * from './aggregate/create-stream';
export * from './nest/event-store.module';
export * from './chain/chain-hash';
export { canonicalJson } from './chain/canonical-json';
export * from './pipeline/command-pipeline';
export * from './pipeline/read-your-writes';
export { ReadYourWritesLagLog } from './pipeline/lag-log';
export * from './schema/event-schema-registry';
/** The error codes this context may answer, with their statuses (libs/bootstrap/src/all-error-codes.ts). */
export { EVENT_STORE_ERROR_CODES } from './nest/event-store-http-errors';
