import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entryPoint, freePort, spawnNode, waitForStatus } from './support/spawned-process';

describe('the gateway as real processes', () => {
  it('npm start mode: embedded PostgreSQL, /health within 60 s, clean stop on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'gateway-start-'));
    const port = await freePort();
    const gateway = spawnNode(entryPoint('api'), ['--with-worker'], { DATA_DIR: dataDir, PORT: String(port) });
    try {
      await waitForStatus(`http://127.0.0.1:${port}/health`, 200, 60_000);
      await waitForStatus(`http://127.0.0.1:${port}/ready`, 200, 10_000);
      expect(gateway.output()).toContain(`listening on http://localhost:${port}`);
      gateway.child.kill('SIGTERM');
      expect(await gateway.exited).toBe(0);
      expect(gateway.output()).toContain('Stopped cleanly');
    } finally {
      gateway.child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  describe('api and worker apart against one DATABASE_URL', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase([]); // the processes migrate it themselves, concurrently
    });
    afterAll(async () => db.drop());

    it('both start (migrating at the same time), the api is ready, and both stop cleanly', async () => {
      const port = await freePort();
      const api = spawnNode(entryPoint('api'), [], { DATABASE_URL: db.url, PORT: String(port) });
      const worker = spawnNode(entryPoint('worker'), [], { DATABASE_URL: db.url });
      try {
        await waitForStatus(`http://127.0.0.1:${port}/ready`, 200, 60_000);
        const deadline = Date.now() + 30_000;
        while (!worker.output().includes('Worker running') && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 100));
        expect(worker.output()).toContain('Worker running');
        const { rows } = await db.pool.query(
          'SELECT count(*)::int AS n, count(DISTINCT (component, version))::int AS d FROM schema_migrations',
        );
        expect(rows[0].n).toBe(rows[0].d);
        api.child.kill('SIGTERM');
        worker.child.kill('SIGTERM');
        expect(await api.exited).toBe(0);
        expect(await worker.exited).toBe(0);
      } finally {
        api.child.kill('SIGKILL');
        worker.child.kill('SIGKILL');
      }
    }, 90_000);
  });

  it('refuses bad configuration with one clear line per problem and exit code 2', async () => {
    const gateway = spawnNode(entryPoint('api'), [], { PORT: 'eighty', EVENT_STORE: 'kafka' });
    expect(await gateway.exited).toBe(2);
    expect(gateway.output()).toContain('PORT must be an integer between 1 and 65535');
    expect(gateway.output()).toContain('EVENT_STORE must be "postgres" or "eventstoredb"');
  });
});
