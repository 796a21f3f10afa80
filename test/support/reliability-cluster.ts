import { allMigrations } from '@gateway/bootstrap';
import { migrate } from '@gateway/database';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { PostgresProcess } from './postgres-process';
import { entryPoint, type Spawned, spawnNode } from './spawned-process';

/**
 * What the reliability suites kill and restart: a real PostgreSQL of their own (a cluster in a
 * temporary directory, migrated), and the gateway's compiled processes spawned against it.
 */
export class ReliabilityDatabase {
  private constructor(
    readonly dataDir: string,
    readonly server: PostgresProcess,
    readonly pool: Pool,
  ) {}

  static async start(name: string): Promise<ReliabilityDatabase> {
    const dataDir = await mkdtemp(join(tmpdir(), `gateway-${name}-`));
    const server = await PostgresProcess.start(dataDir);
    const pool = new Pool({ connectionString: server.url });
    // The suites stop and kill things under the pool's feet: a dropped idle client is expected.
    pool.on('error', () => undefined);
    await migrate(pool, allMigrations);
    return new ReliabilityDatabase(dataDir, server, pool);
  }

  get url(): string {
    return this.server.url;
  }

  async stop(): Promise<void> {
    await this.pool.end();
    await this.server.stop();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

export function isAlive(process: Spawned | undefined): process is Spawned {
  return !!process && process.child.exitCode === null && process.child.signalCode === null;
}

/** SIGKILL: a crash, no cleanup. Resolves once the process is gone. */
export async function killProcess(process: Spawned | undefined): Promise<void> {
  if (!isAlive(process)) return;
  process.child.kill('SIGKILL');
  await process.exited;
}

/** Spawns a worker and waits for its start-up line (it runs at info level so that the line is written). */
export async function startWorkerProcess(env: Record<string, string>): Promise<Spawned> {
  const worker = spawnNode(entryPoint('worker'), [], { ...env, LOG_LEVEL: 'info' });
  const deadline = Date.now() + 60_000;
  while (!worker.output().includes('Worker running')) {
    if (Date.now() > deadline) throw new Error(`worker did not start:\n${worker.output()}`);
    if (worker.child.exitCode !== null || worker.child.signalCode !== null)
      throw new Error(`worker died on start:\n${worker.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return worker;
}

/** Runs one operator command to its end. */
export async function runCli(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number | null; output: string }> {
  const run = spawnNode(entryPoint('cli'), args, { ...env, LOG_LEVEL: 'error' });
  const code = await run.exited;
  return { code, output: run.output() };
}
