import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import { randomUUID } from 'node:crypto';
import { entryPoint, type Spawned, spawnNode } from './support/spawned-process';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * The sender across real worker processes: claims are exclusive between processes, and a
 * worker killed mid-burst loses nothing.
 */
describe('callback delivery across worker processes', () => {
  let gateway: TestApp;
  let receiver: WebhookReceiver;
  const workers: Spawned[] = [];

  beforeAll(async () => {
    // The api alone: only the spawned workers send.
    gateway = await startTestApp({ withWorker: false });
  });
  afterAll(async () => gateway.close());
  beforeEach(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterEach(async () => {
    for (const worker of workers.splice(0)) {
      worker.child.kill('SIGKILL');
      await worker.exited;
    }
    await receiver.close();
  });

  async function startWorker(): Promise<Spawned> {
    const worker = spawnNode(entryPoint('worker'), [], {
      DATABASE_URL: gateway.db.url,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      // Short leases so a killed worker's claims come back soon; long enough that a loaded machine's
      // slow answer is not a failed attempt (which would be retried only 15 minutes later).
      WEBHOOK_TIMEOUT_MS: '10000',
      // One receiver URL here: a high per-URL cap lets both workers claim at once.
      WEBHOOK_ENDPOINT_CONCURRENCY: '500',
    });
    workers.push(worker);
    const deadline = Date.now() + 30_000;
    while (!worker.output().includes('Worker running')) {
      if (Date.now() > deadline) throw new Error(`worker did not start:\n${worker.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return worker;
  }

  /** A burst of events that each produce one callback, appended straight to the log. */
  async function appendBurst(businessId: string, count: number): Promise<void> {
    const store = gateway.app.get<EventStore>(EVENT_STORE);
    const appendOne = async () => {
      const testId = randomUUID();
      await store.append(
        `callback_test-${testId}`,
        [
          {
            id: randomUUID(),
            type: 'CallbackTestRequested',
            data: { testId, kind: 'invoice', requestedAt: new Date().toISOString() },
            metadata: {
              businessId,
              mode: 'test',
              correlationId: 'req_burst',
              actor: 'system:test',
              occurredAt: new Date().toISOString(),
            },
          },
        ],
        'no_stream',
      );
    };
    for (let sent = 0; sent < count; sent += 50)
      await Promise.all(Array.from({ length: Math.min(50, count - sent) }, appendOne));
  }

  async function waitForDistinct(count: number, timeoutMs: number): Promise<Set<string>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const ids = new Set(receiver.received.map((callback) => String(callback.headers['webhook-id'])));
      if (ids.size >= count) return ids;
      if (Date.now() > deadline) throw new Error(`only ${ids.size} of ${count} callbacks arrived`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await gateway.db.pool.query(text, values)).rows as T[];
  }

  it('never sends one attempt twice with two worker processes claiming', async () => {
    // Workers first: they also run the projections the api waits for.
    await Promise.all([startWorker(), startWorker()]);
    // A receiver that takes a little time keeps claims overlapping.
    receiver.respondWith((_, response) => void setTimeout(() => response.writeHead(200).end('ok'), 20));
    const business = await provisionBusiness(gateway.app);
    expect(
      (
        await call(gateway.baseUrl, business.test.secret_key, 'POST', '/callback_urls/invoice', {
          body: { url: receiver.url },
        })
      ).status,
    ).toBe(200);
    await appendBurst(business.business_id, 400);
    await waitForDistinct(400, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.received).toHaveLength(400);
    const senders = await sql<{ worker_id: string; attempts: string }>(
      `SELECT a.worker_id, count(*) AS attempts FROM webhook_attempts a JOIN webhook_deliveries d USING (delivery_id)
        WHERE d.business_id = $1 GROUP BY a.worker_id`,
      [business.business_id],
    );
    // Both processes took part, so the claims really were contended.
    expect(senders).toHaveLength(2);
    expect(senders.reduce((sum, row) => sum + Number(row.attempts), 0)).toBe(400);
  }, 120_000);

  it('delivers every callback of a 1,000-event burst at least once after the worker is SIGKILLed midway', async () => {
    const first = await startWorker();
    const business = await provisionBusiness(gateway.app);
    expect(
      (
        await call(gateway.baseUrl, business.test.secret_key, 'POST', '/callback_urls/invoice', {
          body: { url: receiver.url },
        })
      ).status,
    ).toBe(200);
    await appendBurst(business.business_id, 1000);
    await receiver.waitForCount(150, 30_000);
    first.child.kill('SIGKILL');
    await first.exited;
    const deliveredBeforeKill = new Set(receiver.received.map((callback) => callback.headers['webhook-id'])).size;
    expect(deliveredBeforeKill).toBeLessThan(1000);

    await startWorker();
    const ids = await waitForDistinct(1000, 90_000);
    expect(ids.size).toBe(1000);
    // Attempts that reached the receiver just before the kill are recorded only when their lease
    // expires and they are sent again (at least once): wait for the log to say so too.
    const deadline = Date.now() + 60_000;
    let states: [string, number][] = [];
    while (Date.now() < deadline) {
      const rows = await sql<{ status: string; count: string }>(
        'SELECT status, count(*) FROM webhook_deliveries WHERE business_id = $1 GROUP BY status ORDER BY status',
        [business.business_id],
      );
      states = rows.map((row) => [row.status, Number(row.count)]);
      if (states.length === 1 && states[0][0] === 'succeeded') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(states).toEqual([['succeeded', 1000]]);
  }, 180_000);
});
