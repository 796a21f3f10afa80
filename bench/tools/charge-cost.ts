import type { Pool } from 'pg';
import { BenchPostgres } from '../core/bench-postgres';
import {
  cpuMsOf,
  cpuSettled,
  machineContextSwitches,
  parentOf,
  postgresCpuMs,
  postgresMinorFaults,
} from '../core/process-cpu';
import { chargeRequestFor } from '../scenarios/cards/cards.scenario';
import { disbursementRequestFor } from '../scenarios/disbursements/disbursements.scenario';
import { INVOICE_POOL_SIZE, invoiceRequestFor } from '../scenarios/invoices/invoices.scenario';
import { startGatewayProcess } from '../scenarios/shared/gateway-process';
import { vaPaymentRequestFor } from '../scenarios/va-callback/va-callback.scenario';
import { PRELOAD, printStatementStats, resetStatementStats } from './statement-stats';

/**
 * CPU cost of one card charge, by process: `node dist/bench/tools/charge-cost.js [charges] [--separate-worker]
 * [--apis N]` (with `--apis`, N api processes and a worker, the connections split evenly over the apis);
 * with `--invoices`, of one invoice creation (three POOL numbers claimed, as the invoices scenario sends) instead;
 * with `--disbursements`, of one disbursement (funded business, instant window: the rail completes it too);
 * with `--va`, of one simulated payment of a fixed VA (128 VAs paid in turn, as the va-callback scenario pays them;
 * no callback URL, so no delivery). `CHARGE_COST_NODE_ARGS="--flag ..."` starts the gateway's processes with those
 * Node/V8 flags (what NODE_OPTIONS may not carry), `CHARGE_COST_CPU_PROF=<dir>` under the CPU profiler.
 * `--backlog N` first adds N jobs due a day later (a merchant's waiting invoice expiries and settlements).
 * `CHARGE_COST_CONNECTIONS=N` sends over N connections instead of 32 (how the cost a request moves with the load).
 * Beside CPU it prints PostgreSQL's minor page faults a request and the machine's context switches a request
 * while the load runs (docs/benchmarks.md, "Fourteenth look"): on this virtual machine a switch is dear.
 * `CHARGE_COST_STATEMENTS=<n>` also prints the n statements PostgreSQL spent the most time on during the
 * measured load (`pg_stat_statements`, preloaded in the embedded cluster for the run; statement-stats.ts).
 *
 * Throughput on a shared 2-core machine swings with whatever else runs; the CPU time each process
 * spends per charge does not (much). This sends a fixed number of charges at 32 connections,
 * waits until the worker has finished projecting them (its CPU stops moving), and divides each
 * process's CPU time (api, worker, every PostgreSQL process) by the number of charges.
 */
const CONNECTIONS = Number(process.env.CHARGE_COST_CONNECTIONS ?? 32);
const RATE_LIMIT = '100000000';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (
  options: Record<string, unknown>,
) => PromiseLike<{ requests: { total: number }; non2xx: number; errors: number; duration: number }>;

async function main(): Promise<void> {
  const charges = Number(process.argv[2] ?? 5000);
  const apisFlag = process.argv.indexOf('--apis');
  const apis = apisFlag > 0 ? Number(process.argv[apisFlag + 1]) : 1;
  const separateWorker = process.argv.includes('--separate-worker') || apis > 1;
  const invoices = process.argv.includes('--invoices');
  const disbursements = process.argv.includes('--disbursements');
  const vaPayments = process.argv.includes('--va');
  const backlogFlag = process.argv.indexOf('--backlog');
  const backlog = backlogFlag > 0 ? Number(process.argv[backlogFlag + 1]) : 0;
  const what = invoices ? 'invoices' : disbursements ? 'disbursements' : vaPayments ? 'VA payments' : 'charges';
  const statements = Number(process.env.CHARGE_COST_STATEMENTS ?? 0);
  const postgres = await BenchPostgres.start(statements > 0 ? PRELOAD : undefined);
  const database = await postgres.createDatabase([], 2);
  const backend = (await database.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  const postmaster = parentOf(backend);
  const profileDir = process.env.CHARGE_COST_CPU_PROF;
  // A profiled process keeps sampling while idle: its idle cost is higher than a plain one's.
  const settled = (pids: number[]) => cpuSettled(pids, profileDir ? 150 : 20);
  const gateway = await startGatewayProcess(database, {
    logLevel: 'warn',
    separateWorker,
    apiProcesses: apis,
    nodeArgs: [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      // V8 flags Node refuses in NODE_OPTIONS (say `--single-threaded-gc`), for the gateway's processes only.
      ...(process.env.CHARGE_COST_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
    env: {
      RATE_LIMIT_TEST_PER_MINUTE: RATE_LIMIT,
      RATE_LIMIT_LIVE_PER_MINUTE: RATE_LIMIT,
      RATE_LIMIT_IP_PER_MINUTE: RATE_LIMIT,
      INVOICE_POOL_SIZE,
    },
  });
  try {
    const charge: Record<string, unknown> & { url: string } = invoices
      ? invoiceRequestFor(gateway)
      : disbursements
        ? await disbursementRequestFor(gateway, database.url)
        : vaPayments
          ? await vaPaymentRequestFor(gateway)
          : await chargeRequestFor(gateway, database.url);
    // A fresh external id per request where the body asks for one (autocannon's `[<id>]`), as the scenarios send.
    Object.assign(charge, { idReplacement: typeof charge.body === 'string' && charge.body.includes('[<id>]') });
    // One request per api process, as a load balancer would spread them.
    const requests = [
      charge,
      ...gateway.moreApis.map((api) => ({ ...charge, url: charge.url.replace(gateway.base, api.base) })),
    ];
    const send = (total: number, sampleInt = 1000) =>
      Promise.all(
        requests.map((request) =>
          autocannon({
            ...request,
            connections: CONNECTIONS / requests.length,
            amount: total / requests.length,
            sampleInt,
          }),
        ),
      );
    if (backlog > 0) await addFutureJobs(database.pool, backlog);
    await send(1000); // warm-up
    const pids = [
      gateway.server.pid,
      ...(gateway.worker ? [gateway.worker.pid] : []),
      ...gateway.moreApis.map((api) => api.server.pid),
    ];
    await settled(pids);
    if (statements > 0) await resetStatementStats(database.pool);
    const before = {
      processes: pids.map(cpuMsOf),
      postgres: postgresCpuMs(postmaster),
      faults: postgresMinorFaults(postmaster),
      switches: machineContextSwitches(),
      at: Date.now(),
    };
    // autocannon notices that `amount` is reached only at its sampling tick (1 s by default), which
    // made the printed rate whole seconds; a 100 ms tick keeps it close.
    const results = await send(charges, 100);
    const result = {
      non2xx: results.reduce((sum, one) => sum + one.non2xx, 0),
      errors: results.reduce((sum, one) => sum + one.errors, 0),
    };
    const loadMs = Date.now() - before.at;
    const switches = machineContextSwitches() - before.switches;
    await settled(pids);
    const after = {
      processes: pids.map(cpuMsOf),
      postgres: postgresCpuMs(postmaster),
      faults: postgresMinorFaults(postmaster),
    };
    if (after.processes.some((ms) => ms === 0))
      throw new Error(
        `the gateway exited during the run:\n${gateway.server.outputTail()}\n${gateway.worker?.outputTail() ?? ''}`,
      );
    const per = (ms: number) => ((ms / charges) * 1000).toFixed(0);
    const names = separateWorker
      ? ['api', 'worker', ...gateway.moreApis.map((_, index) => `api ${index + 2}`)]
      : ['api + worker'];
    const parts = names.map((name, index) => `${name} ${per(after.processes[index] - before.processes[index])} µs`);
    console.log(
      `${charges} ${what} (${result.non2xx} non-2xx, ${result.errors} errors) in ${(loadMs / 1000).toFixed(1)} s ` +
        `(${Math.round((charges * 1000) / loadMs)}/s): CPU per request ${parts.join(', ')}, ` +
        `postgres ${per(after.postgres - before.postgres)} µs ` +
        `(${((after.faults - before.faults) / charges).toFixed(1)} page faults a request); ` +
        `${(switches / charges).toFixed(1)} context switches a request while loaded`,
    );
    if (statements > 0) await printStatementStats(database.pool, charges, statements);
  } finally {
    await Promise.all([
      gateway.server.stop(),
      gateway.worker?.stop(),
      ...gateway.moreApis.map((api) => api.server.stop()),
    ]);
    await database.drop();
    await postgres.stop();
  }
}

/**
 * `count` pending jobs due a day ahead, as a merchant's invoice expiries and settlements wait: the
 * worker's job polls must cost the same with them (docs/decisions.md, "A job poll's cost does not
 * grow with the backlog"). Two thirds are test-mode jobs of a business whose clock is not advanced.
 */
async function addFutureJobs(pool: Pool, count: number): Promise<void> {
  await pool.query(
    `INSERT INTO scheduled_jobs (job_key, kind, payload, business_id, mode, due_at)
     SELECT 'bench-backlog-' || g, 'invoices.expire', '{}', 'bench-backlog',
            CASE WHEN g % 3 = 0 THEN 'live' ELSE 'test' END, now() + interval '1 day' + g * interval '1 millisecond'
       FROM generate_series(1, $1::int) g`,
    [count],
  );
  // As autovacuum would have by the time such a backlog built up: the gateway's generic plans are
  // made again with statistics that know the table's size.
  await pool.query('ANALYZE scheduled_jobs');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
