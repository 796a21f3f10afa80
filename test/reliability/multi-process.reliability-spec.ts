import { allMigrations } from '@gateway/bootstrap';
import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import { randomUUID } from 'node:crypto';
import { runCli, startWorkerProcess } from '../support/reliability-cluster';
import { entryPoint, freePort, type Spawned, spawnNode, waitForStatus } from '../support/spawned-process';
import { call } from '../support/test-business';
import { WebhookReceiver } from '../support/webhook-receiver';

const LOAD_SECONDS = 20;
const CLIENTS = 6;
/** The live-mode account limit for the shared-limit burst (test mode stays unlimited for the load). */
const LIVE_LIMIT = 30;
const BURST = 80;

/** A callback the load must cause: on this receiver path, naming this marker (body or webhook-id). */
interface Expected {
  path: string;
  marker: string;
}

/**
 * Issue 11, several processes: two api and two worker processes on one database under a mixed
 * load sent to both apis (VA and payment-code payments, invoices paid through their VA, eWallet
 * payments, disbursements, test callbacks). Afterwards every expected callback arrived, no attempt
 * was sent twice (the receiver and the attempts table agree), no projection applied an event
 * twice (read-model counts equal the accepted requests, `projections verify` and `ledger
 * reconcile` clean), and the rate limit is one limit across both apis.
 */
describe('two api and two worker processes under load', () => {
  let db: TestDatabase;
  let receiver: WebhookReceiver;
  let env: Record<string, string>;
  const processes: Spawned[] = [];
  const apis: string[] = [];

  const startApi = async () => {
    const port = await freePort();
    processes.push(spawnNode(entryPoint('api'), [], { ...env, PORT: String(port) }));
    await waitForStatus(`http://127.0.0.1:${port}/ready`, 200, 60_000);
    apis.push(`http://127.0.0.1:${port}`);
  };
  const startWorker = async () => {
    processes.push(await startWorkerProcess(env));
  };
  const cli = (...args: string[]) => runCli(env, ...args, '--json');
  const createBusiness = async (name: string) => {
    const created = await cli('businesses', 'create', '--name', name);
    if (created.code !== 0) throw new Error(created.output);
    return JSON.parse(created.output.slice(created.output.indexOf('{'))) as {
      business_id: string;
      test: { secret_key: string };
      live: { secret_key: string };
    };
  };
  const count = async (sql: string, values: unknown[]) =>
    Number((await db.pool.query<{ count: string }>(sql, values)).rows[0].count);

  beforeAll(async () => {
    db = await createTestDatabase(allMigrations);
    receiver = await WebhookReceiver.start();
    // A receiver that takes a moment keeps the two workers' claims overlapping.
    receiver.respondWith(
      (_, response) =>
        void setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'), 10),
    );
    env = {
      DATABASE_URL: db.url,
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      // Long enough that a loaded machine's slow answer is not a failed attempt (retried only minutes later).
      WEBHOOK_TIMEOUT_MS: '15000',
      WEBHOOK_ENDPOINT_CONCURRENCY: '500',
      RATE_LIMIT_TEST_PER_MINUTE: '1000000',
      RATE_LIMIT_LIVE_PER_MINUTE: String(LIVE_LIMIT),
      RATE_LIMIT_IP_PER_MINUTE: '1000000',
      RATE_LIMIT_WINDOW_SECONDS: '60',
    };
    // Workers first: they run the projections the api waits for.
    await Promise.all([startWorker(), startWorker()]);
    await Promise.all([startApi(), startApi()]);
  }, 120_000);
  afterAll(async () => {
    for (const process of processes) {
      if (process.child.exitCode === null) process.child.kill('SIGKILL');
      await process.exited;
    }
    await receiver?.close();
    await db?.drop();
  });

  it('delivers every callback once, applies every event once, and shares the rate limit', async () => {
    const business = await createBusiness('Multi-process load');
    const key = business.test.secret_key;
    const pick = () => apis[Math.floor(Math.random() * apis.length)];
    const request = (method: string, path: string, body?: unknown, baseUrl = pick()) =>
      call(baseUrl, key, method, path, { body });
    for (const kind of ['invoice', 'fva_paid', 'ro_fpc_paid', 'ewallet', 'disbursement', 'report']) {
      expect((await request('POST', `/callback_urls/${kind}`, { url: `${receiver.url}/${kind}` })).status).toBe(200);
    }
    expect((await request('POST', '/balance/top_up', { amount: 1_000_000_000 })).status).toBe(200);

    const accepted: Record<
      | 'va'
      | 'va_payment'
      | 'fpc'
      | 'fpc_payment'
      | 'invoice'
      | 'invoice_payment'
      | 'ewallet'
      | 'disbursement'
      | 'test_callback',
      number
    > = {
      va: 0,
      va_payment: 0,
      fpc: 0,
      fpc_payment: 0,
      invoice: 0,
      invoice_payment: 0,
      ewallet: 0,
      disbursement: 0,
      test_callback: 0,
    };
    const expected: Expected[] = [];
    const refused: string[] = [];
    /** Anything but the planned answer is recorded: the load runs on a healthy system. */
    const ok = (label: string, answer: { status: number; body: any }) => {
      if (answer.status !== 200)
        refused.push(`${label}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      return answer.status === 200;
    };

    const operations: (() => Promise<void>)[] = [
      async () => {
        const amount = 10_000 + Math.floor(Math.random() * 90_000);
        const created = await request('POST', '/callback_virtual_accounts', {
          external_id: `mp-va-${randomUUID()}`,
          bank_code: 'BNI',
          name: 'Budi Santoso',
          expected_amount: amount,
          is_closed: true,
        });
        if (!ok('create VA', created)) return;
        accepted.va += 1;
        const paid = await request('POST', '/pool_virtual_accounts/simulate_payment', {
          bank_code: 'BNI',
          bank_account_number: created.body.account_number,
          transfer_amount: amount,
        });
        if (!ok('pay VA', paid)) return;
        accepted.va_payment += 1;
        expected.push({ path: '/fva_paid', marker: paid.body.payment_id });
      },
      async () => {
        const amount = 10_000 + Math.floor(Math.random() * 90_000);
        const externalId = `mp-fpc-${randomUUID()}`;
        const created = await request('POST', '/fixed_payment_code', {
          external_id: externalId,
          retail_outlet_name: 'ALFAMART',
          name: 'Siti Rahma',
          expected_amount: amount,
        });
        if (!ok('create payment code', created)) return;
        accepted.fpc += 1;
        const paid = await request('POST', '/fixed_payment_code/simulate_payment', {
          retail_outlet_name: 'ALFAMART',
          payment_code: created.body.payment_code,
          transfer_amount: amount,
        });
        if (!ok('pay payment code', paid)) return;
        accepted.fpc_payment += 1;
        expected.push({ path: '/ro_fpc_paid', marker: externalId });
      },
      async () => {
        const amount = 50_000 + Math.floor(Math.random() * 50_000);
        const created = await request('POST', '/v2/invoices', {
          external_id: `mp-inv-${randomUUID()}`,
          payer_email: 'payer@example.com',
          description: 'Load',
          amount,
          payment_methods: ['BNI'],
        });
        if (!ok('create invoice', created)) return;
        accepted.invoice += 1;
        const bank = created.body.available_banks[0];
        const paid = await request('POST', '/pool_virtual_accounts/simulate_payment', {
          bank_code: bank.bank_code,
          bank_account_number: bank.bank_account_number,
          transfer_amount: amount,
        });
        if (!ok('pay invoice', paid)) return;
        accepted.invoice_payment += 1;
        expected.push({ path: '/invoice', marker: created.body.id });
      },
      async () => {
        const externalId = `mp-ovo-${randomUUID()}`;
        const created = await request('POST', '/ewallets', {
          external_id: externalId,
          amount: 20_000,
          phone: '081234567890',
          ewallet_type: 'OVO',
        });
        if (!ok('eWallet payment', created)) return;
        accepted.ewallet += 1;
        expected.push({ path: '/ewallet', marker: externalId });
      },
      async () => {
        const created = await request('POST', '/disbursements', {
          external_id: `mp-payout-${randomUUID()}`,
          bank_code: 'BCA',
          account_holder_name: 'Siti Rahma',
          account_number: '1234567890',
          description: 'Load',
          amount: 10_000,
        });
        if (!ok('disbursement', created)) return;
        accepted.disbursement += 1;
        expected.push({ path: '/disbursement', marker: created.body.id });
      },
      async () => {
        const requested = await request('POST', '/callback_urls/report/test');
        if (!ok('test callback', requested)) return;
        accepted.test_callback += 1;
        expected.push({ path: '/report', marker: requested.body.webhook_id });
      },
    ];
    let running = true;
    const client = async (index: number) => {
      for (let turn = index; running; turn += 1) await operations[turn % operations.length]();
    };
    const started = Date.now();
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
    await new Promise((resolve) => setTimeout(resolve, LOAD_SECONDS * 1000));
    running = false;
    await load;
    const loadMs = Date.now() - started;
    const requests =
      2 * (accepted.va + accepted.fpc + accepted.invoice) +
      accepted.ewallet +
      accepted.disbursement +
      accepted.test_callback;
    expect(refused).toEqual([]);

    // Disbursements run on the business's test clock: past every operating window, whatever the hour.
    const advanced = await cli('test-clock', 'advance', business.business_id, '4d');
    expect({ code: advanced.code, output: advanced.code === 0 ? '' : advanced.output }).toEqual({
      code: 0,
      output: '',
    });

    // Every expected callback arrived.
    const arrived = (wanted: Expected) =>
      receiver.received.some(
        (callback) =>
          callback.path === wanted.path &&
          (callback.body.includes(wanted.marker) || callback.headers['webhook-id'] === wanted.marker),
      );
    const deadline = Date.now() + 90_000;
    while (expected.some((wanted) => !arrived(wanted)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(expected.filter((wanted) => !arrived(wanted))).toEqual([]);
    const callbacksMs = Date.now() - started - loadMs;

    // Per delivery (its id is the webhook-id), the receiver saw exactly the attempts the table
    // records: no attempt sent twice. Polled until every delivery succeeded and its attempt is
    // recorded (the receiver answers just before the sender writes the attempt; late settlement
    // callbacks of the advanced clock may still be on their way).
    const byWebhookId = new Map<string, number>();
    const compare = async () => {
      byWebhookId.clear();
      for (const callback of receiver.received)
        byWebhookId.set(
          String(callback.headers['webhook-id']),
          (byWebhookId.get(String(callback.headers['webhook-id'])) ?? 0) + 1,
        );
      const perDelivery = (
        await db.pool.query<{ delivery_id: string; kind: string; status: string; attempts: string }>(
          `SELECT d.delivery_id, d.kind, d.status, count(a.attempt) AS attempts FROM webhook_deliveries d LEFT JOIN ` +
            `webhook_attempts a USING (delivery_id)
            WHERE d.business_id = $1 GROUP BY d.delivery_id`,
          [business.business_id],
        )
      ).rows;
      const disagreements = perDelivery.filter(
        (row) => row.status !== 'succeeded' || Number(row.attempts) !== (byWebhookId.get(row.delivery_id) ?? 0),
      );
      return {
        perDelivery,
        disagreements: disagreements.map((row) => ({ ...row, received: byWebhookId.get(row.delivery_id) ?? 0 })),
      };
    };
    let compared = await compare();
    for (
      const settleBy = Date.now() + 30_000;
      compared.disagreements.length > 0 && Date.now() < settleBy;
      compared = await compare()
    ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const { perDelivery, disagreements } = compared;
    expect(disagreements).toEqual([]);
    expect(byWebhookId.size).toBe(perDelivery.length);
    const retried = [...byWebhookId.values()].filter((times) => times > 1).length;
    const deliveries = perDelivery.length;
    const attempts = (
      await db.pool.query<{ attempts: string; workers: string }>(
        `SELECT count(*) AS attempts, count(DISTINCT a.worker_id) AS workers FROM webhook_attempts a JOIN ` +
          `webhook_deliveries d USING (delivery_id) WHERE d.business_id = $1`,
        [business.business_id],
      )
    ).rows[0];
    // Totals from the same settled snapshot (the advanced clock's late settlements may add
    // deliveries, and failed attempts that never reached the receiver, after it was taken).
    const attemptsInSnapshot = perDelivery.reduce((sum, row) => sum + Number(row.attempts), 0);
    expect(attemptsInSnapshot).toBe(perDelivery.reduce((sum, row) => sum + (byWebhookId.get(row.delivery_id) ?? 0), 0));
    expect(Number(attempts.attempts)).toBeGreaterThanOrEqual(attemptsInSnapshot);
    // A callback is made once per (event, kind): two dispatchers never turned one event into two deliveries.
    expect(
      await count(
        'SELECT count(*) FROM (SELECT event_id, kind FROM webhook_deliveries GROUP BY 1, 2 HAVING count(*) > 1) twice',
        [],
      ),
    ).toBe(0);
    // Both workers sent: the claims were really contended.
    expect(Number(attempts.workers)).toBe(2);

    // Read models hold each accepted request once.
    const rows = async (table: string, where = '') =>
      count(`SELECT count(*) FROM ${table} WHERE business_id = $1 ${where}`, [business.business_id]);
    const readModels = {
      va: await rows('virtual_accounts'),
      va_payment: await rows('virtual_account_payments'),
      fpc: await rows('fixed_payment_codes'),
      fpc_payment: await rows('fixed_payment_code_payments'),
      invoice: await rows('invoices'),
      invoice_payment: await rows('invoices', `AND status IN ('PAID', 'SETTLED')`),
      ewallet: await rows('ewallet_payments'),
      disbursement: await rows('disbursements'),
    };
    const { test_callback: testCallbacks, ...acceptedWrites } = accepted;
    expect(readModels).toEqual(acceptedWrites);
    expect(
      await count(`SELECT count(*) FROM webhook_deliveries WHERE business_id = $1 AND kind = 'report'`, [
        business.business_id,
      ]),
    ).toBe(testCallbacks);

    const verify = await cli('projections', 'verify');
    expect({ code: verify.code, output: verify.code === 0 ? '' : verify.output }).toEqual({ code: 0, output: '' });
    const reconcile = await cli('ledger', 'reconcile');
    expect({ code: reconcile.code, output: reconcile.code === 0 ? '' : reconcile.output }).toEqual({
      code: 0,
      output: '',
    });

    // One rate limit across both apis: a burst split over two processes is cut at the same total as on one.
    const burst = async (liveKey: string, targets: string[]) => {
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, index) => call(targets[index % targets.length], liveKey, 'GET', '/balance')),
      );
      const statuses = answers.map((answer) => answer.status);
      return {
        ok: statuses.filter((status) => status === 200).length,
        limited: statuses.filter((status) => status === 429).length,
        other: statuses.filter((status) => status !== 200 && status !== 429),
      };
    };
    const [split, single] = await Promise.all([
      createBusiness('Burst over two apis'),
      createBusiness('Burst over one api'),
    ]);
    const overTwo = await burst(split.live.secret_key, apis);
    const overOne = await burst(single.live.secret_key, [apis[0]]);
    expect(overTwo).toEqual({ ok: LIVE_LIMIT, limited: BURST - LIVE_LIMIT, other: [] });
    expect(overOne).toEqual(overTwo);

    console.log(
      `multi-process: 2 api + 2 worker processes; ` +
        `${requests} requests in ${(loadMs / 1000).toFixed(1)} s (${CLIENTS} clients) ${JSON.stringify(accepted)}; ` +
        `${expected.length} expected callbacks all received ${(callbacksMs / 1000).toFixed(1)} s after the load; ` +
        `${deliveries} deliveries, ${attempts.attempts} attempts from ${attempts.workers} workers, ` +
        `receiver and attempts table agree for every delivery (${retried} retried); ` +
        `burst of ${BURST} at a live limit of ${LIVE_LIMIT}/min: ${overTwo.ok} allowed over two apis, ` +
        `${overOne.ok} over one`,
    );
  }, 170_000);
});
