import { assertNever } from '@gateway/domain';
import type { RecordedEvent } from '@gateway/event-store';
import { type Projection, ReadModelProjection } from '@gateway/projections';
import { Injectable } from '@nestjs/common';
import type { ClientBase } from 'pg';
import { applyCustomerChanges, type CustomerProfile } from '../domain/customer-profile';
import { CUSTOMER_EVENT_TYPES, type CustomerEvent } from '../domain/customer.events';

export const CUSTOMERS_PROJECTION = 'customers.customers';

/** Customer profiles for GET /customers/{id} and the lookup by reference. */
@ReadModelProjection()
@Injectable()
export class CustomersProjection implements Projection {
  readonly name = CUSTOMERS_PROJECTION;
  readonly tables = ['customers'];
  readonly eventTypes = CUSTOMER_EVENT_TYPES;

  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as CustomerEvent;
      switch (event.type) {
        case 'CustomerCreated': {
          const { customerId, businessId, mode, referenceId, profile, createdAt } = event.data;
          await tx.query(
            `INSERT INTO customers (customer_id, business_id, mode, reference_id, profile, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (customer_id) DO NOTHING`,
            [customerId, businessId, mode, referenceId, JSON.stringify(profile), createdAt],
          );
          break;
        }
        case 'CustomerUpdated': {
          const { rows } = await tx.query<{ profile: CustomerProfile }>('SELECT profile FROM customers WHERE customer_id = $1 FOR UPDATE', [
            event.data.customerId,
          ]);
          if (!rows[0]) break;
          const next = applyCustomerChanges(rows[0].profile, event.data.changes);
          await tx.query('UPDATE customers SET profile = $2, updated_at = $3 WHERE customer_id = $1', [
            event.data.customerId,
            JSON.stringify(next),
            event.data.updatedAt,
          ]);
          break;
        }
        default:
          assertNever(event, 'customer event');
      }
    }
  }
}
