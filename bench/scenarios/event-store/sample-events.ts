import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@gateway/event-store';

const CHARGE_LIFECYCLE = ['ChargeCreated', 'ChargeAuthorized', 'ChargeCaptured', 'ChargeSettled'] as const;

/** Event types the seeded log contains, so a projection can filter on them. */
export const SAMPLE_EVENT_TYPES: readonly string[] = CHARGE_LIFECYCLE;

/**
 * A payment-shaped event (about 300 bytes of JSON): small enough to be typical of the
 * gateway's events, large enough that JSON encoding and jsonb parsing are part of the cost.
 */
export function sampleEvent(sequence: number): NewEvent {
  return {
    id: randomUUID(),
    type: CHARGE_LIFECYCLE[sequence % CHARGE_LIFECYCLE.length],
    data: {
      chargeId: `ch_${sequence.toString(36).padStart(10, '0')}`,
      amount: 1000 + (sequence % 9000),
      currency: 'eur',
      captureMethod: 'automatic',
    },
    metadata: {
      businessId: 'biz_bench',
      mode: 'test',
      correlationId: `req_${sequence}`,
      actor: 'system:bench',
      occurredAt: new Date(1_700_000_000_000 + sequence).toISOString(),
    },
  };
}

export function sampleEvents(count: number, firstSequence: number): NewEvent[] {
  return Array.from({ length: count }, (_, i) => sampleEvent(firstSequence + i));
}
