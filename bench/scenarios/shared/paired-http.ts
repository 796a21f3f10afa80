import { join } from 'node:path';
import { type Measurement, withRatio } from '../../core/measurement';
import type { ScenarioContext } from '../../core/scenario';
import { assertAllSucceeded, type LoadOptions, type LoadResult, runLoad } from '../edge/http-load';
import { ServerProcess } from '../edge/server-process';

const STARTUP_TIMEOUT_MS = 60_000;
/** Untimed load on each side before the first round (JIT, pools, caches), at least this long. */
export const MIN_WARMUP_MS = 2000;

export type HttpRequest = Omit<LoadOptions, 'connections' | 'pipelining' | 'durationMs'>;

/** The bare Nest 11 app of the edge scenario (`GET /hello`) in its own process: every HTTP scenario's reference. */
export async function startBareApp(servers: ServerProcess[]): Promise<{ server: ServerProcess; hello: HttpRequest }> {
  const server = ServerProcess.start({
    name: 'bare app',
    script: join(__dirname, '..', 'edge', 'bare-app.js'),
    env: { ...process.env, PORT: '0' },
  });
  servers.push(server);
  const [, port] = await server.waitForOutput(/bare app listening on port (\d+)/, STARTUP_TIMEOUT_MS);
  return { server, hello: { url: `http://127.0.0.1:${port}/hello` } };
}

export function bareReferenceLabel(connections: number): string {
  return `bare Nest 11 hello world, GET /hello (${connections} connections)`;
}

export interface PairedHttpSpec {
  /** For progress lines, e.g. "invoices". */
  scenario: string;
  id: string;
  label: string;
  /** "create invoice", for progress lines and errors. */
  short: string;
  request: HttpRequest;
  server: ServerProcess;
  bare: { server: ServerProcess; hello: HttpRequest };
  connections: number;
  rounds: number;
  note?: string;
}

/**
 * A gateway route against the bare route, both driven by autocannon from the benchmark process at
 * the same connection count: a warm-up of each, then `rounds` rounds of (bare pass, gateway pass)
 * so every gateway pass sits next to a reference pass. The fastest pass of each side counts;
 * every pass is kept in the JSON. Any non-2xx answer, error or timeout fails the run.
 */
export async function measureAgainstBare(
  context: ScenarioContext,
  spec: PairedHttpSpec,
): Promise<[Measurement, Measurement]> {
  const load = async (
    request: HttpRequest,
    durationMs: number,
    what: string,
    server: ServerProcess,
  ): Promise<LoadResult> => {
    const result = await runLoad({ ...request, connections: spec.connections, pipelining: 1, durationMs });
    try {
      assertAllSucceeded(result, `${spec.scenario}: ${what}`);
    } catch (error) {
      throw new Error(`${(error as Error).message}\nlast output of the ${server.name}:\n${server.outputTail(20)}`, {
        cause: error,
      });
    }
    return result;
  };
  const warmupMs = Math.max(context.options.warmupMs, MIN_WARMUP_MS);
  context.log(`${spec.scenario}: warm-up ${warmupMs / 1000} s each`);
  await load(spec.bare.hello, warmupMs, 'bare warm-up', spec.bare.server);
  await load(spec.request, warmupMs, `${spec.short} warm-up`, spec.server);
  const bareRuns: LoadResult[] = [];
  const subjectRuns: LoadResult[] = [];
  for (let round = 1; round <= spec.rounds; round++) {
    bareRuns.push(await load(spec.bare.hello, context.options.durationMs, 'bare', spec.bare.server));
    subjectRuns.push(await load(spec.request, context.options.durationMs, spec.short, spec.server));
    const bare = bareRuns.at(-1)!.rate;
    const subject = subjectRuns.at(-1)!.rate;
    context.log(
      `${spec.scenario}: round ${round}/${spec.rounds}: bare ${Math.round(bare)}/s, ` +
        `${spec.short} ${Math.round(subject)}/s (${(subject / bare).toFixed(2)}×)`,
    );
  }
  const referenceLabel = bareReferenceLabel(spec.connections);
  const reference = httpMeasurement(`${spec.id}.reference`, referenceLabel, bareRuns, spec.bare.server);
  const subject = withRatio(
    httpMeasurement(spec.id, spec.label, subjectRuns, spec.server, spec.note),
    referenceLabel,
    reference.rate,
  );
  return [reference, subject];
}

/** The fastest pass, with the server's peak RSS (VmHWM: its peak since start, so it covers every pass). */
export function httpMeasurement(
  id: string,
  label: string,
  passes: LoadResult[],
  server: ServerProcess,
  note?: string,
): Measurement {
  const best = passes.reduce((a, b) => (b.rate > a.rate ? b : a));
  const latency = best.latencies.percentiles();
  return {
    id,
    label,
    rate: best.rate,
    unit: 'requests/s',
    operations: best.requests,
    durationMs: best.durationMs,
    latencyMs: latency && { ...latency, per: 'request' },
    peakRssMiB: server.peakRssMiB() ?? 0,
    peakRssOf: 'server',
    ...(note !== undefined && { note }),
    passes: passes.map((pass) => ({ rate: pass.rate, ...pass.latencies.percentiles() })),
  };
}
