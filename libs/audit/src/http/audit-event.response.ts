import type { AuditEvent } from '../application/audit-event';
import type { StateAsOf } from '../application/get-state-as-of/get-state-as-of.query';
import { namedSchema, ref, schema } from '@gateway/http-edge';

const nullableText = (description?: string) => schema.nullable(schema.string(description));

/** One event as auditors see it. */
export const AUDIT_EVENT_SCHEMA = namedSchema(
  'AuditEvent',
  schema.object({
    id: schema.string('The event id'),
    type: schema.string('Past tense: InvoiceCreated, DisbursementCompleted, ...'),
    schema_version: schema.integer('The schema version of `data` as stored (events are shown as stored, never upcast)'),
    stream: schema.string('<category>-<id>'),
    revision: schema.integer('Its place in the stream, from 0'),
    position: schema.object(
      { commit: schema.string(), prepare: schema.string() },
      { description: 'Its place in the global log (decimal strings)' },
    ),
    recorded_at: schema.dateTime(),
    occurred_at: schema.dateTime('On the business clock'),
    actor: schema.string('The API key id, or system:<process>'),
    request_id: schema.string('The Request-ID of the request that caused it'),
    causation_id: nullableText(),
    api_version: nullableText(),
    business_id: nullableText(),
    mode: nullableText(),
    chain_hash: nullableText('sha256 link to the previous event of the stream (tamper evidence)'),
    data: schema.anyObject(),
    metadata: schema.anyObject(),
  }),
);

export const AUDIT_EVENTS_PAGE_SCHEMA = namedSchema(
  'AuditEventPage',
  schema.pageOf(ref(AUDIT_EVENT_SCHEMA), { next_cursor: nullableText('Pass as `cursor` for the next page') }),
);

export const STATE_AS_OF_SCHEMA = namedSchema(
  'ResourceStateAsOf',
  schema.object({
    resource: schema.string(),
    id: schema.string(),
    stream: schema.string(),
    revision: schema.integer('The last event applied'),
    recorded_at: schema.dateTime(),
    occurred_at: schema.dateTime(),
    events_applied: schema.integer(),
    state: schema.anyObject("The resource's state after that event, as its decider folds it"),
  }),
);

/** The wire shape of one event: envelope, the metadata auditors ask for first, then all of it. */
export function auditEventToWire(event: AuditEvent) {
  const { metadata } = event;
  return {
    id: event.id,
    type: event.type,
    schema_version: event.schemaVersion,
    stream: event.stream,
    revision: Number(event.revision),
    position: event.position,
    recorded_at: event.recordedAt,
    occurred_at: metadata.occurredAt,
    actor: metadata.actor,
    request_id: metadata.correlationId,
    causation_id: metadata.causationId ?? null,
    api_version: metadata.apiVersion ?? null,
    business_id: metadata.businessId ?? null,
    mode: metadata.mode ?? null,
    chain_hash: typeof metadata.chainHash === 'string' ? metadata.chainHash : null,
    data: event.data,
    metadata,
  };
}

export function stateAsOfToWire(result: StateAsOf) {
  return {
    resource: result.resource,
    id: result.id,
    stream: result.stream,
    revision: Number(result.revision),
    recorded_at: result.recordedAt,
    occurred_at: result.occurredAt,
    events_applied: result.eventsApplied,
    state: result.state,
  };
}
