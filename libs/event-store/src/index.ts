export * from './event-envelope';
export * from './event-store.errors';
export * from './event-store.port';
export { EventStoreDbEventStore } from './eventstoredb/eventstoredb-event-store';
export { PostgresEventStore } from './postgres/postgres-event-store';
export { eventStoreMigrations } from './postgres/event-store.migrations';
export * from './aggregate/decide-and-append';
export * from './nest/event-store.module';
