import { UpdateSettingsCommand } from '@gateway/accounts';
import { CoreModule } from '@gateway/bootstrap';
import { loadConfig } from '@gateway/config';
import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { join } from 'node:path';
import { LatencyRecorder } from '../../core/latency-recorder';
import { type Measurement, withRatio, withRatioTarget } from '../../core/measurement';
import type { Scenario, ScenarioContext } from '../../core/scenario';
import { ServerProcess } from '../edge/server-process';
import { basicAuthHeader, type GatewayUnderTest, startGatewayProcess } from '../shared/gateway-process';

/** Issue 6: create-charge at 32 connections, against a bare Nest route measured in the same run. */
const CONNECTIONS = 32;
const RATIO_TARGET = 0.35;
const P99_TARGET_MS = 50;
const ROUNDS = 3;
const RATE_LIMIT = '100000000';
const REFERENCE_LABEL = 'bare Nest 11 hello world, GET /hello (32 connections)';
/**
 * `BENCH_CARDS_CPU_PROF=<dir>` runs the gateway under `--cpu-prof` (summarise with bench/tools/cpu-profile-summary).
 */
const CPU_PROFILE_DIR = process.env.BENCH_CARDS_CPU_PROF;

interface AutocannonResult {
  duration: number;
  requests: { total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: Record<string, unknown>) => PromiseLike<AutocannonResult> & {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};

interface Pass {
  rate: number;
  requests: number;
  durationMs: number;
  latencies: LatencyRecorder;
}

async function load(
  request: { url: string; method?: string; headers?: Record<string, string>; body?: string },
  durationMs: number,
  what: string,
): Promise<Pass> {
  const latencies = new LatencyRecorder();
  const tracker = autocannon({
    ...request,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: durationMs / 1000,
    timeout: 10,
    sampleInt: 100,
  });
  tracker.on('response', (_c, _s, _b, ms) => latencies.record(ms));
  const result = await tracker;
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${what}: ${result.non2xx} non-2xx, ${result.errors} errors, ` +
        `${result.timeouts} timeouts (${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  const ms = result.duration * 1000;
  return { rate: (result.requests.total * 1000) / ms, requests: result.requests.total, durationMs: ms, latencies };
}

@Module({})
class SettingsWriterModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: SettingsWriterModule,
      imports: [CoreModule.forRoot({ config: loadConfig({ LOG_LEVEL: 'error' }), databaseUrl, poolSize: 2 })],
    };
  }
}

/**
 * POST /credit_card_charges (auth, rate limit, validation, token load, charge + money-in append,
 * read-your-writes wait for the cards projection) on a saved card of the demo business, which
 * allows optional authentication: every request is a real, captured charge.
 */
export const cardsScenario: Scenario = {
  name: 'cards',
  description:
    `Cards: create-charge requests/s and p99 at ${CONNECTIONS} connections (gateway api + worker, ` +
    `own process) against a bare Nest route, best of ${ROUNDS} alternating passes`,
  async run(context: ScenarioContext): Promise<Measurement[]> {
    const database = await context.postgres.createDatabase([], 2);
    const servers: ServerProcess[] = [];
    try {
      const bare = ServerProcess.start({
        name: 'bare app',
        script: join(__dirname, '..', 'edge', 'bare-app.js'),
        env: { ...process.env, PORT: '0' },
      });
      servers.push(bare);
      const [, barePort] = await bare.waitForOutput(/bare app listening on port (\d+)/, 60_000);
      const gateway = await startGatewayProcess(database, {
        logLevel: 'warn',
        separateWorker: process.env.BENCH_CARDS_SEPARATE_WORKER === 'true',
        nodeArgs: CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : [],
        env: {
          RATE_LIMIT_TEST_PER_MINUTE: RATE_LIMIT,
          RATE_LIMIT_LIVE_PER_MINUTE: RATE_LIMIT,
          RATE_LIMIT_IP_PER_MINUTE: RATE_LIMIT,
        },
      });
      servers.push(gateway.server, ...(gateway.worker ? [gateway.worker] : []));
      const charge = await chargeRequestFor(gateway, database.url);
      const hello = { url: `http://127.0.0.1:${barePort}/hello` };
      const warmupMs = Math.max(context.options.warmupMs, 2000);
      context.log(`cards: warm-up ${warmupMs / 1000} s each`);
      await load(hello, warmupMs, 'bare warm-up');
      await load(charge, warmupMs, 'charge warm-up');
      const bareRuns: Pass[] = [];
      const chargeRuns: Pass[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        bareRuns.push(await load(hello, context.options.durationMs, 'bare'));
        chargeRuns.push(await load(charge, context.options.durationMs, 'create charge'));
        context.log(
          `cards: round ${round}/${ROUNDS}: bare ${Math.round(bareRuns.at(-1)!.rate)}/s, ` +
            `create charge ${Math.round(chargeRuns.at(-1)!.rate)}/s`,
        );
      }
      const best = (passes: Pass[]) => passes.reduce((a, b) => (b.rate > a.rate ? b : a));
      const reference = toMeasurement(
        'cards.bare.hello',
        REFERENCE_LABEL,
        best(bareRuns),
        bare.peakRssMiB() ?? 0,
        bareRuns,
      );
      const chargeBest = best(chargeRuns);
      const p99 = chargeBest.latencies.percentiles()?.p99 ?? Infinity;
      let measured = toMeasurement(
        'cards.create-charge',
        'gateway POST /credit_card_charges (captured charge, saved card)',
        chargeBest,
        gateway.server.peakRssMiB() ?? 0,
        chargeRuns,
      );
      measured = withRatioTarget(withRatio(measured, REFERENCE_LABEL, reference.rate), RATIO_TARGET);
      measured = {
        ...measured,
        note:
          `p99 ${p99.toFixed(1)} ms: ${p99 <= P99_TARGET_MS ? 'PASS' : 'FAIL'} (target ≤ ${P99_TARGET_MS} ` +
          `ms); api + worker, LOG_LEVEL=warn`,
      };
      return [reference, measured];
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await database.drop();
    }
  },
};

function toMeasurement(id: string, label: string, pass: Pass, peakRssMiB: number, passes: Pass[]): Measurement {
  const latency = pass.latencies.percentiles();
  return {
    id,
    label,
    rate: pass.rate,
    unit: 'requests/s',
    operations: pass.requests,
    durationMs: pass.durationMs,
    latencyMs: latency && { ...latency, per: 'request' },
    peakRssMiB,
    peakRssOf: 'server',
    passes: passes.map((p) => ({ rate: p.rate, ...p.latencies.percentiles() })),
  };
}

/**
 * A create-charge request on a saved card of the demo business, which is first allowed optional
 * authentication: every request is a real, captured charge without 3DS.
 */
export async function chargeRequestFor(
  gateway: GatewayUnderTest,
  databaseUrl: string,
): Promise<{ url: string; method: string; headers: Record<string, string>; body: string }> {
  const auth = { authorization: basicAuthHeader(gateway.secretKey), 'content-type': 'application/json' };
  await allowOptionalAuthentication(databaseUrl, gateway.base, auth);
  const token = await fetch(`${gateway.base}/v2/credit_card_tokens`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      is_single_use: false,
      card_data: { account_number: '4000000000000002', exp_month: '12', exp_year: '2099' },
      should_authenticate: false,
    }),
  }).then((r) => r.json() as Promise<{ id: string }>);
  return {
    url: `${gateway.base}/credit_card_charges`,
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ token_id: token.id, external_id: 'bench-order', amount: 10_000 }),
  };
}

/** The demo business may charge saved cards without 3DS (the dashboard's optional-authentication setting). */
async function allowOptionalAuthentication(
  databaseUrl: string,
  base: string,
  headers: Record<string, string>,
): Promise<void> {
  const app = await NestFactory.createApplicationContext(SettingsWriterModule.forRoot(databaseUrl), {
    logger: ['error'],
  });
  try {
    await app
      .get(CommandBus)
      .execute(
        new UpdateSettingsCommand(
          'biz_demo',
          'test',
          { optionalAuthentication: true },
          { requestId: 'bench_settings', actor: 'system:bench' },
        ),
      );
  } finally {
    await app.close();
  }
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const settings = (await fetch(`${base}/settings`, { headers }).then((r) => r.json())) as {
      optional_authentication?: boolean;
    };
    if (settings.optional_authentication) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the demo business did not get optional authentication in time');
}
