import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedPostgresServer } from '../../database/src/embedded-postgres.server';

/**
 * One real PostgreSQL per jest worker for the whole run (each test file then creates its own
 * database on its worker's server). Not one server for all workers: readers of the event log see
 * only events older than every running transaction of the *cluster*, so one worker dropping a
 * database (seconds, holding a transaction id) would stall every projection of the other
 * worker's tests meanwhile. With DATABASE_URL set, that server is used by every worker.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  if (process.env.DATABASE_URL) {
    process.env.TEST_ADMIN_DATABASE_URLS = JSON.stringify([process.env.DATABASE_URL]);
    return;
  }
  const servers: EmbeddedPostgresServer[] = [];
  (globalThis as { __embeddedPostgres?: EmbeddedPostgresServer[] }).__embeddedPostgres = servers;
  const urls: string[] = [];
  // One after the other: each picks a free port, and two picking at once could pick the same.
  for (let worker = 0; worker < Math.max(1, globalConfig.maxWorkers); worker += 1) {
    const server = new EmbeddedPostgresServer({
      dataDir: await mkdtemp(join(tmpdir(), 'gateway-test-')),
      ephemeral: true,
    });
    servers.push(server);
    urls.push(await server.start());
  }
  process.env.TEST_ADMIN_DATABASE_URLS = JSON.stringify(urls);
}
