import { createServer } from 'node:net';
import { join } from 'node:path';
import type { BenchDatabase } from '../../core/bench-postgres';
import { repoRoot } from '../../core/repo-root';
import { ServerProcess } from '../edge/server-process';

const STARTUP_TIMEOUT_MS = 60_000;

export interface GatewayUnderTest {
  server: ServerProcess;
  /** The worker, when it runs in its own process (`separateWorker`). */
  worker?: ServerProcess;
  base: string;
  /** Further api processes on the same database (`apiProcesses` above 1), each on its own port. */
  moreApis: { server: ServerProcess; base: string }[];
  /** The demo business's test secret key, printed by the gateway on a fresh database. */
  secretKey: string;
}

/**
 * The compiled gateway (api + worker, as `npm start` runs it) in its own process on a bench
 * database, with the demo business it prints on first start. `env` adds or overrides settings.
 */
export async function startGatewayProcess(
  database: BenchDatabase,
  options: {
    env?: NodeJS.ProcessEnv;
    nodeArgs?: string[];
    logLevel: string;
    separateWorker?: boolean;
    /** With `separateWorker`: how many api processes to run (default 1), as a scaled-out deployment does. */
    apiProcesses?: number;
  },
): Promise<GatewayUnderTest> {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATABASE_URL: database.url,
    LOG_LEVEL: options.logLevel,
    REQUIRE_TLS: 'false',
    ...options.env,
  };
  const script = join(repoRoot(), 'dist', 'apps', 'api', 'src', 'main.js');
  // The demo business is provisioned (and its keys printed) by `api --with-worker` on a fresh database.
  const first = ServerProcess.start({
    name: 'gateway',
    script,
    args: ['--with-worker'],
    nodeArgs: options.separateWorker ? [] : options.nodeArgs,
    env,
  });
  let secretKey: string;
  try {
    // Printed once, after listening, on a fresh database only (the demo business is provisioned before listen).
    [, secretKey] = await first.waitForOutput(/^\s*test secret key:\s+(\S+)\s*$/m, STARTUP_TIMEOUT_MS);
  } catch (error) {
    await first.stop();
    throw error;
  }
  if (!options.separateWorker) return { server: first, base: `http://127.0.0.1:${port}`, secretKey, moreApis: [] };
  // The production topology: the api and the worker in processes of their own.
  await first.stop();
  const server = ServerProcess.start({ name: 'gateway api', script, nodeArgs: options.nodeArgs, env });
  const worker = ServerProcess.start({
    name: 'worker',
    script: join(repoRoot(), 'dist', 'apps', 'worker', 'src', 'main.js'),
    nodeArgs: options.nodeArgs,
    env,
  });
  const moreApis: GatewayUnderTest['moreApis'] = [];
  try {
    for (let index = 2; index <= (options.apiProcesses ?? 1); index++) {
      const morePort = await freePort();
      const more = ServerProcess.start({
        name: `gateway api ${index}`,
        script,
        nodeArgs: options.nodeArgs,
        env: { ...env, PORT: String(morePort) },
      });
      moreApis.push({ server: more, base: `http://127.0.0.1:${morePort}` });
    }
    for (const base of [`http://127.0.0.1:${port}`, ...moreApis.map((api) => api.base)]) await waitUntilHealthy(base);
    return { server, worker, base: `http://127.0.0.1:${port}`, secretKey, moreApis };
  } catch (error) {
    await Promise.all([server.stop(), worker.stop(), ...moreApis.map((api) => api.server.stop())]);
    throw error;
  }
}

/** Polls `/health` (the api logs nothing at LOG_LEVEL=warn once it listens). */
async function waitUntilHealthy(base: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const healthy = await fetch(`${base}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the gateway at ${base} did not become healthy within ${STARTUP_TIMEOUT_MS} ms`);
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

/** Every rate limit far above what a benchmark sends, so the limiters do all their work but never refuse. */
const UNLIMITED = '100000000';
export const NO_RATE_LIMITS: NodeJS.ProcessEnv = {
  RATE_LIMIT_TEST_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_LIVE_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_IP_PER_MINUTE: UNLIMITED,
};

/** Basic auth with the demo business's test secret key, JSON body. */
export function jsonHeaders(gateway: GatewayUnderTest): Record<string, string> {
  return { authorization: basicAuthHeader(gateway.secretKey), 'content-type': 'application/json' };
}

/** One set-up request; anything but a 2xx fails the run with the answer and the gateway's last output. */
export async function callGateway<T = Record<string, unknown>>(
  gateway: GatewayUnderTest,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${gateway.base}${path}`, {
    method,
    headers: jsonHeaders(gateway),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status < 200 || response.status > 299) {
    throw new Error(
      `${method} ${path} answered ${response.status} ${text}\nlast output of the ` +
        `gateway:\n${gateway.server.outputTail(20)}`,
    );
  }
  return JSON.parse(text) as T;
}
