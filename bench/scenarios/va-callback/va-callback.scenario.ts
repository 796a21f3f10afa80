import { performance } from 'node:perf_hooks';
import { LatencyRecorder } from '../../core/latency-recorder';
import { type Measurement, withRatio } from '../../core/measurement';
import type { Scenario } from '../../core/scenario';
import { type Operation, runTimedWorkers, type TimedRunResult } from '../../core/timed-workers';
import type { ServerProcess } from '../edge/server-process';
import { CallbackReceiver } from '../shared/callback-receiver';
import {
  callGateway,
  type GatewayUnderTest,
  jsonHeaders,
  NO_RATE_LIMITS,
  startGatewayProcess,
} from '../shared/gateway-process';
import { bareReferenceLabel, MIN_WARMUP_MS, startBareApp } from '../shared/paired-http';
import { JsonClient } from './json-client';

const CONNECTIONS = 32;
const ROUNDS = 3;
/**
 * Fixed accounts per connection, paid in turn: no two requests in flight pay the same account (no expected-revision
 * retries), and no account's stream grows long.
 */
const ACCOUNTS_PER_CONNECTION = 4;
const BANK = 'BNI';
const AMOUNT = 10_000;
/** After each pass, every callback of its payments must have arrived within this time, or the run fails. */
const CALLBACK_TIMEOUT_MS = 60_000;

interface SimulationPass {
  run: TimedRunResult;
  /** Request sent → `fva_paid` callback received at the receiver, per payment. */
  delays: LatencyRecorder;
  payments: number;
}

/**
 * VA payment simulation through to the callback received: `POST /pool_virtual_accounts/simulate_payment`
 * (the gateway's test-mode bank transfer to a fixed virtual account: account load, fee, the payment
 * append with its ledger money-in, the read-your-writes wait for the accounts and ledger projections),
 * then the `fva_paid` callback rendered by the dispatcher and POSTed by the sender to a real receiver
 * in the benchmark process, configured as the business's `fva_paid` URL.
 */
export const vaCallbackScenario: Scenario = {
  name: 'va-callback',
  description:
    `VA payments: POST /pool_virtual_accounts/simulate_payment on fixed VAs at ${CONNECTIONS} ` +
    `connections until the fva_paid callback reaches a local receiver (gateway api + worker, own process), ` +
    `against a bare Nest route, best of ${ROUNDS} alternating passes`,
  async run(context): Promise<Measurement[]> {
    const database = await context.postgres.createDatabase([], 2); // the gateway migrates its own schema
    const receiver = await CallbackReceiver.start((body) =>
      typeof body.payment_id === 'string' ? body.payment_id : `other:${String(body.id)}`,
    );
    const client = new JsonClient(CONNECTIONS);
    const servers: ServerProcess[] = [];
    try {
      const bare = await startBareApp(servers);
      // The receiver listens on loopback; WEBHOOK_ENDPOINT_CONCURRENCY as in the webhooks scenario, so one endpoint can
      // take the whole load.
      const gateway = await startGatewayProcess(database, {
        logLevel: 'warn',
        env: { ...NO_RATE_LIMITS, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_ENDPOINT_CONCURRENCY: '256' },
      });
      servers.push(gateway.server);
      await callGateway(gateway, 'POST', '/callback_urls/fva_paid', { url: receiver.url });
      context.log(`va-callback: creating ${CONNECTIONS * ACCOUNTS_PER_CONNECTION} fixed virtual accounts`);
      const accounts = await createFixedAccounts(gateway, CONNECTIONS * ACCOUNTS_PER_CONNECTION);

      const hello = bare.hello.url;
      const bareLoops: Operation[] = Array.from({ length: CONNECTIONS }, () => async () => {
        const answer = await client.send(hello, { method: 'GET' });
        if (answer.status !== 200) throw new Error(`bare app: GET /hello answered ${answer.status}`);
      });
      const simulate = (pass: Map<string, number>): Operation[] =>
        Array.from({ length: CONNECTIONS }, (_, loop) => {
          const mine = accounts.slice(loop * ACCOUNTS_PER_CONNECTION, (loop + 1) * ACCOUNTS_PER_CONNECTION);
          let next = 0;
          return async () => {
            const body = JSON.stringify({
              bank_code: BANK,
              bank_account_number: mine[next++ % mine.length],
              transfer_amount: AMOUNT,
            });
            const sentAt = performance.now();
            const answer = await client.send(`${gateway.base}/pool_virtual_accounts/simulate_payment`, {
              method: 'POST',
              headers: jsonHeaders(gateway),
              body,
            });
            if (answer.status !== 200 || typeof answer.body.payment_id !== 'string') {
              throw new Error(
                `simulate_payment answered ${answer.status} ${JSON.stringify(answer.body)}\nlast output of the ` +
                  `gateway:\n${gateway.server.outputTail(20)}`,
              );
            }
            pass.set(answer.body.payment_id, sentAt);
          };
        });
      const simulationPass = async (durationMs: number): Promise<SimulationPass> => {
        const sent = new Map<string, number>();
        const run = await runTimedWorkers(simulate(sent), { durationMs, warmupMs: 0 });
        await receiver.expect([...sent.keys()], CALLBACK_TIMEOUT_MS);
        const delays = new LatencyRecorder();
        for (const [paymentId, sentAt] of sent) delays.record(receiver.firstArrival(paymentId)! - sentAt);
        return { run, delays, payments: sent.size };
      };

      const warmupMs = Math.max(context.options.warmupMs, MIN_WARMUP_MS);
      context.log(`va-callback: warm-up ${warmupMs / 1000} s each`);
      await runTimedWorkers(bareLoops, { durationMs: warmupMs, warmupMs: 0 });
      await simulationPass(warmupMs);
      const bareRuns: TimedRunResult[] = [];
      const simulationRuns: SimulationPass[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        bareRuns.push(await runTimedWorkers(bareLoops, { durationMs: context.options.durationMs, warmupMs: 0 }));
        simulationRuns.push(await simulationPass(context.options.durationMs));
        const bareRate = rateOf(bareRuns.at(-1)!);
        const pass = simulationRuns.at(-1)!;
        const delays = pass.delays.percentiles()!;
        context.log(
          `va-callback: round ${round}/${ROUNDS}: bare ${Math.round(bareRate)}/s, ` +
            `simulations ${Math.round(rateOf(pass.run))}/s (${(rateOf(pass.run) / bareRate).toFixed(2)}×), ` +
            `callback p50 ${delays.p50.toFixed(0)} ms, p99 ${delays.p99.toFixed(0)} ms`,
        );
      }
      return measurements({ bareRuns, simulationRuns, bare: bare.server, gateway: gateway.server, receiver });
    } finally {
      client.close();
      await Promise.all(servers.map((server) => server.stop()));
      await receiver.close();
      await database.drop();
    }
  },
};

function rateOf(run: TimedRunResult): number {
  return run.durationMs > 0 ? (run.operations * 1000) / run.durationMs : 0;
}

function measurements(runs: {
  bareRuns: TimedRunResult[];
  simulationRuns: SimulationPass[];
  bare: ServerProcess;
  gateway: ServerProcess;
  receiver: CallbackReceiver;
}): Measurement[] {
  const referenceLabel = bareReferenceLabel(CONNECTIONS);
  const bareBest = runs.bareRuns.reduce((a, b) => (rateOf(b) > rateOf(a) ? b : a));
  const bareLatency = bareBest.latencies.percentiles();
  const reference: Measurement = {
    id: 'va-callback.reference',
    label: `${referenceLabel}, same client`,
    rate: rateOf(bareBest),
    unit: 'requests/s',
    operations: bareBest.operations,
    durationMs: bareBest.durationMs,
    latencyMs: bareLatency && { ...bareLatency, per: 'request' },
    peakRssMiB: runs.bare.peakRssMiB() ?? 0,
    peakRssOf: 'server',
    passes: runs.bareRuns.map((run) => ({ rate: rateOf(run), ...run.latencies.percentiles() })),
  };
  const best = runs.simulationRuns.reduce((a, b) => (rateOf(b.run) > rateOf(a.run) ? b : a));
  const delays = best.delays.percentiles()!;
  const response = best.run.latencies.percentiles()!;
  const payments = runs.simulationRuns.reduce((sum, pass) => sum + pass.payments, 0);
  const duplicates = runs.receiver.duplicates();
  const simulations: Measurement = {
    id: 'va-callback.simulate-to-callback',
    label: 'gateway POST /pool_virtual_accounts/simulate_payment (fixed VA) until its fva_paid callback arrives',
    rate: rateOf(best.run),
    unit: 'simulations/s',
    operations: best.run.operations,
    durationMs: best.run.durationMs,
    latencyMs: { ...delays, per: 'payment, request sent to callback received' },
    peakRssMiB: runs.gateway.peakRssMiB() ?? 0,
    peakRssOf: 'server',
    note: [
      `HTTP answer p50 ${response.p50.toFixed(1)} ms, p99 ${response.p99.toFixed(1)} ms`,
      `every callback arrived: ${payments.toLocaleString('en')} of ${payments.toLocaleString('en')} timed ` +
        `payments${duplicates > 0 ? `, ${duplicates} twice (at least once)` : ''}`,
      'api + worker, LOG_LEVEL=warn',
    ].join('; '),
    passes: runs.simulationRuns.map((pass) => ({ rate: rateOf(pass.run), ...pass.delays.percentiles() })),
  };
  return [reference, withRatio(simulations, reference.label, reference.rate)];
}

/**
 * Open, reusable fixed VAs of the demo business; returns their complete account numbers (what the simulated bank pays).
 */
export async function createFixedAccounts(gateway: GatewayUnderTest, count: number): Promise<string[]> {
  const numbers: string[] = [];
  const CONCURRENCY = 8;
  for (let from = 0; from < count; from += CONCURRENCY) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, count - from) }, (_, i) =>
        callGateway<{ account_number: string }>(gateway, 'POST', '/callback_virtual_accounts', {
          external_id: `bench-va-${from + i}`,
          bank_code: BANK,
          name: 'Bench Payer',
        }),
      ),
    );
    numbers.push(...batch.map((account) => account.account_number));
  }
  return numbers;
}

/**
 * For `charge-cost --va`: `POST /pool_virtual_accounts/simulate_payment` as autocannon options, paying
 * this many fresh fixed VAs in turn (no callback URL is set: the payment path and its projections only).
 */
export async function vaPaymentRequestFor(gateway: GatewayUnderTest, accounts = CONNECTIONS * ACCOUNTS_PER_CONNECTION) {
  const numbers = await createFixedAccounts(gateway, accounts);
  let next = 0;
  return {
    url: `${gateway.base}/pool_virtual_accounts/simulate_payment`,
    method: 'POST',
    headers: jsonHeaders(gateway),
    requests: [
      {
        setupRequest: (request: Record<string, unknown>) => ({
          ...request,
          body: JSON.stringify({
            bank_code: BANK,
            bank_account_number: numbers[next++ % numbers.length],
            transfer_amount: AMOUNT,
          }),
        }),
      },
    ],
  };
}
