import {
  BUSINESS_STREAMS,
  BUSINESSES_PROJECTION,
  type CallbackEndpointDisabled,
  type CallbackKind,
  GetCallbackEndpointQuery,
  GetSettingsQuery,
} from '@gateway/accounts';
import type { RecordedEvent } from '@gateway/event-store';
import { type Projection, ProjectionProgress, ReadModelProjection } from '@gateway/projections';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { ClientBase } from 'pg';
import type { CallbackMessage } from '../application/callback-renderer';
import { CallbackRenderers } from '../application/callback-renderers';
import type { RetrySchedule } from '../domain/retry-policy';
import { deliveryIdOf } from './delivery-id';
import { insertListenMessages, listeningAmong, type ListenRow, listenRowOf } from './listen-messages';

export const CALLBACK_DISPATCHER = 'webhooks.dispatcher';
/** NOTIFYed when deliveries are created or made due, so senders wake at once. */
export const DELIVERIES_CHANNEL = 'webhook_deliveries';
const ENDPOINT_DISABLED: CallbackEndpointDisabled['type'] = 'CallbackEndpointDisabled';

/** The VA and payment-code callbacks keep their own three-attempt schedule (spec, first document). */
const LEGACY_KINDS: ReadonlySet<CallbackKind> = new Set(['fva_status', 'fva_paid', 'ro_fpc_paid']);

interface DeliveryRow {
  deliveryId: string;
  event: RecordedEvent;
  businessId: string;
  mode: 'test' | 'live';
  message: CallbackMessage;
  url: string;
  configuredUrl: boolean;
  /** Null when a disabled endpoint means the delivery is recorded as failed without an attempt. */
  disabledReason: string | null;
}

/**
 * The durable subscription that turns events into deliveries: one row per event and target,
 * written with the checkpoint in one transaction, so a crash neither loses nor doubles one.
 * Sending is the CallbackSender's job.
 */
@ReadModelProjection()
@Injectable()
export class CallbackDispatcherProjection implements Projection {
  readonly name = CALLBACK_DISPATCHER;
  readonly tables: readonly string[] = [];
  readonly rebuildable = false;
  /** Merchants wait for their callbacks: the dispatcher reads the log at once, never paced. */
  readonly latencySensitive = true;

  constructor(
    private readonly renderers: CallbackRenderers,
    private readonly queries: QueryBus,
    private readonly progress: ProjectionProgress,
  ) {}

  get eventTypes(): readonly string[] {
    return [ENDPOINT_DISABLED, ...this.renderers.eventTypes()];
  }

  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    // Endpoint URLs live in the accounts read model: make sure it has seen at least everything
    // up to this batch, so a URL set before an event is never missed. Retried if it lags.
    const last = events[events.length - 1].position;
    if (!(await this.progress.waitFor(BUSINESSES_PROJECTION, last, 10_000))) {
      throw new Error(`${BUSINESSES_PROJECTION} has not reached the dispatcher's batch yet`);
    }
    // Businesses with a running `listen` get a copy of each test-mode callback, URL or not.
    const listening = await listeningAmong(
      tx,
      events.flatMap((event) =>
        event.metadata.mode === 'test' && event.metadata.businessId ? [event.metadata.businessId] : [],
      ),
    );
    // Rendered concurrently: the endpoint and settings look-ups of a whole batch share a few queries.
    const rendered = await Promise.all(
      events.map((event) =>
        event.type === ENDPOINT_DISABLED ? Promise.resolve(NOTHING) : this.deliveriesFor(event, listening),
      ),
    );
    const rows = rendered.flatMap((r) => r.deliveries);
    for (const event of events) {
      if (event.type === ENDPOINT_DISABLED)
        await failPendingDeliveriesTo(tx, event as RecordedEvent<CallbackEndpointDisabled['data']>);
    }
    await insertListenMessages(
      tx,
      rendered.flatMap((r) => r.listen),
    );
    if (rows.length === 0) return;
    await insertDeliveries(tx, rows);
    await tx.query('SELECT pg_notify($1, $2)', [DELIVERIES_CHANNEL, '']);
  }

  private async deliveriesFor(event: RecordedEvent, listening: ReadonlySet<string>): Promise<Rendered> {
    const { businessId, mode } = event.metadata;
    if (!businessId || !mode) return NOTHING;
    const settings = await this.queries.execute(new GetSettingsQuery(businessId, mode));
    const apiVersions = settings?.settings.apiVersions ?? {};
    const context = { businessId, mode, apiVersionOf: (resource: string) => apiVersions[resource] };
    const messages = (
      await Promise.all(
        this.renderers.for(event.type).map((renderer) => Promise.resolve(renderer.render(event, context))),
      )
    ).flat();
    const listen =
      mode === 'test' && listening.has(businessId)
        ? messages.map((message, index) => listenRowOf(event, businessId, message, index))
        : [];
    const endpoints = await Promise.all(
      messages.map((message) => this.queries.execute(new GetCallbackEndpointQuery(businessId, mode, message.kind))),
    );
    const rows: DeliveryRow[] = [];
    for (const [i, message] of messages.entries()) {
      const endpoint = endpoints[i];
      const url = message.url ?? endpoint.url;
      if (!url) continue; // nobody asked for this kind of callback
      const disabledReason =
        !message.url && endpoint.disabled ? `endpoint disabled: ${endpoint.disabledReason ?? '410 Gone'}` : null;
      rows.push({
        deliveryId: deliveryIdOf(event.id, message.kind, url),
        event,
        businessId,
        mode,
        message,
        url,
        configuredUrl: !message.url,
        disabledReason,
      });
    }
    return { deliveries: rows, listen };
  }
}

interface Rendered {
  deliveries: DeliveryRow[];
  listen: ListenRow[];
}

const NOTHING: Rendered = { deliveries: [], listen: [] };

/** A 410 Gone disabled the endpoint: what still waits for it will not be sent. */
async function failPendingDeliveriesTo(
  tx: ClientBase,
  event: RecordedEvent<CallbackEndpointDisabled['data']>,
): Promise<void> {
  const businessId = BUSINESS_STREAMS.idOf(event.streamName);
  const { mode, kind, url, reason, disabledAt } = event.data;
  await tx.query(
    `UPDATE webhook_deliveries
        SET status = 'failed', next_attempt_at = NULL, finished_at = $5, last_error = $6
      WHERE business_id = $1 AND mode = $2 AND kind = $3 AND url = $4 AND configured_url AND status = 'pending'`,
    [businessId, mode, kind, url, disabledAt, `endpoint disabled: ${reason}`],
  );
}

function scheduleOf(kind: CallbackKind): RetrySchedule {
  return LEGACY_KINDS.has(kind) ? 'legacy' : 'standard';
}

async function insertDeliveries(tx: ClientBase, rows: DeliveryRow[]): Promise<void> {
  const column = <T>(pick: (row: DeliveryRow) => T) => rows.map(pick);
  await tx.query(
    `INSERT INTO webhook_deliveries
       (delivery_id, business_id, mode, kind, event_id, event_type, resource_id, url, configured_url, payload, schedule,
        status, next_attempt_at, last_error, created_at, finished_at)
     SELECT d.delivery_id, d.business_id, d.mode, d.kind, d.event_id, d.event_type, d.resource_id, d.url, ` +
      `d.configured_url,
            d.payload, d.schedule,
            CASE WHEN d.disabled_reason IS NULL THEN 'pending' ELSE 'failed' END,
            CASE WHEN d.disabled_reason IS NULL THEN d.created_at END,
            d.disabled_reason, d.created_at,
            CASE WHEN d.disabled_reason IS NULL THEN NULL ELSE d.created_at END
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                   $9::boolean[], $10::text[], $11::text[], $12::text[], $13::timestamptz[])
         AS d(delivery_id, business_id, mode, kind, event_id, event_type, resource_id, url, configured_url, ` +
      `payload, schedule,
              disabled_reason, created_at)
     ON CONFLICT (delivery_id) DO NOTHING`,
    [
      column((r) => r.deliveryId),
      column((r) => r.businessId),
      column((r) => r.mode),
      column((r) => r.message.kind),
      column((r) => r.event.id),
      column((r) => r.event.type),
      column((r) => r.message.resourceId),
      column((r) => r.url),
      column((r) => r.configuredUrl),
      column((r) => JSON.stringify(r.message.body)),
      column((r) => scheduleOf(r.message.kind)),
      column((r) => r.disabledReason),
      // The first attempt is due when the event happened, on the business's clock.
      column((r) => r.event.metadata.occurredAt),
    ],
  );
}
