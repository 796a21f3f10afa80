import { comparePositions, type EventStore, type GlobalPosition } from '@gateway/event-store';
import { randomBytes } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { Projection } from './projection';
import { readCheckpoint } from './projection-checkpoints';

/**
 * Tables projections write besides their own (the scheduler's jobs, the business clocks): the
 * scratch schema shadows them with empty copies, so a verification schedules nothing and moves
 * no clock in the live schema.
 */
export const SHADOWED_SIDE_TABLES = ['scheduled_jobs', 'test_clocks'] as const;

export interface TableDiff {
  table: string;
  /** Live rows the replay did not produce, and rows the replay produced that live lacks. */
  onlyLive: number;
  onlyReplayed: number;
  samples: { onlyLive: unknown[]; onlyReplayed: unknown[] };
}

export interface ProjectionVerification {
  name: string;
  /** Not verifiable: no tables (a process manager) or not rebuildable (the webhook dispatcher). */
  skipped?: string;
  events: number;
  position?: { commit: string; prepare: string };
  tables: TableDiff[];
  clean: boolean;
}

const PAGE = 2000;
const MAX_ROUNDS = 10;

/**
 * Rebuilds a projection into a scratch schema (unqualified table names + `search_path`) up to
 * the live checkpoint, then diffs every table against the live one in one snapshot where the
 * live checkpoint is still that position. Columns filled by the database itself (sequences,
 * `now()` defaults) are left out of the comparison.
 */
export async function verifyProjection(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  options: { onProgress?: (events: number) => void } = {},
): Promise<ProjectionVerification> {
  if (projection.rebuildable === false)
    return { name: projection.name, skipped: 'not rebuildable', events: 0, tables: [], clean: true };
  if (projection.tables.length === 0)
    return { name: projection.name, skipped: 'no tables', events: 0, tables: [], clean: true };
  const unfinished = await pool.query(
    'SELECT 1 FROM projection_checkpoints WHERE name = $1 AND deferred_indexes IS NOT NULL',
    [projection.name],
  );
  if (unfinished.rowCount) {
    // The scratch tables copy the live ones, which lack the indexes `apply` arbitrates on.
    throw new Error(
      `${projection.name}: a bulk rebuild has not finished (its tables lack the indexes it deferred); ` +
        `let its runner or a new rebuild finish it first`,
    );
  }
  const client = await pool.connect();
  const scratch = `verify_${randomBytes(6).toString('hex')}`;
  try {
    const live = (await client.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0].schema;
    await client.query(`CREATE SCHEMA ${scratch}`);
    for (const table of [...projection.tables, ...SHADOWED_SIDE_TABLES]) {
      const exists = await client.query(
        'SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = $2',
        [live, table],
      );
      if (exists.rowCount === 0) continue;
      await client.query(
        `CREATE TABLE ${scratch}.${client.escapeIdentifier(table)} (LIKE ` +
          `${client.escapeIdentifier(live)}.${client.escapeIdentifier(table)} INCLUDING ALL)`,
      );
    }
    const wanted = projection.eventTypes;
    let replayedTo: GlobalPosition | undefined;
    let events = 0;
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const target = (await readCheckpoint(pool, projection.name))?.position;
      // Replay everything up to the live checkpoint.
      while (target && (!replayedTo || comparePositions(replayedTo, target) < 0)) {
        const page = await store.readAll({ after: replayedTo, maxCount: PAGE });
        const upTo = page.filter((event) => comparePositions(event.position, target) <= 0);
        if (upTo.length === 0) break;
        const relevant = wanted ? upTo.filter((event) => wanted.includes(event.type)) : upTo;
        await client.query('BEGIN');
        try {
          await client.query(`SET LOCAL search_path TO ${scratch}, ${client.escapeIdentifier(live)}`);
          if (relevant.length > 0) await projection.apply(relevant, client);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
        replayedTo = upTo[upTo.length - 1].position;
        events += upTo.length;
        options.onProgress?.(events);
        if (upTo.length < page.length) break;
      }
      const diffs = await compareAt(client, projection, live, scratch, replayedTo);
      if (diffs === 'moved') continue; // the live projection moved meanwhile: replay the rest and compare again
      return {
        name: projection.name,
        events,
        position: replayedTo && { commit: replayedTo.commit.toString(), prepare: replayedTo.prepare.toString() },
        tables: diffs,
        clean: diffs.every((diff) => diff.onlyLive === 0 && diff.onlyReplayed === 0),
      };
    }
    throw new Error(`${projection.name} kept moving: verification did not settle after ${MAX_ROUNDS} rounds`);
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS ${scratch} CASCADE`).catch(() => undefined);
    client.release();
  }
}

async function compareAt(
  client: PoolClient,
  projection: Projection,
  live: string,
  scratch: string,
  replayedTo: GlobalPosition | undefined,
): Promise<TableDiff[] | 'moved'> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const { rows } = await client.query<{ commit_pos: string; prepare_pos: string }>(
      'SELECT commit_pos::text, prepare_pos::text FROM projection_checkpoints WHERE name = $1',
      [projection.name],
    );
    const now = rows[0] ? { commit: BigInt(rows[0].commit_pos), prepare: BigInt(rows[0].prepare_pos) } : undefined;
    const same =
      (!now && !replayedTo) ||
      (now && replayedTo && comparePositions(now, replayedTo) === 0) ||
      (now && !replayedTo && now.commit === 0n && now.prepare === 0n);
    if (!same) return 'moved';
    const diffs: TableDiff[] = [];
    for (const table of projection.tables) {
      const columns = await comparableColumns(client, live, table);
      const select = columns.map((column) => `${client.escapeIdentifier(column)}::text`).join(', ');
      const liveTable = `${client.escapeIdentifier(live)}.${client.escapeIdentifier(table)}`;
      const scratchTable = `${scratch}.${client.escapeIdentifier(table)}`;
      const difference = async (left: string, right: string) => {
        const sql = `SELECT ${select} FROM ${left} EXCEPT ALL SELECT ${select} FROM ${right}`;
        const count = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM (${sql}) d`);
        const samples = await client.query(`SELECT row_to_json(d) AS row FROM (${sql} LIMIT 3) d`);
        return { count: Number(count.rows[0].n), samples: samples.rows.map((row: { row: unknown }) => row.row) };
      };
      const onlyLive = await difference(liveTable, scratchTable);
      const onlyReplayed = await difference(scratchTable, liveTable);
      diffs.push({
        table,
        onlyLive: onlyLive.count,
        onlyReplayed: onlyReplayed.count,
        samples: { onlyLive: onlyLive.samples, onlyReplayed: onlyReplayed.samples },
      });
    }
    return diffs;
  } finally {
    await client.query('COMMIT').catch(() => undefined);
  }
}

async function comparableColumns(client: PoolClient, schema: string, table: string): Promise<string[]> {
  const { rows } = await client.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = $1 AND table_name = $2
        AND coalesce(column_default, '') NOT LIKE 'nextval(%' AND coalesce(column_default, '') NOT IN ('now()', ` +
      `'CURRENT_TIMESTAMP')
      ORDER BY ordinal_position`,
    [schema, table],
  );
  return rows.map((row) => row.column_name);
}
