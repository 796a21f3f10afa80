import { join } from 'node:path';
import type { BenchDatabase } from '../../core/bench-postgres';
import { type Measurement, withRatio, withRatioTarget } from '../../core/measurement';
import type { Scenario, ScenarioContext } from '../../core/scenario';
import { assertAllSucceeded, type LoadResult, runLoad } from './http-load';
import { ServerProcess } from './server-process';
import { startGatewayProcess } from '../shared/gateway-process';

/** The same load for every target: keep-alive connections, one request in flight on each. */
const CONNECTIONS = 50;
const PIPELINING = 1;
/** Rounds of (reference pass, gateway passes); the fastest pass of each target counts. */
const ROUNDS = 3;
/** Untimed load on each target before the first round (JIT, pools, caches), at least this long. */
const MIN_WARMUP_MS = 2000;
/** The gateway must answer an authenticated read at least this fraction of the bare app's rate. */
const RATIO_TARGET = 0.6;
/**
 * Realistic (warnings and errors are still written) but not the bottleneck: at `info` every request writes an
 * access-log line.
 */
const GATEWAY_LOG_LEVEL = 'warn';
/** Far above anything 50 connections can send, so the limiter does all its work but never refuses. */
const RATE_LIMIT_PER_MINUTE = '100000000';
const STARTUP_TIMEOUT_MS = 60_000;
const READ_MODEL_TIMEOUT_MS = 15_000;
/** Set to a directory to start both servers with `node --cpu-prof` and write their profiles there. */
const CPU_PROFILE_DIR = process.env.BENCH_EDGE_CPU_PROF;

const REFERENCE_LABEL = 'bare Nest 11 hello world, GET /hello';

/** One timed pass, with the CPU time the target's server process used during it. */
interface Pass extends LoadResult {
  serverCpuMs?: number;
}

interface Target {
  id: string;
  label: string;
  /** For progress lines. */
  short: string;
  server: ServerProcess;
  url: string;
  headers?: Record<string, string>;
  note?: string;
}

export const edgeScenario: Scenario = {
  name: 'edge',
  description:
    `HTTP edge: the gateway (api + worker, own process, LOG_LEVEL=${GATEWAY_LOG_LEVEL}; ` +
    `once with the request log, once without) against a bare Nest 11 app (own process); ` +
    `autocannon in the benchmark process, ${CONNECTIONS} connections, best of ${ROUNDS} alternating passes`,
  async run(context) {
    const database = await context.postgres.createDatabase([], 1); // the gateway migrates its own schema
    const withoutLogDatabase = await context.postgres.createDatabase([], 1);
    const servers: ServerProcess[] = [];
    try {
      const bare = await startBareApp(servers, context);
      const gateway = await startGateway(servers, database, context);
      // The same gateway with the API request log off: what the log costs (issue 20) is the ratio between the two.
      const withoutLog = await startGateway(servers, withoutLogDatabase, context, { REQUEST_LOG_ENABLED: 'false' });
      const targets: Target[] = [
        {
          id: 'edge.bare.hello',
          label: REFERENCE_LABEL,
          short: 'bare /hello',
          server: bare.server,
          url: `${bare.base}/hello`,
        },
        {
          id: 'edge.gateway.settings',
          label: 'gateway GET /settings: Basic auth, rate limit, read model',
          short: 'gateway /settings',
          server: gateway.server,
          url: `${gateway.base}/settings`,
          headers: { authorization: `Basic ${Buffer.from(`${gateway.secretKey}:`).toString('base64')}` },
          note: `api + worker, LOG_LEVEL=${GATEWAY_LOG_LEVEL}, request log on (the default)`,
        },
        {
          id: REQUEST_LOG_OFF_ID,
          label: REQUEST_LOG_OFF_LABEL,
          short: 'gateway /settings, no request log',
          server: withoutLog.server,
          url: `${withoutLog.base}/settings`,
          headers: { authorization: `Basic ${Buffer.from(`${withoutLog.secretKey}:`).toString('base64')}` },
          note: `api + worker, LOG_LEVEL=${GATEWAY_LOG_LEVEL}, REQUEST_LOG_ENABLED=false`,
        },
        {
          id: 'edge.gateway.health',
          label: 'gateway GET /health: edge middleware only, no auth',
          short: 'gateway /health',
          server: gateway.server,
          url: `${gateway.base}/health`,
          note: `LOG_LEVEL=${GATEWAY_LOG_LEVEL}`,
        },
      ];
      return withRequestLogCost(await measureTargets(targets, context));
    } finally {
      // Always, also after a failure: no server outlives the run, and the databases can be dropped.
      await Promise.all(servers.map((server) => server.stop()));
      await database.drop();
      await withoutLogDatabase.drop();
    }
  },
};

async function startBareApp(
  servers: ServerProcess[],
  context: ScenarioContext,
): Promise<{ server: ServerProcess; base: string }> {
  const server = ServerProcess.start({
    name: 'bare app',
    script: join(__dirname, 'bare-app.js'),
    nodeArgs: cpuProfileArgs(),
    env: { ...process.env, PORT: '0' },
  });
  servers.push(server);
  const [, port] = await server.waitForOutput(/bare app listening on port (\d+)/, STARTUP_TIMEOUT_MS);
  const base = `http://127.0.0.1:${port}`;
  context.log(`edge: bare app (pid ${server.pid}) listening on port ${port}`);
  const response = await fetch(`${base}/hello`);
  const body = await response.text();
  if (response.status !== 200 || body !== '{"hello":"world"}')
    throw new Error(`bare app: GET /hello answered ${response.status} ${body}`);
  return { server, base };
}

async function startGateway(
  servers: ServerProcess[],
  database: BenchDatabase,
  context: ScenarioContext,
  env: NodeJS.ProcessEnv = {},
): Promise<{ server: ServerProcess; base: string; secretKey: string }> {
  const gateway = await startGatewayProcess(database, {
    logLevel: GATEWAY_LOG_LEVEL,
    nodeArgs: cpuProfileArgs(),
    env: {
      RATE_LIMIT_TEST_PER_MINUTE: RATE_LIMIT_PER_MINUTE,
      RATE_LIMIT_LIVE_PER_MINUTE: RATE_LIMIT_PER_MINUTE,
      RATE_LIMIT_IP_PER_MINUTE: RATE_LIMIT_PER_MINUTE,
      ...env,
    },
  });
  servers.push(gateway.server);
  await waitForSettingsReadModel(gateway.base, gateway.secretKey);
  context.log(
    `edge: gateway (pid ${gateway.server.pid}) listening on ` +
      `${gateway.base}${CPU_PROFILE_DIR ? `; CPU profiles go to ${CPU_PROFILE_DIR}` : ''}`,
  );
  return gateway;
}

/**
 * GET /settings until the business_settings read model has the demo business's row (the worker
 * projects it right after provisioning), so every timed request does a lookup that finds a row.
 */
async function waitForSettingsReadModel(base: string, secretKey: string): Promise<void> {
  const deadline = Date.now() + READ_MODEL_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    const response = await fetch(`${base}/settings`, {
      headers: { authorization: `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}` },
    });
    const body = await response.text();
    last = `${response.status} ${body}`;
    if (response.status !== 200) break;
    if ((JSON.parse(body) as { updated?: unknown }).updated != null) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `gateway: GET /settings did not return the projected demo settings within ${READ_MODEL_TIMEOUT_MS} ms; ` +
      `last answer: ${last}`,
  );
}

function cpuProfileArgs(): string[] {
  return CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : [];
}

/**
 * Warms every target up, then runs ROUNDS rounds of one pass per target in a fixed order
 * (reference first), so each gateway pass runs right next to a reference pass and sees the same
 * background load. The fastest pass of each target counts; every pass is kept in the JSON.
 */
async function measureTargets(targets: Target[], context: ScenarioContext): Promise<Measurement[]> {
  const load = (target: Target, durationMs: number) =>
    runLoad({ url: target.url, headers: target.headers, connections: CONNECTIONS, pipelining: PIPELINING, durationMs });
  const warmupMs = Math.max(context.options.warmupMs, MIN_WARMUP_MS);
  for (const target of targets) {
    context.log(`edge: warm-up ${target.short}, ${warmupMs / 1000} s`);
    checkPass(await load(target, warmupMs), target, 'warm-up');
  }

  const timedPass = async (target: Target): Promise<Pass> => {
    const cpuBefore = target.server.cpuTimeMs();
    const pass = await load(target, context.options.durationMs);
    const cpuAfter = target.server.cpuTimeMs();
    return {
      ...pass,
      serverCpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
    };
  };
  const passes = new Map<Target, Pass[]>(targets.map((target) => [target, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    const rates: string[] = [];
    for (const target of targets) {
      const pass = await timedPass(target);
      checkPass(pass, target, `round ${round}`);
      passes.get(target)!.push(pass);
      rates.push(`${target.short} ${Math.round(pass.rate).toLocaleString('en')}/s`);
    }
    const ratios = targets
      .slice(1)
      .map((target) => (passes.get(target)!.at(-1)!.rate / passes.get(targets[0])!.at(-1)!.rate).toFixed(2));
    context.log(`edge: round ${round}/${ROUNDS}: ${rates.join(', ')} (ratios to the reference: ${ratios.join(', ')})`);
  }

  const [reference, ...subjects] = targets;
  const referenceMeasurement = toMeasurement(reference, passes.get(reference)!);
  const measurements = [referenceMeasurement];
  for (const target of subjects) {
    const measured = withRatio(toMeasurement(target, passes.get(target)!), REFERENCE_LABEL, referenceMeasurement.rate);
    measurements.push(target.id === 'edge.gateway.settings' ? withRatioTarget(measured, RATIO_TARGET) : measured);
  }
  return measurements;
}

const REQUEST_LOG_OFF_ID = 'edge.gateway.settings.no-request-log';
const REQUEST_LOG_OFF_LABEL = 'gateway GET /settings with REQUEST_LOG_ENABLED=false';

/**
 * The request log's cost on the edge (issue 20): the /settings rate with the log on, as a ratio
 * to the same gateway with it off. Their passes alternate in the same rounds (each "on" pass right
 * before an "off" pass), so the ratio is taken between the MEDIAN passes of each, which one noisy
 * round cannot move the way it moves a best-of; the per-round ratios and the server CPU per
 * request of both are in the note. Each "on" pass also wrote its log rows to PostgreSQL.
 */
function withRequestLogCost(measurements: Measurement[]): Measurement[] {
  const on = measurements.find((m) => m.id === 'edge.gateway.settings');
  const off = measurements.find((m) => m.id === REQUEST_LOG_OFF_ID);
  if (!on?.passes || !off?.passes) return measurements;
  const onRates = on.passes.map((pass) => pass.rate);
  const offRates = off.passes.map((pass) => pass.rate);
  const perRound = onRates.map((rate, round) => (rate / offRates[round]).toFixed(2));
  const cpu = (m: Measurement) =>
    m.passes!.reduce((sum, pass) => sum + (pass.serverCpuUsPerRequest ?? 0), 0) / m.passes!.length;
  const cost: Measurement = withRatio(
    {
      ...on,
      id: 'edge.request-log.cost',
      label: 'gateway GET /settings with the request log, to the same without it (median passes)',
      rate: median(onRates),
      note:
        `per-round ratios ${perRound.join(', ')}; server CPU per request ${Math.round(cpu(on))} µs with the ` +
        `log, ${Math.round(cpu(off))} µs without (${(cpu(off) / cpu(on)).toFixed(2)}×)`,
      passes: undefined,
      target: undefined,
    },
    `${REQUEST_LOG_OFF_LABEL}, median pass`,
    median(offRates),
  );
  return [...measurements, cost];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Fails the run on any non-2xx answer, error or timeout, with the end of the server's output. */
function checkPass(pass: LoadResult, target: Target, when: string): void {
  try {
    assertAllSucceeded(pass, `${target.short} (${when})`);
  } catch (error) {
    const tail = target.server.outputTail(20);
    throw new Error(
      `${(error as Error).message}${tail ? `\nlast output of the ${target.server.name}:\n${tail}` : ''}`,
      {
        cause: error,
      },
    );
  }
}

function toMeasurement(target: Target, passes: Pass[]): Measurement {
  const best = passes.reduce((a, b) => (b.rate > a.rate ? b : a));
  const latency = best.latencies.percentiles();
  const cpu = cpuPerRequestUs(passes);
  const notes = [
    target.note,
    cpu === undefined ? undefined : `server CPU ${Math.round(cpu)} µs/request`,
    `non-2xx: ${passes.reduce((sum, pass) => sum + pass.non2xx, 0)}`,
    CPU_PROFILE_DIR ? 'under --cpu-prof' : undefined,
  ];
  return {
    id: target.id,
    label: target.label,
    rate: best.rate,
    unit: 'requests/s',
    operations: best.requests,
    durationMs: best.durationMs,
    latencyMs: latency && { ...latency, per: 'request' },
    // VmHWM: the server process's peak since it started (the gateway's covers every pass so far).
    peakRssMiB: target.server.peakRssMiB() ?? 0,
    peakRssOf: 'server',
    note: notes.filter(Boolean).join('; '),
    passes: passes.map((pass) => ({
      rate: pass.rate,
      ...pass.latencies.percentiles(),
      serverCpuUsPerRequest: cpuPerRequestUs([pass]),
    })),
  };
}

/**
 * The server's CPU time (all threads, user + system) per answered request over the given passes:
 * unlike the rate, it hardly depends on how much CPU the load generator and PostgreSQL took.
 */
function cpuPerRequestUs(passes: Pass[]): number | undefined {
  if (passes.some((pass) => pass.serverCpuMs === undefined)) return undefined;
  const requests = passes.reduce((sum, pass) => sum + pass.requests, 0);
  const cpuMs = passes.reduce((sum, pass) => sum + pass.serverCpuMs!, 0);
  return requests > 0 ? (cpuMs * 1000) / requests : undefined;
}
