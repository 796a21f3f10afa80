import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedPostgresServer } from '../../platform/src/database/embedded-postgres.server';

/**
 * One real PostgreSQL for the whole run (each test file then creates its own database).
 * With DATABASE_URL set, that server is used instead of an embedded one.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    process.env.TEST_ADMIN_DATABASE_URL = process.env.DATABASE_URL;
    return;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'gateway-test-'));
  const server = new EmbeddedPostgresServer({ dataDir, ephemeral: true });
  process.env.TEST_ADMIN_DATABASE_URL = await server.start();
  (globalThis as { __embeddedPostgres?: EmbeddedPostgresServer }).__embeddedPostgres = server;
}
