import { PostgresEventStore } from '@gateway/event-store';
import { randomUUID } from 'node:crypto';
import { LatencyRecorder } from '../../core/latency-recorder';
import type { Measurement } from '../../core/measurement';
import { withRatio, withTarget } from '../../core/measurement';
import type { Scenario } from '../../core/scenario';
import { CallbackReceiver } from '../shared/callback-receiver';
import { basicAuthHeader, type GatewayUnderTest, startGatewayProcess } from '../shared/gateway-process';

/** Issue 4's targets on a 2-core machine. */
const DELIVERIES_PER_SECOND_TARGET = 1000;
const P99_DELAY_TARGET_MS = 250;
/** Events appended as fast as the store takes them, for the capacity number. */
const BURST_EVENTS = 10_000;
/** Events per second appended on a steady clock for the delay number ("under that load"). */
const PACED_RATE = 1000;
const REFERENCE = 'baseline.insert-16-connections';

/**
 * Callbacks end to end: events appended to the log (as any context appends them) become
 * deliveries through the dispatcher subscription and reach a local HTTP receiver through the
 * sender, in the gateway's own process (api + worker). The receiver runs in the benchmark process.
 */
export const webhooksScenario: Scenario = {
  name: 'webhooks',
  description:
    `Callbacks: ${BURST_EVENTS.toLocaleString('en')}-event burst to a local receiver (deliveries/s), ` +
    `then ${PACED_RATE}/s paced appends (delay from append to first attempt)`,
  async run(context) {
    const database = await context.postgres.createDatabase([], 16);
    const receiver = await CallbackReceiver.start((body) => body.id as string);
    let gateway: GatewayUnderTest | undefined;
    const store = new PostgresEventStore(database.pool);
    try {
      gateway = await startGatewayProcess(database, {
        logLevel: 'warn',
        env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_ENDPOINT_CONCURRENCY: '256' },
      });
      const businessId = await configureCallbackUrl(gateway, receiver.url);
      const append = (count: number) => appendTestCallbacks(store, businessId, count);
      context.log('webhooks: warm-up, 500 callbacks');
      await receiver.expect(await append(500), 60_000);

      context.log(`webhooks: burst of ${BURST_EVENTS.toLocaleString('en')} events`);
      const burstStarted = performance.now();
      const burstIds = await append(BURST_EVENTS);
      const lastArrival = await receiver.expect(burstIds, 120_000);
      const burstMs = lastArrival - burstStarted;
      const reference = context.baseline.find((m) => m.id === REFERENCE);
      let burst: Measurement = {
        id: 'webhooks.burst',
        label: `deliveries to a local receiver, ${BURST_EVENTS.toLocaleString('en')}-event burst (append to last 2xx)`,
        rate: (BURST_EVENTS * 1000) / burstMs,
        unit: 'deliveries/s',
        operations: BURST_EVENTS,
        durationMs: burstMs,
        peakRssMiB: gateway.server.peakRssMiB() ?? 0,
        peakRssOf: 'gateway',
      };
      if (reference) burst = withRatio(burst, reference.label, reference.rate);
      burst = withTarget(burst, DELIVERIES_PER_SECOND_TARGET);

      const seconds = Math.max(3, Math.round(context.options.durationMs / 1000));
      context.log(`webhooks: ${PACED_RATE}/s paced for ${seconds} s`);
      const delays = new LatencyRecorder();
      const pacedStarted = performance.now();
      const appendedAt = new Map<string, number>();
      for (let tick = 0; tick < seconds * 10; tick++) {
        const due = pacedStarted + tick * 100;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        const at = performance.now();
        for (const id of await append(PACED_RATE / 10)) appendedAt.set(id, at);
      }
      await receiver.expect([...appendedAt.keys()], 60_000);
      for (const [id, at] of appendedAt) delays.record(receiver.firstArrival(id)! - at);
      const pacedMs = performance.now() - pacedStarted;
      const percentiles = delays.percentiles()!;
      const paced: Measurement = {
        id: 'webhooks.paced-delay',
        label:
          `delay from append to first attempt at ${PACED_RATE} events/s (p99 must be ` +
          `≤ ` +
          `${P99_DELAY_TARGET_MS} ms)`,
        rate: (appendedAt.size * 1000) / pacedMs,
        unit: 'deliveries/s',
        operations: appendedAt.size,
        durationMs: pacedMs,
        latencyMs: { ...percentiles, per: 'event, append to receiver' },
        peakRssMiB: gateway.server.peakRssMiB() ?? 0,
        peakRssOf: 'gateway',
        note:
          `p99 ${percentiles.p99.toFixed(0)} ms: ${percentiles.p99 <= P99_DELAY_TARGET_MS ? 'PASS' : 'FAIL'} ` +
          `(target ≤ ${P99_DELAY_TARGET_MS} ms)`,
      };
      const duplicates = receiver.duplicates();
      if (duplicates > 0)
        burst = { ...burst, note: `${duplicates} callbacks arrived more than once (allowed: at least once)` };
      return [burst, paced];
    } finally {
      await gateway?.server.stop();
      await receiver.close();
      await store.close();
      await database.drop();
    }
  },
};

async function configureCallbackUrl(gateway: GatewayUnderTest, url: string): Promise<string> {
  const headers = { authorization: basicAuthHeader(gateway.secretKey), 'content-type': 'application/json' };
  const response = await fetch(`${gateway.base}/callback_urls/invoice`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ url }),
  });
  const body = (await response.json()) as { user_id?: string };
  if (response.status !== 200 || !body.user_id)
    throw new Error(`POST /callback_urls/invoice answered ${response.status} ${JSON.stringify(body)}`);
  return body.user_id;
}

/** Appends `count` events that each produce one invoice callback; returns their test ids (the callback body's `id`). */
async function appendTestCallbacks(store: PostgresEventStore, businessId: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  const now = new Date().toISOString();
  const CONCURRENCY = 32;
  for (let from = 0; from < ids.length; from += CONCURRENCY) {
    await Promise.all(
      ids.slice(from, from + CONCURRENCY).map((testId) =>
        store.append(
          `callback_test-${testId}`,
          [
            {
              id: randomUUID(),
              type: 'CallbackTestRequested',
              data: { testId, kind: 'invoice', requestedAt: now },
              metadata: { businessId, mode: 'test', correlationId: 'bench', actor: 'system:bench', occurredAt: now },
            },
          ],
          'no_stream',
        ),
      ),
    );
  }
  return ids;
}
