import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@gateway/event-store';

/** Spec fixtures: a new event of `type` with no data, for specs that only count, order and checkpoint events. */
export const emptyEvent = (type: string): NewEvent => ({
  id: randomUUID(),
  type,
  data: {},
  metadata: { correlationId: 'test', actor: 'system:test', occurredAt: new Date(0).toISOString() },
});
