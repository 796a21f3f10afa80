/**
 * The fixed payment instruments kernel (issue 22, item 4): what fixed virtual accounts and retail
 * payment codes share (number allocation, lifecycle, payments, expiry, simulation, read model).
 * Each context keeps only what differs: its event names and wire shapes, its error codes and
 * spec rules, its renderers. The pure part is also `@gateway/fixed-instruments/domain`, which
 * the contexts' domain folders use.
 */
export * from './domain';
export * from './application/instrument-kind';
export * from './application/instrument-identity';
export * from './application/instrument-requests';
export * from './application/fixed-instruments';
export * from './read-models/instrument-read-model';
export * from './read-models/instrument-queries';
export * from './http/simulated-payment.response';
export * from './testing/instrument-fixtures';
export * from './http/instrument-opening.request';
export * from './application/instrument-expiry.job';
export * from './http/instrument-change-errors';
