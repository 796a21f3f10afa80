import { randomUUID } from 'node:crypto';

/** A valid monthly recurring payment request of 50,000 IDR with a fresh external id; `overrides` win. */
export function recurringRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    external_id: `rec-${randomUUID()}`,
    payer_email: 'payer@example.com',
    description: 'Membership',
    amount: 50_000,
    interval: 'MONTH',
    interval_count: 1,
    ...overrides,
  };
}
