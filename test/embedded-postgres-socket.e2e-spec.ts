import { EmbeddedPostgresServer } from '@gateway/database';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { PostgresProcess } from './support/postgres-process';

/** Where the server says this connection reached it: NULL over a Unix socket, the address over TCP. */
async function serverAddressSeenBy(url: string): Promise<string | null> {
  const client = new Client(url);
  await client.connect();
  try {
    return (await client.query<{ address: string | null }>('SELECT host(inet_server_addr()) AS address')).rows[0]
      .address;
  } finally {
    await client.end();
  }
}

/**
 * The embedded default is reached over a Unix socket in its own cluster directory (cheaper than
 * loopback TCP on these machines), keeps its TCP listener for tools, and falls back to TCP where
 * the socket path would not fit.
 */
describe('embedded PostgreSQL connection', () => {
  const dirs: string[] = [];
  const servers: PostgresProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** A directory the server's user (postgres, when the tests run as root) may enter. */
  async function scratchDir(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'gateway-socket-'));
    await chmod(dir, 0o755);
    dirs.push(dir);
    return dir;
  }

  async function started(dataDir: string): Promise<PostgresProcess> {
    const server = await PostgresProcess.start(dataDir);
    servers.push(server);
    return server;
  }

  it('is reached over its own Unix socket, keeps TCP for tools, and is found by its data directory', async () => {
    const dataDir = await scratchDir();
    const server = await started(dataDir);

    const url = new URL(server.url);
    expect(url.searchParams.get('host')).toBe(join(dataDir, 'postgres'));
    expect(await serverAddressSeenBy(server.url)).toBeNull();
    url.searchParams.delete('host');
    expect(await serverAddressSeenBy(url.toString())).toBe('127.0.0.1');
    expect(await EmbeddedPostgresServer.findRunning(dataDir)).toBe(server.url);
  }, 120_000);

  it('falls back to TCP when the data directory is too deep for a socket path', async () => {
    const dataDir = join(
      await scratchDir(),
      'a-directory-name-long-enough-that-no-unix-socket-path-below-it-fits-in-sun-path',
    );
    await mkdir(dataDir);
    const server = await started(dataDir);

    expect(new URL(server.url).searchParams.has('host')).toBe(false);
    expect(await serverAddressSeenBy(server.url)).toBe('127.0.0.1');
    expect(await EmbeddedPostgresServer.findRunning(dataDir)).toBe(server.url);
  }, 120_000);
});
