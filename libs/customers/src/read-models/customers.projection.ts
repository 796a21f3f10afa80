import { assertNever } from '@gateway/domain';
import type { RecordedEvent } from '@gateway/event-store';
import type { BatchColumn } from '@gateway/projections';
import { DescribedProjection, InjectableProjection, insertRows, typedEvents } from '@gateway/projections';
import type { ClientBase } from 'pg';
import { applyCustomerChanges, type CustomerProfile } from '../domain/customer-profile';
import { CUSTOMER_EVENT_TYPES, type CustomerEvent } from '../domain/customer.events';

export const CUSTOMERS_PROJECTION = 'customers.customers';

type Created = Extract<CustomerEvent, { type: 'CustomerCreated' }>['data'];
type Updated = Extract<CustomerEvent, { type: 'CustomerUpdated' }>['data'];

/** A created customer's row: last updated at its creation. */
const CREATED_COLUMNS: BatchColumn<Created>[] = [
  { name: 'customer_id', type: 'text', value: (customer) => customer.customerId },
  { name: 'business_id', type: 'text', value: (customer) => customer.businessId },
  { name: 'mode', type: 'text', value: (customer) => customer.mode },
  { name: 'reference_id', type: 'text', value: (customer) => customer.referenceId },
  { name: 'profile', type: 'jsonb', value: (customer) => JSON.stringify(customer.profile) },
  { name: 'created_at', type: 'timestamptz', value: (customer) => customer.createdAt },
  { name: 'updated_at', type: 'timestamptz', value: (customer) => customer.createdAt },
];

/** Customer profiles for GET /customers/{id} and the lookup by reference. */
@InjectableProjection()
export class CustomersProjection extends DescribedProjection {
  constructor() {
    super({ name: CUSTOMERS_PROJECTION, tables: ['customers'], eventTypes: CUSTOMER_EVENT_TYPES });
  }

  /**
   * A batch in at most three statements: insert the created rows, read (and lock) the profiles
   * the batch changes, write each changed profile once with all its changes applied in order.
   */
  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    const created = new Map<string, Created>();
    const updates: Updated[] = [];
    for (const { event } of typedEvents<CustomerEvent>(events)) {
      switch (event.type) {
        case 'CustomerCreated':
          if (!created.has(event.data.customerId)) created.set(event.data.customerId, event.data);
          break;
        case 'CustomerUpdated':
          updates.push(event.data);
          break;
        default:
          assertNever(event, 'customer event');
      }
    }
    await insertRows(tx, 'customers', CREATED_COLUMNS, [...created.values()], 'ON CONFLICT (customer_id) DO NOTHING');
    if (updates.length === 0) return;
    const ids = [...new Set(updates.map((update) => update.customerId))].sort();
    const { rows } = await tx.query<{ customer_id: string; profile: CustomerProfile }>(
      'SELECT customer_id, profile FROM customers WHERE customer_id = ANY($1::text[]) ORDER BY customer_id FOR UPDATE',
      [ids],
    );
    const changed = new Map<string, { profile: CustomerProfile; updatedAt: string }>();
    const stored = new Map(rows.map((row) => [row.customer_id, row.profile]));
    for (const update of updates) {
      const profile = changed.get(update.customerId)?.profile ?? stored.get(update.customerId);
      if (!profile) continue; // no such row: nothing to change, as one UPDATE per event would find
      changed.set(update.customerId, {
        profile: applyCustomerChanges(profile, update.changes),
        updatedAt: update.updatedAt,
      });
    }
    if (changed.size === 0) return;
    const written = [...changed.keys()].sort();
    await tx.query(
      `UPDATE customers AS c SET profile = u.profile, updated_at = u.updated_at
         FROM unnest($1::text[], $2::jsonb[], $3::timestamptz[]) AS u (customer_id, profile, updated_at)
        WHERE c.customer_id = u.customer_id`,
      [
        written,
        written.map((id) => JSON.stringify(changed.get(id)!.profile)),
        written.map((id) => changed.get(id)!.updatedAt),
      ],
    );
  }
}
