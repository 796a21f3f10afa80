import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const DIST = join(__dirname, '..', '..', 'dist');

/** The compiled entry point; `npm test` builds before running jest. */
export function entryPoint(app: 'api' | 'worker' | 'cli'): string {
  const file = join(DIST, 'apps', app, 'src', 'main.js');
  if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first (npm test does)`);
  return file;
}

export interface Spawned {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function spawnNode(file: string, args: string[], env: Record<string, string>): Spawned {
  const child = spawn(process.execPath, [file, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function waitForStatus(url: string, status: number, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.status === status) return Date.now() - started;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A gateway process (api with its worker) on `databaseUrl`, once it is ready, and where it listens. */
export async function startSpawnedGateway(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ spawned: Spawned; baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const spawned = spawnNode(entryPoint('api'), ['--with-worker'], {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    ...env,
  });
  await waitForStatus(`${baseUrl}/ready`, 200, 60_000);
  return { spawned, baseUrl };
}

/** Kills a spawned process (if any) and waits for it to be gone. */
export async function killSpawned(spawned: Spawned | undefined): Promise<void> {
  spawned?.child.kill('SIGKILL');
  await spawned?.exited;
}
