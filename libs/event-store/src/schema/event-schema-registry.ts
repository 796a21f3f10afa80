import type { EventSchemaDeclaration, EventUpcaster } from '@gateway/domain';
import type { EventMetadata, NewEvent, RecordedEvent } from '../event-envelope';

/** The metadata key holding the schema version an event's data was written in. */
export const SCHEMA_VERSION_KEY = 'schemaVersion';

/** The version of an event as stored: events written before versions existed carry none and are version 1. */
export function schemaVersionOf(metadata: EventMetadata): number {
  const version = metadata[SCHEMA_VERSION_KEY];
  if (version === undefined) return 1;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    throw new EventSchemaError(`metadata.${SCHEMA_VERSION_KEY} is not a version number: ${JSON.stringify(version)}`);
  }
  return version;
}

/** A declaration the registry refuses (startup stops), or an event no upcaster can bring to its current version. */
export class EventSchemaError extends Error {
  override readonly name = 'EventSchemaError';
}

interface TypeSchema {
  owner: string;
  current: number;
  /** `steps[n]` turns version n into n + 1 (index 0 unused). */
  steps: ((data: unknown) => unknown)[];
}

/**
 * Every event type's current schema version and its upcaster chain (docs/operations.md,
 * "Changing an event's shape"). The adapters use it at the two ends of the store:
 * - appends stamp the current version into the metadata (`stamp`);
 * - every decoded event goes through `upcast` before anyone sees it, so aggregate loads,
 *   subscriptions, rebuilds and the audit trail's folds all read the current shape. The stored
 *   form stays on the event (`RecordedEvent.stored`) for the audit trail, whose hash chain and
 *   listings are over the bytes as stored.
 * Types nobody declared (events of other tools, test probes) are written without a version and
 * read as they are.
 */
export class EventSchemaRegistry {
  private constructor(private readonly types: ReadonlyMap<string, TypeSchema>) {}

  /** No versions written, nothing upcast: stores built outside the app (unit tests, benchmarks). */
  static unversioned(): EventSchemaRegistry {
    return new EventSchemaRegistry(new Map());
  }

  /** Refuses a type declared twice, a version that is not a whole number >= 1, and a chain with a gap. */
  static fromDeclarations(declarations: readonly EventSchemaDeclaration[]): EventSchemaRegistry {
    const types = new Map<string, TypeSchema>();
    for (const { owner, versions } of declarations) {
      for (const [type, current] of Object.entries(versions)) {
        const earlier = types.get(type);
        if (earlier) throw new EventSchemaError(`${type} is declared twice (by ${earlier.owner} and by ${owner})`);
        if (!Number.isSafeInteger(current) || current < 1) {
          throw new EventSchemaError(`${type} (${owner}): version ${current} is not a whole number >= 1`);
        }
        types.set(type, { owner, current, steps: [] });
      }
    }
    for (const { owner, upcasters } of declarations) for (const step of upcasters) addStep(types, owner, step);
    for (const [type, schema] of types) {
      for (let version = 1; version < schema.current; version++) {
        if (!schema.steps[version]) {
          throw new EventSchemaError(
            `${type} (${schema.owner}) is at version ${schema.current} ` +
              `but has no upcaster from version ${version} to ${version + 1}`,
          );
        }
      }
    }
    return new EventSchemaRegistry(types);
  }

  /** Every declared type with its current version, sorted by type. */
  declaredVersions(): [type: string, version: number][] {
    return [...this.types]
      .map(([type, schema]): [string, number] => [type, schema.current])
      .sort(([a], [b]) => (a < b ? -1 : 1));
  }

  currentVersion(type: string): number | undefined {
    return this.types.get(type)?.current;
  }

  /** The event as it is appended: its metadata names the version its data is written in. */
  stamp(event: NewEvent): NewEvent {
    const schema = this.types.get(event.type);
    if (!schema) return event;
    return { ...event, metadata: { ...event.metadata, [SCHEMA_VERSION_KEY]: schema.current } };
  }

  /**
   * The event in its type's current version. An event already there is returned as it is (the
   * common case costs one map lookup); an older one is upcast step by step from a copy of its
   * data, and keeps its stored form in `stored`. A version above the current one was written by
   * a newer release: reading on would misread it, so it throws (upgrade readers first).
   */
  upcast(event: RecordedEvent): RecordedEvent {
    const schema = this.types.get(event.type);
    if (!schema) return event;
    const version = schemaVersionOf(event.metadata);
    if (version === schema.current) return event;
    if (version > schema.current) {
      throw new EventSchemaError(
        `${event.type} ${event.id} (${event.streamName}@${event.revision.toString()}) is version ${version}; ` +
          `this release knows up to ${schema.current}`,
      );
    }
    // The upcasters get a copy: the stored form must stay as stored for the audit trail.
    let data = structuredClone(event.data);
    for (let step = version; step < schema.current; step++) data = schema.steps[step](data);
    return {
      ...event,
      data,
      metadata: { ...event.metadata, [SCHEMA_VERSION_KEY]: schema.current },
      stored: { data: event.data, metadata: event.metadata },
    };
  }
}

function addStep(types: Map<string, TypeSchema>, owner: string, step: EventUpcaster): void {
  const schema = types.get(step.type);
  const where = `upcaster ${step.type} v${step.fromVersion} (${owner})`;
  if (!schema) throw new EventSchemaError(`${where}: no such declared event type`);
  if (!Number.isSafeInteger(step.fromVersion) || step.fromVersion < 1 || step.fromVersion >= schema.current) {
    const { current } = schema;
    const range = `upcasters go from 1 to ${current - 1}`;
    throw new EventSchemaError(`${where}: ${step.type} is at version ${current}, so ${range}`);
  }
  if (schema.steps[step.fromVersion]) throw new EventSchemaError(`${where}: declared twice`);
  schema.steps[step.fromVersion] = step.upcast;
}
