import type { AuditEvent } from '../application/audit-event';
import type { StateAsOf } from '../application/get-state-as-of/get-state-as-of.query';

/** The wire shape of one event: envelope, the metadata auditors ask for first, then all of it. */
export function auditEventToWire(event: AuditEvent) {
  const { metadata } = event;
  return {
    id: event.id,
    type: event.type,
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
