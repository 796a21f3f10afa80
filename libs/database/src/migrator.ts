import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import type { MigrationSet } from './migration';

/** Same key in every process: the advisory lock that serialises concurrent migrators. */
const MIGRATION_LOCK_KEY = 7_340_001;

export interface AppliedMigration {
  component: string;
  version: number;
  name: string;
}

/**
 * Applies missing migrations in one transaction under a transaction-scoped advisory lock,
 * so two processes starting at once never race: the second waits, then finds nothing to do.
 * A migration whose SQL changed after it was applied is refused (checksum mismatch).
 */
export async function migrate(pool: Pool, sets: MigrationSet[]): Promise<AppliedMigration[]> {
  const client = await pool.connect();
  const applied: AppliedMigration[] = [];
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        component  text        NOT NULL,
        version    integer     NOT NULL,
        name       text        NOT NULL,
        checksum   text        NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (component, version)
      )`);
    const { rows } = await client.query<{ component: string; version: number; checksum: string }>(
      'SELECT component, version, checksum FROM schema_migrations',
    );
    const done = new Map(rows.map((row) => [`${row.component}:${row.version}`, row.checksum]));
    for (const set of sets) {
      for (const migration of [...set.migrations].sort((a, b) => a.version - b.version)) {
        const checksum = createHash('sha256').update(migration.sql).digest('hex');
        const previous = done.get(`${set.component}:${migration.version}`);
        if (previous !== undefined) {
          if (previous !== checksum) {
            throw new Error(
              `Migration ${set.component} v${migration.version} (${migration.name}) changed after it was applied; ` +
                `add a new migration instead`,
            );
          }
          continue;
        }
        await client.query(migration.sql);
        await client.query(
          'INSERT INTO schema_migrations (component, version, name, checksum) VALUES ($1, $2, $3, $4)',
          [set.component, migration.version, migration.name, checksum],
        );
        applied.push({ component: set.component, version: migration.version, name: migration.name });
      }
    }
    await client.query('COMMIT');
    return applied;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
