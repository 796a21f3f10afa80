import { randomBytes } from 'node:crypto';
import { Client, Pool } from 'pg';
import { createGatewayPool, migrate, type MigrationSet } from '@gateway/database';

export interface TestDatabase {
  url: string;
  pool: Pool;
  drop(): Promise<void>;
}

/** A fresh database on the test run's PostgreSQL server, migrated with the given sets. */
export async function createTestDatabase(migrations: MigrationSet[], poolSize = 20): Promise<TestDatabase> {
  const adminUrl = thisWorkersServer();
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Built as the gateway builds its pool, so statements are planned and errors kept as in production.
  const pool = createGatewayPool({ connectionString: url.toString(), max: poolSize });
  await migrate(pool, migrations);
  return {
    url: url.toString(),
    pool,
    drop: async () => {
      await pool.end();
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** The server globalSetup started for this jest worker (workers are numbered from 1). */
function thisWorkersServer(): string {
  const urls = JSON.parse(process.env.TEST_ADMIN_DATABASE_URLS ?? '[]') as string[];
  if (urls.length === 0)
    throw new Error('TEST_ADMIN_DATABASE_URLS is not set: run tests through jest (globalSetup starts PostgreSQL)');
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  return urls[(worker - 1) % urls.length];
}

async function withAdmin<T>(adminUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client(adminUrl);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
