import type { ClientBase } from 'pg';
import type { Projection } from '../projection';

/** An index dropped for a bulk load: the statements that drop and build it again, schema-qualified. */
export interface DeferredIndex {
  table: string;
  name: string;
  create: string;
}

/**
 * Drops the indexes of the projection's `bulkLoad.deferIndexesOn` tables (constraints' indexes
 * included) and records how to build them again in its checkpoint row (`deferred_indexes`), in one
 * transaction: from then on, until `restoreDeferredIndexes` commits, the checkpoint row says the
 * tables lack them. Inserting into a table without indexes and building them once at the end
 * (one sort per index) costs a fraction of keeping a random-uuid primary key and two more indexes
 * up to date row by row.
 *
 * Indexes already deferred by an earlier load that never finished stay recorded (the table no
 * longer has them to capture again).
 */
export async function deferIndexesDuringLoad(client: ClientBase, projection: Projection): Promise<DeferredIndex[]> {
  const tables = projection.bulkLoad?.deferIndexesOn ?? [];
  if (tables.length === 0) return [];
  await client.query('BEGIN');
  try {
    const { rows: checkpoint } = await client.query<{ deferred_indexes: DeferredIndex[] | null }>(
      'SELECT deferred_indexes FROM projection_checkpoints WHERE name = $1 FOR UPDATE',
      [projection.name],
    );
    if (checkpoint.length === 0) throw new Error(`${projection.name} has no checkpoint row`);
    const { rows: found } = await client.query<DeferredIndex & { drop: string }>(
      `SELECT t.relname AS "table", i.relname AS name,
              CASE WHEN c.oid IS NULL THEN pg_get_indexdef(i.oid)
                   ELSE format('ALTER TABLE %I.%I ADD CONSTRAINT %I %s', n.nspname, t.relname, c.conname, ` +
        `pg_get_constraintdef(c.oid)) END AS "create",
              CASE WHEN c.oid IS NULL THEN format('DROP INDEX %I.%I', n.nspname, i.relname)
                   ELSE format('ALTER TABLE %I.%I DROP CONSTRAINT %I', n.nspname, t.relname, c.conname) END AS drop
         FROM pg_index x
         JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_class t ON t.oid = x.indrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
         LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.conrelid = t.oid AND c.contype IN ('p', 'u', 'x')
        WHERE t.oid = ANY ($1::regclass[])
        ORDER BY t.relname, i.relname`,
      [tables],
    );
    for (const index of found) await client.query(index.drop);
    const deferred = [
      ...(checkpoint[0].deferred_indexes ?? []),
      ...found.map(({ table, name, create }) => ({ table, name, create })),
    ];
    await client.query('UPDATE projection_checkpoints SET deferred_indexes = $2::jsonb WHERE name = $1', [
      projection.name,
      JSON.stringify(deferred),
    ]);
    await client.query('COMMIT');
    return deferred;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Builds the indexes a bulk load deferred and clears the record, in one transaction; nothing to do
 * (one query) when none are deferred. Called at the end of a rebuild and by a runner before it
 * applies anything: a rebuild cut short leaves its pages committed without the indexes, and the
 * live `apply` needs them (ON CONFLICT arbitrates on the primary key). A unique index that cannot
 * be built (a duplicate row) fails here, loudly, and stays deferred.
 */
export async function restoreDeferredIndexes(client: ClientBase, name: string): Promise<number> {
  const { rows: pending } = await client.query<{ pending: boolean }>(
    'SELECT deferred_indexes IS NOT NULL AS pending FROM projection_checkpoints WHERE name = $1',
    [name],
  );
  if (!pending[0]?.pending) return 0;
  await client.query('BEGIN');
  try {
    const { rows } = await client.query<{ deferred_indexes: DeferredIndex[] | null }>(
      'SELECT deferred_indexes FROM projection_checkpoints WHERE name = $1 FOR UPDATE',
      [name],
    );
    const deferred = rows[0]?.deferred_indexes ?? [];
    // Room to sort a million-row index in memory rather than in temporary files.
    await client.query(`SET LOCAL maintenance_work_mem TO '256MB'`);
    for (const index of deferred) await client.query(index.create);
    await client.query('UPDATE projection_checkpoints SET deferred_indexes = NULL WHERE name = $1', [name]);
    await client.query('COMMIT');
    return deferred.length;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
