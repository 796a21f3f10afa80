import { type GlobalPosition, START_POSITION } from '@gateway/event-store';
import type { MigrationSet } from '@gateway/database';
import type { ClientBase, Pool } from 'pg';

export const CHECKPOINT_CHANNEL = 'projection_checkpoint';

/** Raised by `projection_move_checkpoint` when the stored checkpoint is not where the batch began. */
const CHECKPOINT_MOVED_SQLSTATE = 'GWP01';

export const projectionMigrations: MigrationSet = {
  component: 'projections',
  migrations: [
    {
      version: 1,
      name: 'projection checkpoints',
      sql: `
        CREATE TABLE projection_checkpoints (
          name           text           PRIMARY KEY,
          commit_pos     numeric(20, 0) NOT NULL DEFAULT 0,
          prepare_pos    numeric(20, 0) NOT NULL DEFAULT 0,
          events_seen    bigint         NOT NULL DEFAULT 0,
          last_error     text,
          last_error_at  timestamptz,
          updated_at     timestamptz    NOT NULL DEFAULT now()
        );`,
    },
    {
      version: 2,
      name: 'indexes deferred by a bulk rebuild',
      // Non-null while a rebuild's load runs without these indexes (or was cut short before
      // building them again): [{table, name, create}], see bulk/deferred-indexes.ts.
      sql: `ALTER TABLE projection_checkpoints ADD COLUMN deferred_indexes jsonb;`,
    },
    {
      version: 3,
      name: 'checkpoint move that aborts its transaction',
      // A batch's statements may leave with its move and COMMIT in one write (pipelined): the
      // move cannot answer "not moved" for the caller to roll back, it must abort the transaction
      // itself, so the COMMIT already on its way ends it as a ROLLBACK. Tables resolve through the
      // caller's search_path, like the statement it replaces.
      sql: `
        CREATE FUNCTION projection_move_checkpoint(
          p_name text, p_from_commit numeric, p_from_prepare numeric, p_to_commit numeric,
          p_to_prepare numeric, p_seen bigint, p_channel text
        ) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE projection_checkpoints
             SET commit_pos = p_to_commit, prepare_pos = p_to_prepare, events_seen = events_seen + p_seen,
                 last_error = NULL, last_error_at = NULL, updated_at = now()
           WHERE name = p_name AND commit_pos = p_from_commit AND prepare_pos = p_from_prepare;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'checkpoint of projection % is no longer at %/%', p_name, p_from_commit, p_from_prepare
              USING ERRCODE = '${CHECKPOINT_MOVED_SQLSTATE}';
          END IF;
          IF p_channel IS NOT NULL THEN
            PERFORM pg_notify(p_channel, p_name || '|' || p_to_commit || '|' || p_to_prepare);
          END IF;
        END $$;`,
    },
  ],
};

export interface CheckpointRow {
  name: string;
  position: GlobalPosition;
  eventsSeen: bigint;
  lastError: string | null;
  updatedAt: Date;
}

type Db = Pool | ClientBase;

export async function ensureCheckpoint(db: Db, name: string): Promise<void> {
  await db.query('INSERT INTO projection_checkpoints (name) VALUES ($1) ON CONFLICT DO NOTHING', [name]);
}

export async function readCheckpoint(db: Db, name: string): Promise<CheckpointRow | undefined> {
  const { rows } = await db.query<Record<string, string | null>>(
    'SELECT * FROM projection_checkpoints WHERE name = $1',
    [name],
  );
  return rows[0] ? toCheckpoint(rows[0]) : undefined;
}

export async function readAllCheckpoints(db: Db): Promise<CheckpointRow[]> {
  const { rows } = await db.query('SELECT * FROM projection_checkpoints ORDER BY name');
  return rows.map(toCheckpoint);
}

/**
 * Moves the checkpoint from `from` to `to` and, when `announce`, announces it (for read-your-writes
 * waits in other processes: `ProjectionProgress.othersListen`), in one statement: inside the
 * batch's transaction, or alone for a batch with nothing to apply. Returns false when the stored
 * checkpoint is no longer `from` (a rebuild reset it): the caller rolls back.
 */
export async function advanceCheckpoint(
  db: Db,
  name: string,
  from: GlobalPosition,
  to: GlobalPosition,
  seen: number,
  announce = true,
): Promise<boolean> {
  const result = await db.query({
    name: announce ? 'projection_advance_checkpoint' : 'projection_advance_checkpoint_quietly',
    text: `WITH moved AS (
             UPDATE projection_checkpoints
                SET commit_pos = $4, prepare_pos = $5, events_seen = events_seen + $6,
                    last_error = NULL, last_error_at = NULL, updated_at = now()
              WHERE name = $1 AND commit_pos = $2 AND prepare_pos = $3
              RETURNING 1
           )
           SELECT ${announce ? 'pg_notify($7, $8)' : '$7::text, $8::text'} FROM moved`,
    values: [
      name,
      from.commit.toString(),
      from.prepare.toString(),
      to.commit.toString(),
      to.prepare.toString(),
      seen,
      CHECKPOINT_CHANNEL,
      `${name}|${to.commit}|${to.prepare}`,
    ],
  });
  return result.rowCount === 1;
}

/**
 * Opens a batch's transaction and moves its checkpoint, in one simple-protocol query (`BEGIN` and
 * `projection_move_checkpoint`). Issued without waiting for its answer, it leaves in the same
 * write as the batch's first statements (and its COMMIT when they are all known: see
 * `ProjectionRunner`): the move comes first, so a checkpoint a rebuild reset aborts the
 * transaction before any write lands, and a COMMIT already sent ends it as a ROLLBACK. Values are
 * inlined: positions and counts are integers rendered by this code, the name and the channel are
 * quoted by the driver (`escapeLiteral`). Resolves false when the stored checkpoint is not
 * `from` (the transaction is aborted: the caller rolls back if it has not sent its COMMIT).
 */
export async function beginWithCheckpointMove(
  client: ClientBase,
  name: string,
  from: GlobalPosition,
  to: GlobalPosition,
  seen: number,
  announce = true,
): Promise<boolean> {
  if (!Number.isSafeInteger(seen) || seen < 0) throw new RangeError(`events seen must be a count: ${seen}`);
  const channel = announce ? client.escapeLiteral(CHECKPOINT_CHANNEL) : 'NULL';
  const text =
    `BEGIN; SELECT projection_move_checkpoint(${client.escapeLiteral(name)}, ${from.commit}, ${from.prepare}, ` +
    `${to.commit}, ${to.prepare}, ${seen}, ${channel})`;
  try {
    await client.query(text);
    return true;
  } catch (error) {
    if (isCheckpointMoved(error)) return false;
    throw error;
  }
}

function isCheckpointMoved(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === CHECKPOINT_MOVED_SQLSTATE;
}

export async function resetCheckpoint(tx: ClientBase, name: string): Promise<void> {
  await tx.query(
    `INSERT INTO projection_checkpoints (name) VALUES ($1)
     ON CONFLICT (name) DO UPDATE SET commit_pos = 0, prepare_pos = 0, events_seen = 0, last_error = NULL,
                                      last_error_at = NULL, updated_at = now()`,
    [name],
  );
}

export async function recordProjectionError(db: Db, name: string, error: unknown): Promise<void> {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  await db.query('UPDATE projection_checkpoints SET last_error = $2, last_error_at = now() WHERE name = $1', [
    name,
    message.slice(0, 2000),
  ]);
}

function toCheckpoint(row: Record<string, string | null>): CheckpointRow {
  return {
    name: row.name!,
    position:
      row.commit_pos === null ? START_POSITION : { commit: BigInt(row.commit_pos), prepare: BigInt(row.prepare_pos!) },
    eventsSeen: BigInt(row.events_seen ?? 0),
    lastError: row.last_error,
    updatedAt: row.updated_at as unknown as Date,
  };
}
