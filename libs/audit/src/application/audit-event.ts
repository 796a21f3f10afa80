import { asStored, type EventMetadata, type RecordedEvent, schemaVersionOf } from '@gateway/event-store';

/**
 * One event as auditors see it: the envelope with its metadata, positions as strings, exactly as
 * stored (an event written in an older schema version is shown in that version, not upcast: what
 * the hash chain covers is what the auditor reads).
 */
export interface AuditEvent {
  id: string;
  type: string;
  /** The schema version its data was written in (1 for events stored before versions existed). */
  schemaVersion: number;
  stream: string;
  revision: string;
  position: { commit: string; prepare: string };
  recordedAt: string;
  data: unknown;
  metadata: EventMetadata;
}

export function toAuditEvent(read: RecordedEvent): AuditEvent {
  const event = asStored(read);
  return {
    id: event.id,
    type: event.type,
    schemaVersion: schemaVersionOf(event.metadata),
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
