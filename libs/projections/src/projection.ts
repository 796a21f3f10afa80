import type { RecordedEvent } from '@gateway/event-store';
import type { MigrationSet } from '@gateway/database';
import type { ClientBase, QueryConfig } from 'pg';

/**
 * A read model built from the event log. The runner calls `apply` with a batch of events
 * (in global order) inside a transaction that also moves the projection's checkpoint, so a
 * batch is applied exactly once or not at all.
 *
 * Write unqualified table names: a rebuild or a verification may point `search_path` at a
 * scratch schema. Live, `tx` is a pipelined connection (see `plannedStatements`): plain statements
 * only, no COPY or cursors (pg refuses custom query objects there); `bulkLoad` may COPY.
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
  /**
   * True for a subscription whose effects someone outside waits for as they happen (a callback to
   * send, the next step of a payment): the runner never paces its reads of the log. Read models
   * leave it unset: they are paced under a dense flow, and a read-your-writes wait for one makes
   * its next read go at once (`ProjectionProgress.urgencyOf`).
   */
  readonly latencySensitive?: boolean;
  /** Tables the projection needs; applied with the gateway's migrations. */
  readonly migrations?: MigrationSet;
  apply(events: RecordedEvent[], tx: ClientBase): Promise<void>;
  /**
   * The batch's writes when this projection can tell them without reading the database (no
   * statement needs what another returns), else undefined and the runner calls `apply`. The runner
   * sends them with the batch's BEGIN, checkpoint move and COMMIT in one write: one round trip a
   * batch, where `apply` waits for each statement. `apply` must leave the same rows for the same
   * events (it can run the planned statements itself: `runPlannedStatements`), since a rebuild or
   * a verification only calls `apply`.
   */
  plannedStatements?(events: RecordedEvent[]): QueryConfig[] | undefined;
  /** A faster way to fill the emptied tables, used by `rebuildAllProjections` only. */
  readonly bulkLoad?: BulkLoad;
}

/**
 * How `rebuildAllProjections` may load a projection faster than `apply` can, never used live.
 *
 * A rebuild applies every page of the log once, in order, each in the transaction that moves the
 * checkpoint, to tables it emptied, while it holds the projection's lease (no runner writes).
 * So the rows of a page's events are never already there, and need no ON CONFLICT: they can be
 * written with `COPY` (`copyInto`), into tables without their indexes.
 *
 * The result must be the same rows `apply` would leave; the rebuild tests compare both.
 */
export interface BulkLoad {
  /**
   * Tables whose indexes (primary key and unique constraints included) are dropped before the
   * load and built again after it (`deferIndexesDuringLoad`). Only tables no foreign key points
   * at, and that the bulk `apply` does not look rows up in.
   */
  readonly deferIndexesOn?: readonly string[];
  /** Applies a page of the rebuild: none of its events is in the tables yet. */
  apply(events: RecordedEvent[], tx: ClientBase): Promise<void>;
}

/** Nest multi-provider-style registration: decorate a projection class with this. */
export const PROJECTION_METADATA = Symbol('gateway:projection');

export function ReadModelProjection(): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(PROJECTION_METADATA, true, target);
  };
}

/** Runs planned statements in order on `tx` (a projection's `apply` for a batch it could plan). */
export async function runPlannedStatements(tx: ClientBase, statements: readonly QueryConfig[]): Promise<void> {
  for (const statement of statements) await tx.query(statement);
}
