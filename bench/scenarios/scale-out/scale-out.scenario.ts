import { LatencyRecorder } from '../../core/latency-recorder';
import type { Measurement } from '../../core/measurement';
import { cpuMsOf, cpuSettled, parentOf, postgresCpuMs } from '../../core/process-cpu';
import type { Scenario, ScenarioContext } from '../../core/scenario';
import type { ServerProcess } from '../edge/server-process';
import { chargeRequestFor } from '../cards/cards.scenario';
import { type GatewayUnderTest, NO_RATE_LIMITS, startGatewayProcess } from '../shared/gateway-process';

/**
 * Issue 23, item 4: does adding processes add throughput? The same create-charge load (32
 * keep-alive connections) against (a) one process running the api and the worker, as `npm start`
 * does, and (b) two api processes and one worker, each topology on its own database of the same
 * PostgreSQL server, alternating pass by pass so both see the same background load. Reported for
 * each: charges/s and the CPU-seconds every process of the topology and PostgreSQL spent per 1,000
 * charges, counted until the worker has finished projecting them, less what they burn idle.
 * Targets: (b) at least 0.95× of (a)'s throughput, its CPU per charge within 10% of (a)'s.
 */
const CONNECTIONS = 32;
const ROUNDS = 3;
const THROUGHPUT_TARGET = 0.95;
const CPU_TOLERANCE = 0.1;
const IDLE_SAMPLE_MS = 2000;
const ONE_PROCESS = 'one process (api + worker)';
const SCALED_OUT = 'two api processes + one worker';

interface AutocannonResult {
  duration: number;
  requests: { total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: Record<string, unknown>) => PromiseLike<AutocannonResult> & {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};

type ChargeRequest = Awaited<ReturnType<typeof chargeRequestFor>>;

/** A deployment under load: its processes, and one charge request per api process. */
interface Topology {
  label: string;
  processes: ServerProcess[];
  /** What each process is, in `processes` order. */
  processNames: string[];
  requests: ChargeRequest[];
}

interface Pass {
  rate: number;
  requests: number;
  durationMs: number;
  latencies: LatencyRecorder;
  /** CPU-seconds per 1,000 charges: the topology's processes plus PostgreSQL. */
  cpuSecondsPer1000: number;
  /** The same, process by process (the topology's order, PostgreSQL last): where the CPU went. */
  cpuSecondsPer1000ByProcess: number[];
}

export const scaleOutScenario: Scenario = {
  name: 'scale-out',
  description:
    `Scale-out: create-charge at ${CONNECTIONS} connections on ${ONE_PROCESS} against ${SCALED_OUT}, ` +
    `same PostgreSQL, ${ROUNDS} alternating passes; throughput and CPU-seconds per 1,000 charges`,
  async run(context: ScenarioContext): Promise<Measurement[]> {
    const databases = [await context.postgres.createDatabase([], 2), await context.postgres.createDatabase([], 2)];
    const gateways: GatewayUnderTest[] = [];
    try {
      const backend = await databases[0].pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const postmaster = parentOf(backend.rows[0].pid);
      const single = await startGatewayProcess(databases[0], { logLevel: 'warn', env: NO_RATE_LIMITS });
      gateways.push(single);
      const scaled = await startGatewayProcess(databases[1], {
        logLevel: 'warn',
        env: NO_RATE_LIMITS,
        separateWorker: true,
        apiProcesses: 2,
      });
      gateways.push(scaled);
      const topologies = [
        await topologyOf(ONE_PROCESS, single, databases[0].url),
        await topologyOf(SCALED_OUT, scaled, databases[1].url),
      ];
      const warmupMs = Math.max(context.options.warmupMs, 2000);
      context.log(`scale-out: warm-up ${warmupMs / 1000} s each`);
      for (const topology of topologies) await load(topology, warmupMs, postmaster);
      const passes: Pass[][] = topologies.map(() => []);
      for (let round = 1; round <= ROUNDS; round++) {
        for (const [index, topology] of topologies.entries()) {
          passes[index].push(await load(topology, context.options.durationMs, postmaster));
        }
        context.log(
          `scale-out: round ${round}/${ROUNDS}: ` +
            topologies
              .map((topology, index) => {
                const pass = passes[index].at(-1)!;
                const parts = pass.cpuSecondsPer1000ByProcess.map((cpu) => cpu.toFixed(2)).join(' + ');
                return (
                  `${topology.label} ${Math.round(pass.rate)}/s, ${pass.cpuSecondsPer1000.toFixed(2)} CPU-s/1000 ` +
                  `(${topology.processNames.join(' + ')} + PostgreSQL: ${parts})`
                );
              })
              .join('; '),
        );
      }
      return report(topologies, passes);
    } finally {
      await Promise.all(
        gateways.flatMap((gateway) => [
          gateway.server.stop(),
          ...(gateway.worker ? [gateway.worker.stop()] : []),
          ...gateway.moreApis.map((api) => api.server.stop()),
        ]),
      );
      await Promise.all(databases.map((database) => database.drop()));
    }
  },
};

async function topologyOf(label: string, gateway: GatewayUnderTest, databaseUrl: string): Promise<Topology> {
  const request = await chargeRequestFor(gateway, databaseUrl);
  const more = gateway.moreApis.map((api) => ({ ...request, url: request.url.replace(gateway.base, api.base) }));
  return {
    label,
    processes: [
      gateway.server,
      ...(gateway.worker ? [gateway.worker] : []),
      ...gateway.moreApis.map((api) => api.server),
    ],
    processNames: [
      gateway.worker ? 'api' : 'api + worker',
      ...(gateway.worker ? ['worker'] : []),
      ...gateway.moreApis.map(() => 'api'),
    ],
    requests: [request, ...more],
  };
}

/**
 * One timed pass: the connections split evenly over the topology's api processes (as a load
 * balancer would), then the CPU its processes and PostgreSQL spent, counted until the projections
 * have caught up (the work a charge causes is not over when it is answered).
 */
async function load(topology: Topology, durationMs: number, postmaster: number): Promise<Pass> {
  const pids = topology.processes.map((server) => server.pid);
  const cpuByProcess = () => [...pids.map(cpuMsOf), postgresCpuMs(postmaster)];
  await cpuSettled(pids);
  // What the topology and PostgreSQL burn idle (pollers, timers), per ms: taken out of the charges' cost,
  // which would otherwise grow with the number of processes and the time the projections take to settle.
  const idleFrom = { cpu: cpuByProcess(), at: Date.now() };
  await new Promise((resolve) => setTimeout(resolve, IDLE_SAMPLE_MS));
  const cpuBefore = cpuByProcess();
  const startedAt = Date.now();
  const idleCpuPerMs = cpuBefore.map((cpu, index) => (cpu - idleFrom.cpu[index]) / (startedAt - idleFrom.at));
  const latencies = new LatencyRecorder();
  const results = await Promise.all(
    topology.requests.map((request) => {
      const tracker = autocannon({
        ...request,
        connections: CONNECTIONS / topology.requests.length,
        pipelining: 1,
        duration: durationMs / 1000,
        timeout: 10,
        sampleInt: 100,
      });
      tracker.on('response', (_client, _status, _bytes, ms) => latencies.record(ms));
      return tracker;
    }),
  );
  for (const result of results) {
    if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
      throw new Error(
        `scale-out, ${topology.label}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
      );
    }
  }
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
  const elapsedMs = Math.max(...results.map((result) => result.duration * 1000));
  await cpuSettled(pids);
  const cpuAfter = cpuByProcess();
  if (pids.some((pid) => cpuMsOf(pid) === 0)) throw new Error(`scale-out, ${topology.label}: a process exited`);
  const loadedMs = Date.now() - startedAt;
  // ms per charge is CPU-seconds per 1,000 charges
  const perCharge = cpuAfter.map((cpu, index) => (cpu - cpuBefore[index] - idleCpuPerMs[index] * loadedMs) / requests);
  return {
    rate: (requests * 1000) / elapsedMs,
    requests,
    durationMs: elapsedMs,
    latencies,
    cpuSecondsPer1000: perCharge.reduce((sum, cpu) => sum + cpu, 0),
    cpuSecondsPer1000ByProcess: perCharge,
  };
}

function report(topologies: Topology[], passes: Pass[][]): Measurement[] {
  const best = (runs: Pass[]) => runs.reduce((a, b) => (b.rate > a.rate ? b : a));
  const medianCpu = (runs: Pass[]) => runs.map((run) => run.cpuSecondsPer1000).sort((a, b) => a - b)[runs.length >> 1];
  const [single, scaled] = topologies.map((topology, index) => {
    const pass = best(passes[index]);
    const latency = pass.latencies.percentiles();
    const measurement: Measurement = {
      id: `scale-out.${index === 0 ? 'one-process' : 'two-apis-one-worker'}`,
      label: `POST /credit_card_charges on ${topology.label}`,
      rate: pass.rate,
      unit: 'requests/s',
      operations: pass.requests,
      durationMs: pass.durationMs,
      latencyMs: latency && { ...latency, per: 'request' },
      peakRssMiB: Math.max(...topology.processes.map((server) => server.peakRssMiB() ?? 0)),
      peakRssOf: 'largest process',
      passes: passes[index].map((run) => ({ rate: run.rate, ...run.latencies.percentiles() })),
    };
    return { measurement, cpu: medianCpu(passes[index]) };
  });
  const throughputRatio = scaled.measurement.rate / single.measurement.rate;
  const cpuRatio = scaled.cpu / single.cpu;
  const cpuMet = cpuRatio <= 1 + CPU_TOLERANCE;
  return [
    { ...single.measurement, note: `CPU ${single.cpu.toFixed(2)} s per 1,000 charges (median pass)` },
    {
      ...scaled.measurement,
      ratio: { to: single.measurement.label, referenceRate: single.measurement.rate, value: throughputRatio },
      target: { min: THROUGHPUT_TARGET, met: throughputRatio >= THROUGHPUT_TARGET, of: 'ratio' },
      note:
        `CPU ${scaled.cpu.toFixed(2)} s per 1,000 charges (median pass), ${cpuRatio.toFixed(2)}× of one ` +
        `process's: ${cpuMet ? 'PASS' : 'FAIL'} (target ≤ ${(1 + CPU_TOLERANCE).toFixed(2)}×)`,
    },
  ];
}
