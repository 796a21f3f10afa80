import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../event-envelope';

/** An event of the contract suites: a fresh id, the given type and data, fixed metadata. */
export function contractEvent(type: string, data: Record<string, unknown> = {}): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { correlationId: 'contract', actor: 'system:contract', occurredAt: new Date(0).toISOString() },
  };
}
