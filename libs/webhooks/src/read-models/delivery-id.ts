import { createHash } from 'node:crypto';

/**
 * The `webhook-id`: one per event, callback kind and target, so re-projecting an event never
 * creates a second delivery, and every retry and resend carries the same id.
 */
export function deliveryIdOf(eventId: string, kind: string, url: string): string {
  return `msg_${createHash('sha256').update(`${eventId}\n${kind}\n${url}`).digest('hex').slice(0, 32)}`;
}
