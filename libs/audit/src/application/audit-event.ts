import type { EventMetadata, RecordedEvent } from '@gateway/event-store';

/** One event as auditors see it: the envelope with its metadata, positions as strings. */
export interface AuditEvent {
  id: string;
  type: string;
  stream: string;
  revision: string;
  position: { commit: string; prepare: string };
  recordedAt: string;
  data: unknown;
  metadata: EventMetadata;
}

export function toAuditEvent(event: RecordedEvent): AuditEvent {
  return {
    id: event.id,
    type: event.type,
    stream: event.streamName,
    revision: event.revision.toString(),
    position: { commit: event.position.commit.toString(), prepare: event.position.prepare.toString() },
    recordedAt: event.recordedAt.toISOString(),
    data: event.data,
    metadata: event.metadata,
  };
}

/** An event is an owner's when its metadata names that business and mode. */
export function belongsTo(metadata: EventMetadata, owner: { businessId: string; mode: string }): boolean {
  return metadata.businessId === owner.businessId && metadata.mode === owner.mode;
}
