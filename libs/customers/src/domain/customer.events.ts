import { declareEventSchemas } from '@gateway/domain';
import type { DomainEvent } from '@gateway/domain';
import type { CustomerChanges, CustomerProfile } from './customer-profile';

export type Mode = 'test' | 'live';

/** A customer as created: whose, its reference and profile. */
export interface CreatedCustomer {
  customerId: string;
  businessId: string;
  mode: Mode;
  referenceId: string;
  profile: CustomerProfile;
  createdAt: string;
}

export type CustomerCreated = DomainEvent<'CustomerCreated', CreatedCustomer>;

/** Only the fields that changed; `null` removed a field. */
export type CustomerUpdated = DomainEvent<
  'CustomerUpdated',
  { customerId: string; changes: CustomerChanges; updatedAt: string }
>;

export type CustomerEvent = CustomerCreated | CustomerUpdated;

/** Customer ids already carry the spec's `cust-` prefix: the stream is `customer-cust-<uuid>`. */
export const customerStream = (customerId: string) => `customer-${customerId}`;

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
export const CUSTOMER_EVENT_SCHEMAS = declareEventSchemas<CustomerEvent>('customers', {
  CustomerCreated: 1,
  CustomerUpdated: 1,
});

export const CUSTOMER_EVENT_TYPES = CUSTOMER_EVENT_SCHEMAS.types;
