import type { NewEvent } from '@gateway/event-store';
import { randomUUID } from 'node:crypto';

/** Who appends, as the gateway's metadata says (the time is added per event). */
export interface BulkMetadata {
  businessId: string;
  mode: 'test' | 'live';
  correlationId: string;
  actor: string;
}

/**
 * The two events of a payment that settles at once (as an instant channel's does): one entry on
 * CASH in the journal and, through the balance process, one credit on the balance. For tests that
 * need a large log without going through the API.
 */
export function settledPayment(metadata: BulkMetadata, amount: number): NewEvent[] {
  const movementId = randomUUID();
  const at = new Date().toISOString();
  return [
    {
      id: randomUUID(),
      type: 'MoneyInReceived',
      data: {
        movementId,
        source: { context: 'test', resourceId: movementId },
        channel: 'TEST_TOPUP',
        currency: 'IDR',
        grossAmount: amount,
        fee: 0,
        feeTax: 0,
        settledBySource: true,
        receivedAt: at,
      },
      metadata: { ...metadata, occurredAt: at },
    },
    {
      id: randomUUID(),
      type: 'MoneyInSettled',
      data: { movementId, currency: 'IDR', amount, settledAt: at },
      metadata: { ...metadata, occurredAt: at },
    },
  ];
}
