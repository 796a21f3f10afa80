import { declareEventSchemas } from '@gateway/domain';
import type { DomainEvent } from '@gateway/domain';

/**
 * Until 2026-11-29 each POOL number (a POOL virtual account number of one bank, or an invoice
 * retail payment code) was a reservation stream with these events. Numbers are now claimed with
 * the invoice's append (PoolAllocator; the claim key is the old stream's name, so event-store
 * migration 6 and invoices migration 3 carried live reservations over). The events stay declared:
 * logs written before hold them, and an auditor reads them.
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

/**
 * The claim key of a number (the name its reservation stream had). VA numbers are per business (the
 * number starts with its merchant code); retail codes are global per chain.
 */
export const poolNumberKey = (kind: PoolKind, scope: string, number: string) =>
  kind === 'va' ? `invoicepoolva-${scope}.${number}` : `invoiceretailcode-${scope}.${number}`;

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
export const POOL_NUMBER_EVENT_SCHEMAS = declareEventSchemas<PoolNumberEvent>('invoices', {
  PoolNumberReserved: 1,
  PoolNumberReleased: 1,
});
