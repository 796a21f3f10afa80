import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { ReliabilityDatabase, killProcess, runCli, startWorkerProcess } from '../support/reliability-cluster';
import { entryPoint, freePort, type Spawned, spawnNode, waitForStatus } from '../support/spawned-process';
import { call } from '../support/test-business';
import { WebhookReceiver } from '../support/webhook-receiver';

const ROUNDS = 10;
const CLIENTS = 6;

/** What the load was told it got: a resource that must exist after every crash. */
interface Accepted {
  kind: 'top_up' | 'disbursement' | 'customer' | 'test_callback';
  id: string;
}

/**
 * Issue 11: SIGKILL the api and the worker (separate processes, one database) at random points
 * of a mixed load, ten rounds, restarting them each time. Afterwards every accepted request's
 * events exist, the read models equal a rebuild (`projections verify`), the ledger reconciles,
 * the hash chains verify, and every callback was delivered at least once.
 */
describe('crashes under load', () => {
  let database: ReliabilityDatabase;
  let pool: Pool;
  let receiver: WebhookReceiver;
  let env: Record<string, string>;
  let api: Spawned | undefined;
  let worker: Spawned | undefined;
  let baseUrl: string;
  let port: number;

  const startApi = async () => {
    api = spawnNode(entryPoint('api'), [], { ...env, PORT: String(port) });
    await waitForStatus(`${baseUrl}/ready`, 200, 60_000);
  };
  const startWorker = async () => {
    worker = await startWorkerProcess(env);
  };
  const kill = killProcess;
  const cli = (...args: string[]) => runCli(env, ...args, '--json');

  beforeAll(async () => {
    database = await ReliabilityDatabase.start('crash');
    pool = database.pool;
    receiver = await WebhookReceiver.start();
    port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_TIMEOUT_MS: '2000',
      RATE_LIMIT_TEST_PER_MINUTE: '1000000',
      RATE_LIMIT_IP_PER_MINUTE: '1000000',
    };
  }, 120_000);
  afterAll(async () => {
    await kill(api);
    await kill(worker);
    await receiver?.close();
    await database?.stop();
  });

  it(`loses nothing accepted across ${ROUNDS} rounds of SIGKILL`, async () => {
    await Promise.all([startApi(), startWorker()]);
    const created = await cli('businesses', 'create', '--name', 'Crash test');
    expect(created.code).toBe(0);
    const business = JSON.parse(created.output.slice(created.output.indexOf('{')));
    const key = business.test.secret_key as string;
    const request = (method: string, path: string, body?: unknown) => call(baseUrl, key, method, path, { body });
    expect(
      (await request('POST', '/callback_urls/disbursement', { url: `${receiver.url}/disbursements` })).status,
    ).toBe(200);
    expect((await request('POST', '/balance/top_up', { amount: 1_000_000_000 })).status).toBe(200);

    const accepted: Accepted[] = [];
    let running = true;
    const operations: (() => Promise<Accepted | undefined>)[] = [
      async () => {
        const r = await request('POST', '/balance/top_up', { amount: 10_000 + Math.floor(Math.random() * 1000) });
        return r.status === 200 ? { kind: 'top_up', id: r.body.id } : undefined;
      },
      async () => {
        const r = await request('POST', '/disbursements', {
          external_id: `crash-${randomUUID()}`,
          bank_code: 'BCA',
          account_holder_name: 'Budi',
          account_number: '1234567890',
          description: 'crash test',
          amount: 10_000,
        });
        return r.status === 200 ? { kind: 'disbursement', id: r.body.id } : undefined;
      },
      async () => {
        const r = await request('POST', '/customers', {
          reference_id: `crash-${randomUUID()}`,
          given_names: 'Siti',
          email: 'siti@example.com',
        });
        return r.status === 200 ? { kind: 'customer', id: r.body.id } : undefined;
      },
      async () => {
        const r = await request('POST', '/callback_urls/disbursement/test');
        return r.status === 200 ? { kind: 'test_callback', id: r.body.webhook_id } : undefined;
      },
    ];
    const client = async () => {
      while (running) {
        const operation = operations[Math.floor(Math.random() * operations.length)];
        const outcome = await operation().catch(() => undefined);
        if (outcome) accepted.push(outcome);
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, client));

    const victims: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1500));
      const victim = (['api', 'worker', 'both'] as const)[round % 3];
      victims.push(victim);
      if (victim !== 'worker') await kill(api);
      if (victim !== 'api') await kill(worker);
      await Promise.all([victim !== 'worker' ? startApi() : undefined, victim !== 'api' ? startWorker() : undefined]);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    running = false;
    await load;
    console.log(
      `crash: ${ROUNDS} rounds (${victims.join(', ')}); ` +
        `${accepted.length} accepted requests: ${JSON.stringify(countBy(accepted))}`,
    );
    expect(accepted.length).toBeGreaterThan(ROUNDS * 5);

    // Every accepted request's events exist, and its read model answers.
    const streamsOf = async (prefix: string) =>
      new Set(
        (
          await pool.query<{ stream_name: string }>(
            'SELECT DISTINCT stream_name FROM es_events WHERE stream_name LIKE $1',
            [`${prefix}%`],
          )
        ).rows.map((r) => r.stream_name),
      );
    const topUps = await streamsOf('topup-');
    for (const a of accepted.filter((a) => a.kind === 'top_up')) expect(topUps.has(`topup-${a.id}`)).toBe(true);
    for (const a of accepted.filter((a) => a.kind === 'disbursement' || a.kind === 'customer')) {
      const path = a.kind === 'disbursement' ? `/disbursements/${a.id}` : `/customers/${a.id}`;
      expect({ path, status: (await request('GET', path)).status }).toEqual({ path, status: 200 });
    }

    // Every callback was delivered at least once (sent again after a crash when its outcome was lost).
    const wanted = accepted.filter((a) => a.kind === 'test_callback').map((a) => a.id);
    const deadline = Date.now() + 60_000;
    const received = () => new Set(receiver.received.map((c) => String(c.headers['webhook-id'])));
    while (wanted.some((id) => !received().has(id)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(wanted.filter((id) => !received().has(id))).toEqual([]);

    // The read models equal a rebuild, the ledger reconciles, the chains verify.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const verify = await cli('projections', 'verify');
    expect({ code: verify.code, output: verify.code === 0 ? '' : verify.output }).toEqual({ code: 0, output: '' });
    const reconcile = await cli('ledger', 'reconcile');
    expect({ code: reconcile.code, output: reconcile.code === 0 ? '' : reconcile.output }).toEqual({
      code: 0,
      output: '',
    });
    const audit = await cli('audit', 'verify');
    expect({ code: audit.code, output: audit.code === 0 ? '' : audit.output }).toEqual({ code: 0, output: '' });
  }, 600_000);
});

function countBy(items: Accepted[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[item.kind] = (counts[item.kind] ?? 0) + 1;
  return counts;
}
