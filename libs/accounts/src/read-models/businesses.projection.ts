import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '@gateway/event-store';
import { TestClockStore } from '@gateway/platform';
import { ReadModelProjection, type Projection } from '@gateway/projections';
import type { ClientBase, PoolClient } from 'pg';
import { assertNever } from '@gateway/domain';
import { BUSINESS_EVENT_TYPES, type BusinessEvent } from '../domain/business.events';

export const BUSINESSES_PROJECTION = 'accounts.businesses';

/** The `businesses` table, and each business's test-clock offset that the scheduler reads. */
@ReadModelProjection()
@Injectable()
export class BusinessesProjection implements Projection {
  readonly name = BUSINESSES_PROJECTION;
  readonly tables = ['businesses'];
  readonly eventTypes = BUSINESS_EVENT_TYPES;

  constructor(private readonly testClocks: TestClockStore) {}

  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as BusinessEvent;
      switch (event.type) {
        case 'BusinessRegistered':
          await tx.query(
            `INSERT INTO businesses (business_id, name, registered_at, updated_at) VALUES ($1, $2, $3, $3)
             ON CONFLICT (business_id) DO NOTHING`,
            [event.data.businessId, event.data.name, event.data.registeredAt],
          );
          break;
        case 'TestClockAdvanced':
          await tx.query('UPDATE businesses SET test_clock_offset_ms = $2, updated_at = $3 WHERE business_id = $1', [
            event.data.businessId,
            event.data.offsetMs,
            event.data.advancedAt,
          ]);
          // Same transaction as the checkpoint: the scheduler sees the new time exactly when this commits.
          await this.testClocks.setOffset(tx as PoolClient, event.data.businessId, event.data.offsetMs);
          break;
        default:
          assertNever(event, 'business event');
      }
    }
  }
}
