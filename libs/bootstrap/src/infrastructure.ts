import { type AppConfig } from '@gateway/config';
import { type DatabaseTarget, migrate, resolveDatabase } from '@gateway/database';
import { Pool } from 'pg';
import { allMigrations } from './all-migrations';

/** Finds or starts PostgreSQL and brings its schema up to date; safe when several processes start at once. */
export async function prepareInfrastructure(
  config: AppConfig,
  log: (line: string) => void = () => undefined,
): Promise<DatabaseTarget> {
  const target = await resolveDatabase(config, log);
  const pool = new Pool({ connectionString: target.url, max: 1 });
  try {
    const applied = await migrate(pool, allMigrations);
    for (const migration of applied) log(`migrated ${migration.component} v${migration.version}: ${migration.name}`);
  } catch (error) {
    await target.embedded?.stop();
    throw error;
  } finally {
    await pool.end();
  }
  return target;
}
