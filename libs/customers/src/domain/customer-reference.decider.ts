import { assertNever, type Decider, declareEventSchemas, type DomainEvent } from '@gateway/domain';
import { CustomerErrors } from './customer.errors';
import type { Mode } from './customer.events';

/**
 * `reference_id` is unique per business and mode (docs/decisions.md, "Customers"). Each value
 * has a reservation stream appended with `no_stream` first (design §4): of two concurrent
 * creations exactly one appends, the other reloads, sees the holder and fails with
 * DUPLICATE_ERROR. Only then is the customer's own stream written.
 *
 * A creation whose customer append failed releases its reservation at once (after checking that
 * its customer stream was not written), so the merchant's corrected retry is not refused. One
 * that died between the two appends (a crash) leaves a reservation without a customer; once it is
 * older than ORPHAN_AFTER_MS (far longer than any request lives) a new creation takes it over,
 * guarded by the stream's revision.
 */
export const ORPHAN_AFTER_MS = 60_000;

export type CustomerReferenceReserved = DomainEvent<
  'CustomerReferenceReserved',
  { businessId: string; mode: Mode; referenceId: string; customerId: string; reservedAt: string }
>;
export type CustomerReferenceReassigned = DomainEvent<
  'CustomerReferenceReassigned',
  {
    businessId: string;
    mode: Mode;
    referenceId: string;
    customerId: string;
    previousCustomerId: string;
    reassignedAt: string;
  }
>;
/** The holder's creation failed before its customer existed: the reference is free again. */
export type CustomerReferenceReleased = DomainEvent<
  'CustomerReferenceReleased',
  { businessId: string; mode: Mode; referenceId: string; customerId: string; releasedAt: string }
>;
export type CustomerReferenceEvent =
  CustomerReferenceReserved | CustomerReferenceReassigned | CustomerReferenceReleased;

export interface ReserveCustomerReference {
  type: 'ReserveCustomerReference';
  businessId: string;
  mode: Mode;
  referenceId: string;
  customerId: string;
  /** What the handler found about a holder it read before deciding: whether its customer stream exists. */
  holderChecked?: { customerId: string; exists: boolean };
  now: Date;
}

/**
 * Sent by the creation that holds the reservation, after its customer append failed and its customer stream is known
 * not to exist.
 */
export interface ReleaseCustomerReference {
  type: 'ReleaseCustomerReference';
  businessId: string;
  mode: Mode;
  referenceId: string;
  customerId: string;
  now: Date;
}

export type CustomerReferenceCommand = ReserveCustomerReference | ReleaseCustomerReference;

export type CustomerReferenceState = { status: 'free' } | { status: 'reserved'; customerId: string; since: string };

export const customerReferenceDecider: Decider<
  CustomerReferenceCommand,
  CustomerReferenceState,
  CustomerReferenceEvent
> = {
  initialState: { status: 'free' },

  decide(command, state) {
    const { businessId, mode, referenceId, customerId } = command;
    if (command.type === 'ReleaseCustomerReference') {
      // Only the holder releases; a reference already free or taken over by another creation stays as it is.
      if (state.status !== 'reserved' || state.customerId !== customerId) return [];
      return [
        {
          type: 'CustomerReferenceReleased',
          data: { businessId, mode, referenceId, customerId, releasedAt: command.now.toISOString() },
        },
      ];
    }
    if (state.status === 'free') {
      return [
        {
          type: 'CustomerReferenceReserved',
          data: { businessId, mode, referenceId, customerId, reservedAt: command.now.toISOString() },
        },
      ];
    }
    if (state.customerId === customerId) return [];
    const holderIsGone = command.holderChecked?.customerId === state.customerId && !command.holderChecked.exists;
    const orphaned = holderIsGone && command.now.getTime() - Date.parse(state.since) > ORPHAN_AFTER_MS;
    if (!orphaned) throw CustomerErrors.duplicateReference(referenceId);
    return [
      {
        type: 'CustomerReferenceReassigned',
        data: {
          businessId,
          mode,
          referenceId,
          customerId,
          previousCustomerId: state.customerId,
          reassignedAt: command.now.toISOString(),
        },
      },
    ];
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'CustomerReferenceReserved':
        return { status: 'reserved', customerId: event.data.customerId, since: event.data.reservedAt };
      case 'CustomerReferenceReassigned':
        return { status: 'reserved', customerId: event.data.customerId, since: event.data.reassignedAt };
      case 'CustomerReferenceReleased':
        return { status: 'free' };
      default:
        return assertNever(event, 'customer reference event');
    }
  },
};

/**
 * Stream ids must be bounded and free of separators whatever the merchant's reference looks
 * like: the handler names the stream by a digest of (business, mode, reference).
 */
export const customerReferenceStream = (digest: string) => `customerref-${digest}`;

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
export const CUSTOMER_REFERENCE_EVENT_SCHEMAS = declareEventSchemas<CustomerReferenceEvent>('customers', {
  CustomerReferenceReserved: 1,
  CustomerReferenceReassigned: 1,
  CustomerReferenceReleased: 1,
});
