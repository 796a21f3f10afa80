/** Who and what caused an event; read by auditors, so it never carries secrets. */
export interface EventMetadata {
  businessId?: string;
  mode?: 'test' | 'live';
  /** The request id of the HTTP call (or job id) that caused the event. */
  correlationId: string;
  /** Id of the event or command that directly caused this one. */
  causationId?: string;
  /** API key id, dashboard user id, or `system:<process>`. */
  actor: string;
  apiVersion?: string;
  /** ISO 8601 time from the Clock port (the business's test clock in test mode). */
  occurredAt: string;
  /** Set by the tamper-evidence chain and future extensions; kept verbatim. */
  [extension: string]: unknown;
}

export interface NewEvent<TData = unknown, TType extends string = string> {
  /** uuid; appending the same id twice to a stream is rejected by the store. */
  id: string;
  /** Past tense and stable forever, e.g. `ChargeCaptured`. */
  type: TType;
  data: TData;
  metadata: EventMetadata;
}

/**
 * A point in the global log. Both numbers are compared lexicographically.
 * PostgreSQL adapter: `commit` is the appending transaction's xid8, `prepare` the bigserial position.
 * EventStoreDB adapter: the server's commit and prepare positions.
 */
export interface GlobalPosition {
  commit: bigint;
  prepare: bigint;
}

export const START_POSITION: GlobalPosition = Object.freeze({ commit: 0n, prepare: 0n });

export interface RecordedEvent<TData = unknown, TType extends string = string> extends NewEvent<TData, TType> {
  streamName: string;
  /** 0-based position of the event inside its stream. */
  revision: bigint;
  position: GlobalPosition;
  recordedAt: Date;
  /**
   * Set only when the event was stored in an older schema version and was upcast on read
   * (`EventSchemaRegistry.upcast`): its data and metadata exactly as stored. `data` and
   * `metadata` above are the current version's. The audit trail shows and verifies this form.
   */
  stored?: StoredForm;
}

/** What an upcast event was before upcasting: the stored bytes the hash chain covers. */
export interface StoredForm {
  data: unknown;
  metadata: EventMetadata;
}

/** The event exactly as stored (the audit trail's view): its own fields when it was not upcast. */
export function asStored(event: RecordedEvent): RecordedEvent {
  if (!event.stored) return event;
  const { stored, ...current } = event;
  return { ...current, data: stored.data, metadata: stored.metadata };
}

export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** `charge-3f1c...` belongs to category `charge`. */
export function categoryOf(streamName: string): string {
  const dash = streamName.indexOf('-');
  return dash === -1 ? streamName : streamName.slice(0, dash);
}

/** Positions as strings for JSON (bigint must never reach JSON.stringify raw). */
export function positionToJson(position: GlobalPosition): { commit: string; prepare: string } {
  return { commit: position.commit.toString(), prepare: position.prepare.toString() };
}

export function positionFromJson(json: { commit: string; prepare: string }): GlobalPosition {
  return { commit: BigInt(json.commit), prepare: BigInt(json.prepare) };
}
