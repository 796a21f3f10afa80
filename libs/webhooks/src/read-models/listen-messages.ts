import type { ClientBase } from 'pg';
import type { CallbackMessage } from '../application/callback-renderer';
import { deliveryIdOf } from './delivery-id';

/** NOTIFYed (payload: the business id) when listen messages are written, so waiting polls wake at once. */
export const LISTEN_CHANNEL = 'webhook_listen';

/** One test-mode callback for a business's listeners. */
export interface ListenRow {
  messageId: string;
  businessId: string;
  eventId: string;
  eventType: string;
  occurredAt: string;
  message: CallbackMessage;
}

/**
 * The listen copy of the `index`-th message an event rendered: a `webhook-id` of its own (stable,
 * so re-projection writes nothing twice), distinct from any real delivery's.
 */
export function listenRowOf(
  event: { id: string; type: string; metadata: { occurredAt: string } },
  businessId: string,
  message: CallbackMessage,
  index: number,
): ListenRow {
  return {
    messageId: deliveryIdOf(event.id, message.kind, `listen:${index}`),
    businessId,
    eventId: event.id,
    eventType: event.type,
    occurredAt: event.metadata.occurredAt,
    message,
  };
}

/** The businesses among `businessIds` that someone listens to right now. */
export async function listeningAmong(tx: ClientBase, businessIds: readonly string[]): Promise<Set<string>> {
  if (businessIds.length === 0) return new Set();
  const { rows } = await tx.query<{ business_id: string }>({
    name: 'webhook_listeners_among',
    text: 'SELECT business_id FROM webhook_listeners WHERE business_id = ANY($1) AND active_until > now()',
    values: [[...new Set(businessIds)]],
  });
  return new Set(rows.map((row) => row.business_id));
}

/** Written in the dispatcher's transaction, with its checkpoint: none lost, none doubled. */
export async function insertListenMessages(tx: ClientBase, rows: readonly ListenRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (row: ListenRow) => T) => rows.map(pick);
  await tx.query(
    `INSERT INTO webhook_listen_messages (message_id, business_id, kind, event_id, event_type, resource_id, ` +
      `payload, occurred_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], ` +
      `$8::timestamptz[])
     ON CONFLICT (message_id) DO NOTHING`,
    [
      column((r) => r.messageId),
      column((r) => r.businessId),
      column((r) => r.message.kind),
      column((r) => r.eventId),
      column((r) => r.eventType),
      column((r) => r.message.resourceId),
      column((r) => JSON.stringify(r.message.body)),
      column((r) => r.occurredAt),
    ],
  );
  for (const businessId of new Set(rows.map((row) => row.businessId)))
    await tx.query('SELECT pg_notify($1, $2)', [LISTEN_CHANNEL, businessId]);
}
