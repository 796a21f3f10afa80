import { readdirSync, readFileSync } from 'node:fs';
import { BenchPostgres } from '../core/bench-postgres';
import { chargeRequestFor } from '../scenarios/cards/cards.scenario';
import { startGatewayProcess } from '../scenarios/shared/gateway-process';

/**
 * CPU cost of one card charge, by process: `node dist/bench/tools/charge-cost.js [charges] [--separate-worker]`.
 *
 * Throughput on a shared 2-core machine swings with whatever else runs; the CPU time each process
 * spends per charge does not (much). This sends a fixed number of charges at 32 connections,
 * waits until the worker has finished projecting them (its CPU stops moving), and divides each
 * process's CPU time (api, worker, every PostgreSQL process) by the number of charges.
 */
const CONNECTIONS = 32;
const RATE_LIMIT = '100000000';
const MS_PER_TICK = 10;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (
  options: Record<string, unknown>,
) => PromiseLike<{ requests: { total: number }; non2xx: number; errors: number; duration: number }>;

function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return 0;
  }
}

function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/**
 * CPU time of the bench server's postmaster and its children (backends come and go, so this is
 * read at both ends; other PostgreSQL servers on the machine are not counted). Backends that
 * exited in between are lost, which is why the gateway's pools keep their connections.
 */
function postgresCpuMs(postmaster: number): number {
  let total = cpuMsOf(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (parentOf(Number(entry)) === postmaster) total += cpuMsOf(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

async function settled(pids: number[]): Promise<void> {
  let last = pids.map(cpuMsOf);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = pids.map(cpuMsOf);
    if (now.every((value, index) => value - last[index] <= 20)) return;
    last = now;
  }
}

async function main(): Promise<void> {
  const charges = Number(process.argv[2] ?? 5000);
  const separateWorker = process.argv.includes('--separate-worker');
  const postgres = await BenchPostgres.start();
  const database = await postgres.createDatabase([], 2);
  const backend = (await database.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  const postmaster = parentOf(backend);
  const profileDir = process.env.CHARGE_COST_CPU_PROF;
  const gateway = await startGatewayProcess(database, {
    logLevel: 'warn',
    separateWorker,
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    env: {
      RATE_LIMIT_TEST_PER_MINUTE: RATE_LIMIT,
      RATE_LIMIT_LIVE_PER_MINUTE: RATE_LIMIT,
      RATE_LIMIT_IP_PER_MINUTE: RATE_LIMIT,
    },
  });
  try {
    const charge = await chargeRequestFor(gateway, database.url);
    await autocannon({ ...charge, connections: CONNECTIONS, amount: 1000 }); // warm-up
    const pids = [gateway.server.pid, ...(gateway.worker ? [gateway.worker.pid] : [])];
    await settled(pids);
    const before = { processes: pids.map(cpuMsOf), postgres: postgresCpuMs(postmaster), at: Date.now() };
    // autocannon notices that `amount` is reached only at its sampling tick (1 s by default), which
    // made the printed rate whole seconds; a 100 ms tick keeps it close.
    const result = await autocannon({ ...charge, connections: CONNECTIONS, amount: charges, sampleInt: 100 });
    const loadMs = Date.now() - before.at;
    await settled(pids);
    const after = { processes: pids.map(cpuMsOf), postgres: postgresCpuMs(postmaster) };
    if (after.processes.some((ms) => ms === 0))
      throw new Error(
        `the gateway exited during the run:\n${gateway.server.outputTail()}\n${gateway.worker?.outputTail() ?? ''}`,
      );
    const per = (ms: number) => ((ms / charges) * 1000).toFixed(0);
    const names = separateWorker ? ['api', 'worker'] : ['api + worker'];
    const parts = names.map((name, index) => `${name} ${per(after.processes[index] - before.processes[index])} µs`);
    console.log(
      `${charges} charges (${result.non2xx} non-2xx, ${result.errors} errors) in ${(loadMs / 1000).toFixed(1)} s ` +
        `(${Math.round((charges * 1000) / loadMs)}/s): CPU per charge ${parts.join(', ')}, ` +
        `postgres ${per(after.postgres - before.postgres)} µs`,
    );
  } finally {
    await Promise.all([gateway.server.stop(), gateway.worker?.stop()]);
    await database.drop();
    await postgres.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
