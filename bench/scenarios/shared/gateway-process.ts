import { createServer } from 'node:net';
import { join } from 'node:path';
import type { BenchDatabase } from '../../core/bench-postgres';
import { repoRoot } from '../../core/repo-root';
import { ServerProcess } from '../edge/server-process';

const STARTUP_TIMEOUT_MS = 60_000;

export interface GatewayUnderTest {
  server: ServerProcess;
  base: string;
  /** The demo business's test secret key, printed by the gateway on a fresh database. */
  secretKey: string;
}

/**
 * The compiled gateway (api + worker, as `npm start` runs it) in its own process on a bench
 * database, with the demo business it prints on first start. `env` adds or overrides settings.
 */
export async function startGatewayProcess(
  database: BenchDatabase,
  options: { env?: NodeJS.ProcessEnv; nodeArgs?: string[]; logLevel: string },
): Promise<GatewayUnderTest> {
  const port = await freePort();
  const server = ServerProcess.start({
    name: 'gateway',
    script: join(repoRoot(), 'dist', 'apps', 'api', 'src', 'main.js'),
    args: ['--with-worker'],
    nodeArgs: options.nodeArgs,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATABASE_URL: database.url,
      LOG_LEVEL: options.logLevel,
      REQUIRE_TLS: 'false',
      ...options.env,
    },
  });
  try {
    // Printed once, after listening, on a fresh database only (the demo business is provisioned before listen).
    const [, secretKey] = await server.waitForOutput(/^\s*test secret key:\s+(\S+)\s*$/m, STARTUP_TIMEOUT_MS);
    return { server, base: `http://127.0.0.1:${port}`, secretKey };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

export function basicAuthHeader(secretKey: string): string {
  return `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
}

/** A port the gateway can listen on (it takes a fixed PORT). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
