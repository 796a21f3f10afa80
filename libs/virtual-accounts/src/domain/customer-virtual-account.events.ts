import { declareEventSchemas } from '@gateway/domain';
import type { DomainEvent } from '@gateway/domain';
import type { Mode } from './virtual-account.events';

/**
 * Which fixed account is one customer's for one bank (`fixed_va: true` invoices). The stream is
 * named after a hash of (business, mode, bank, lower-cased payer email), so the email is not in
 * stream names; the account itself is named after the customer.
 */
export type CustomerVirtualAccountAssigned = DomainEvent<
  'CustomerVirtualAccountAssigned',
  {
    businessId: string;
    mode: Mode;
    bankCode: string;
    /** The account's id: derived from (business, mode, bank, number), so its stream can be opened later. */
    vaId: string;
    accountNumber: string;
    suffix: string;
    /** Set when this assignment replaces an account that can no longer take payments. */
    replacedVaId?: string;
    assignedAt: string;
  }
>;

export type CustomerVirtualAccountEvent = CustomerVirtualAccountAssigned;

export const customerVirtualAccountStream = (key: string) => `customerfva-${key}`;

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
export const CUSTOMER_VIRTUAL_ACCOUNT_EVENT_SCHEMAS = declareEventSchemas<CustomerVirtualAccountEvent>(
  'virtual-accounts',
  {
    CustomerVirtualAccountAssigned: 1,
  },
);
