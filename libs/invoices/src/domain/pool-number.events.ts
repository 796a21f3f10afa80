import { declareEventSchemas } from '@gateway/domain';
import type { DomainEvent } from '@gateway/domain';

/**
 * One reservable number of a pool (a POOL virtual account number of one bank, or an invoice
 * retail payment code): a reservation stream per number, so uniqueness holds under parallel
 * requests on every event store (design §4).
 */
export type PoolNumberReserved = DomainEvent<
  'PoolNumberReserved',
  { number: string; invoiceId: string; reservedUntil: string; reservedAt: string }
>;
/** The previous reservation ran out (its invoice's expiry passed) and the number was taken again. */
export type PoolNumberReleased = DomainEvent<
  'PoolNumberReleased',
  { number: string; invoiceId: string; releasedAt: string }
>;

export type PoolNumberEvent = PoolNumberReserved | PoolNumberReleased;

export type PoolKind = 'va' | 'retail';

/** VA numbers are per business (the number starts with its merchant code); retail codes are global per chain. */
export const poolNumberStream = (kind: PoolKind, scope: string, number: string) =>
  kind === 'va' ? `invoicepoolva-${scope}.${number}` : `invoiceretailcode-${scope}.${number}`;

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
export const POOL_NUMBER_EVENT_SCHEMAS = declareEventSchemas<PoolNumberEvent>('invoices', {
  PoolNumberReserved: 1,
  PoolNumberReleased: 1,
});
