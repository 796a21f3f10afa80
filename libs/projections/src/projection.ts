import type { RecordedEvent } from '@gateway/event-store';
import type { MigrationSet } from '@gateway/platform';
import type { ClientBase } from 'pg';

/**
 * A read model built from the event log. The runner calls `apply` with a batch of events
 * (in global order) inside a transaction that also moves the projection's checkpoint, so a
 * batch is applied exactly once or not at all.
 *
 * Write unqualified table names: a rebuild or a verification may point `search_path` at a
 * scratch schema.
 */
export interface Projection {
  /** Stable name; also the checkpoint key. */
  readonly name: string;
  /** Tables this projection owns: emptied on rebuild and compared by verification. */
  readonly tables: readonly string[];
  /** Event types the projection reads; others are skipped but still move the checkpoint. */
  readonly eventTypes?: readonly string[];
  /**
   * False for subscriptions whose effects are not a read model but happened in the world (the
   * webhook dispatcher's deliveries): replaying them from the start would resend history.
   */
  readonly rebuildable?: boolean;
  /** Tables the projection needs; applied with the gateway's migrations. */
  readonly migrations?: MigrationSet;
  apply(events: RecordedEvent[], tx: ClientBase): Promise<void>;
}

/** Nest multi-provider-style registration: decorate a projection class with this. */
export const PROJECTION_METADATA = Symbol('gateway:projection');

export function ReadModelProjection(): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(PROJECTION_METADATA, true, target);
  };
}
