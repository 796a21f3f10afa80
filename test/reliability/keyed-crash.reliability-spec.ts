import { createHash, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { PNG_BYTES } from '../support/files';
import { ReliabilityDatabase, isAlive, killProcess, runCli, startWorkerProcess } from '../support/reliability-cluster';
import { entryPoint, freePort, type Spawned, spawnNode } from '../support/spawned-process';
import { basicAuth, call } from '../support/test-business';
import { WebhookReceiver } from '../support/webhook-receiver';

const ROUNDS = 5;
/** Keyed requests per round (at least; scenarios finish what they started). */
const REQUESTS_PER_ROUND = 45;
const CLIENTS = 4;
/**
 * Crash points of the api: after the handler committed and before the result is recorded; after it is recorded and
 * before the answer.
 */
const FAILPOINTS = 'idempotency.after-handler@0.05,idempotency.after-record@0.02';

interface Answer {
  status: number;
  body: any;
  attempts: number;
}

/** A count the log must show once the load is over: exactly once means `expected`. */
interface Check {
  label: string;
  sql: string;
  params: unknown[];
  expected: number;
}

/**
 * Issue 18, "Done when": api and worker as separate processes on one PostgreSQL; the api is
 * SIGKILLed at random points of keyed requests on every keyed route (armed crash points right
 * after the commit and right after the recording, plus kills from outside at random moments);
 * 5 rounds of at least 45 keyed requests, each retried with its key until it answers. Then: no
 * double effect (every resource, payment, event of a request exists once), no lost effect (every
 * answered request's resource exists), and the ledger reconciles.
 */
describe('keyed requests across api crashes', () => {
  let database: ReliabilityDatabase;
  let pool: Pool;
  let receiver: WebhookReceiver;
  let env: Record<string, string>;
  let api: Spawned | undefined;
  let worker: Spawned | undefined;
  let baseUrl: string;
  let port: number;
  let secretKey: string;
  /** Set when the test is over (or failed): every background loop ends. */
  let finished = false;
  const stats = { requests: 0, attempts: 0, apiDeaths: 0, outsideKills: 0 };

  const alive = isAlive;
  /**
   * Starts the api and waits until it is ready, or until it died on the way (a crash point, a kill): the caller then
   * starts it again.
   */
  const startApi = async (): Promise<boolean> => {
    const started = spawnNode(entryPoint('api'), [], { ...env, PORT: String(port), GATEWAY_FAILPOINTS: FAILPOINTS });
    api = started;
    const deadline = Date.now() + 60_000;
    while (alive(started)) {
      if (Date.now() > deadline) throw new Error(`the api did not get ready:\n${started.output()}`);
      const ready = await fetch(`${baseUrl}/ready`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ready) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  };
  let apiReady = false;
  const ensureApi = async () => {
    while (!alive(api) || !apiReady) {
      if (api && !alive(api)) stats.apiDeaths += 1;
      apiReady = false;
      apiReady = await startApi();
    }
  };
  const startWorker = async () => {
    worker = await startWorkerProcess(env);
  };
  const kill = killProcess;
  const cli = (...args: string[]) => runCli(env, ...args, '--json');
  /** Restarts the api whenever it died (a crash point, or a kill from outside), until `over()`. */
  const supervise = async (over: () => boolean) => {
    while (!over() && !finished) {
      if (!alive(api)) await ensureApi();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    database = await ReliabilityDatabase.start('keyed-crash');
    pool = database.pool;
    receiver = await WebhookReceiver.start();
    port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'error',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_TIMEOUT_MS: '2000',
      RATE_LIMIT_TEST_PER_MINUTE: '1000000',
      RATE_LIMIT_IP_PER_MINUTE: '1000000',
      // Longer than any retry loop here: a killed api's claims must be taken over because its
      // LISTEN session is gone (ClaimHolderPresence), not because their lease ran out.
      IDEMPOTENCY_LEASE_MS: '600000',
    };
  }, 120_000);
  afterAll(async () => {
    finished = true;
    await kill(api);
    await kill(worker);
    await receiver?.close();
    await database?.stop();
  });

  /**
   * Sends a keyed request until it gets an answer that is one: not a lost connection, not a 5xx
   * (indeterminate, spec), not 409 "still in progress". Always with the same key and body.
   */
  async function keyed(
    method: string,
    path: string,
    body?: unknown,
    options: { headers?: Record<string, string>; form?: () => FormData } = {},
  ): Promise<Answer> {
    const key = `crash-${randomUUID()}`;
    stats.requests += 1;
    for (let attempt = 1; ; attempt += 1) {
      stats.attempts += 1;
      try {
        const headers: Record<string, string> = {
          authorization: basicAuth(secretKey),
          'x-idempotency-key': key,
          ...options.headers,
        };
        let payload: FormData | string | undefined;
        if (options.form) payload = options.form();
        else if (body !== undefined) {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(body);
        }
        const response = await fetch(`${baseUrl}${path}`, {
          method,
          headers,
          body: payload,
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        const json = text ? JSON.parse(text) : undefined;
        if (
          response.status < 500 &&
          !(response.status === 409 && json?.error_code === 'IDEMPOTENCY_KEY_IN_PROGRESS_ERROR')
        )
          return { status: response.status, body: json, attempts: attempt };
      } catch {
        // The api died under the request (or is restarting): retry with the key.
      }
      if (attempt > 400 || finished) throw new Error(`${method} ${path} never answered`);
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 150));
    }
  }

  it(`executes every keyed request once across ${ROUNDS} rounds of api crashes`, async () => {
    await Promise.all([ensureApi(), startWorker()]);
    const created = await cli('businesses', 'create', '--name', 'Keyed crash test');
    expect(created.code).toBe(0);
    const business = JSON.parse(created.output.slice(created.output.indexOf('{')));
    secretKey = business.test.secret_key;
    const plain = (method: string, path: string, body?: unknown) => call(baseUrl, secretKey, method, path, { body });
    expect((await plain('PATCH', '/settings', { optional_authentication: true })).status).toBe(200);
    expect((await plain('POST', '/callback_urls/report', { url: `${receiver.url}/reports` })).status).toBe(200);
    expect((await plain('POST', '/balance/top_up', { amount: 5_000_000_000 })).status).toBe(200);
    const token = await call(baseUrl, business.test.public_key, 'POST', '/v2/credit_card_tokens', {
      body: {
        is_single_use: false,
        card_data: {
          account_number: '4000000000000002',
          exp_month: '12',
          exp_year: String(new Date().getUTCFullYear() + 3),
        },
        card_cvn: '123',
      },
    });
    expect(token.status).toBe(200);

    const checks: Check[] = [];
    const unexpected: { route: string; status: number; body: unknown }[] = [];
    const counts = { reports: 0, tests: 0, resends: 0, resendsFailed: 0 };
    let amount = 10_000;
    /** `count` events of `type` whose data matches. */
    const once = (label: string, type: string, where: string, params: unknown[], expected = 1) =>
      checks.push({
        label,
        sql: `SELECT count(*)::int AS n FROM es_events WHERE type = '${type}' AND ${where}`,
        params,
        expected,
      });
    /**
     * The answer must be a success (a disbursement retried after its answer was recorded may say so with
     * DUPLICATE_TRANSACTION_ERROR).
     */
    const ok = (route: string, answer: Answer, duplicateMeansDone = false) => {
      const done =
        answer.status === 200 ||
        (duplicateMeansDone && answer.attempts > 1 && answer.body?.error_code === 'DUPLICATE_TRANSACTION_ERROR');
      if (!done) unexpected.push({ route, status: answer.status, body: answer.body });
      return done;
    };

    const scenarios: (() => Promise<void>)[] = [
      async () => {
        const topUp = (amount += 1);
        if (ok('POST /balance/top_up', await keyed('POST', '/balance/top_up', { amount: topUp }))) {
          once(
            'top-up',
            'MoneyInReceived',
            `data->'source'->>'context' = 'ledger.test-top-up' AND (data->>'grossAmount')::bigint = $1`,
            [topUp],
          );
        }
      },
      async () => {
        const externalId = `payout-${randomUUID()}`;
        const answer = await keyed('POST', '/disbursements', {
          external_id: externalId,
          bank_code: 'BNI',
          account_holder_name: 'Budi',
          account_number: '1234567890',
          description: 'crash',
          amount: 10_000,
        });
        if (ok('POST /disbursements', answer, true))
          once('disbursement', 'DisbursementCreated', `data->>'externalId' = $1`, [externalId]);
      },
      async () => {
        const items = [1, 2].map((n) => ({
          external_id: `batch-${randomUUID()}`,
          bank_code: 'BCA',
          account_holder_name: 'Sari',
          account_number: '9876543210',
          description: 'crash',
          amount: 10_000 + n,
        }));
        if (
          ok(
            'POST /batch_disbursements',
            await keyed('POST', '/batch_disbursements', { reference: `ref-${randomUUID()}`, disbursements: items }),
            true,
          )
        ) {
          for (const item of items)
            once('batch item', 'DisbursementCreated', `data->>'externalId' = $1`, [item.external_id]);
        }
      },
      async () => {
        const externalId = `inv-${randomUUID()}`;
        const invoice = await keyed('POST', '/v2/invoices', {
          external_id: externalId,
          payer_email: 'p@example.com',
          description: 'crash',
          amount: 50_000,
          payment_methods: ['BNI'],
        });
        if (!ok('POST /v2/invoices', invoice)) return;
        once('invoice', 'InvoiceCreated', `data->'invoice'->>'externalId' = $1`, [externalId]);
        checks.push({
          label: 'invoice POOL numbers (claimed with its append)',
          sql: 'SELECT count(*)::int AS n FROM es_claims WHERE stream_name = $1',
          params: [`invoice-${invoice.body.id}`],
          expected: 1,
        });
        const number = invoice.body.available_banks[0].bank_account_number;
        if (
          ok(
            'POST /pool_virtual_accounts/simulate_payment (invoice)',
            await keyed('POST', '/pool_virtual_accounts/simulate_payment', {
              bank_code: 'BNI',
              bank_account_number: number,
              transfer_amount: 50_000,
            }),
          )
        ) {
          once('invoice paid by VA', 'InvoicePaid', `stream_name = $1`, [`invoice-${invoice.body.id}`]);
        }
      },
      async () => {
        const invoice = await keyed('POST', '/v2/invoices', {
          external_id: `inv-${randomUUID()}`,
          payer_email: 'p@example.com',
          description: 'crash',
          amount: 60_000,
          payment_methods: ['ALFAMART'],
        });
        if (!ok('POST /v2/invoices', invoice)) return;
        const code = invoice.body.available_retail_outlets[0].payment_code;
        if (
          ok(
            'POST /fixed_payment_code/simulate_payment (invoice)',
            await keyed('POST', '/fixed_payment_code/simulate_payment', {
              retail_outlet_name: 'ALFAMART',
              payment_code: code,
              transfer_amount: 60_000,
            }),
          )
        ) {
          once('invoice paid at the till', 'InvoicePaid', `stream_name = $1`, [`invoice-${invoice.body.id}`]);
        }
        const other = await keyed('POST', '/v2/invoices', {
          external_id: `inv-${randomUUID()}`,
          payer_email: 'p@example.com',
          description: 'crash',
          amount: 70_000,
          payment_methods: ['BRI'],
        });
        if (
          ok('POST /v2/invoices', other) &&
          ok('POST /invoices/:id/expire!', await keyed('POST', `/invoices/${other.body.id}/expire!`))
        ) {
          once('invoice expired', 'InvoiceExpired', `stream_name = $1`, [`invoice-${other.body.id}`]);
        }
      },
      async () => {
        const externalId = `va-${randomUUID()}`;
        const va = await keyed('POST', '/callback_virtual_accounts', {
          external_id: externalId,
          bank_code: 'BRI',
          name: 'Rika',
        });
        if (!ok('POST /callback_virtual_accounts', va)) return;
        once('fixed VA', 'VirtualAccountCreated', `data->'snapshot'->>'externalId' = $1`, [externalId]);
        if (
          ok(
            'PATCH /callback_virtual_accounts/:id',
            await keyed('PATCH', `/callback_virtual_accounts/${va.body.id}`, { suggested_amount: 25_000 }),
          )
        ) {
          once('fixed VA updated', 'VirtualAccountUpdated', `stream_name = $1`, [`fva-${va.body.id}`]);
        }
        if (
          ok(
            'POST /pool_virtual_accounts/simulate_payment',
            await keyed('POST', '/pool_virtual_accounts/simulate_payment', {
              bank_code: 'BRI',
              bank_account_number: va.body.account_number,
              transfer_amount: 25_000,
            }),
          )
        ) {
          once('fixed VA paid', 'VirtualAccountPaid', `stream_name = $1`, [`fva-${va.body.id}`]);
        }
      },
      async () => {
        const externalId = `fpc-${randomUUID()}`;
        const code = await keyed('POST', '/fixed_payment_code', {
          external_id: externalId,
          retail_outlet_name: 'ALFAMART',
          name: 'Ervan',
          expected_amount: 30_000,
        });
        if (!ok('POST /fixed_payment_code', code)) return;
        once('payment code', 'FixedPaymentCodeCreated', `data->'snapshot'->>'externalId' = $1`, [externalId]);
        if (
          ok(
            'PATCH /fixed_payment_code/:id',
            await keyed('PATCH', `/fixed_payment_code/${code.body.id}`, { name: 'Ervan A' }),
          )
        ) {
          once('payment code updated', 'FixedPaymentCodeUpdated', `stream_name = $1`, [`fpc-${code.body.id}`]);
        }
        if (
          ok(
            'POST /fixed_payment_code/simulate_payment',
            await keyed('POST', '/fixed_payment_code/simulate_payment', {
              retail_outlet_name: 'ALFAMART',
              payment_code: code.body.payment_code,
              transfer_amount: 30_000,
            }),
          )
        ) {
          once('payment code paid', 'FixedPaymentCodePaid', `stream_name = $1`, [`fpc-${code.body.id}`]);
        }
      },
      async () => {
        const reference = `cust-${randomUUID()}`;
        const v2 = { 'api-version': '2020-10-31' };
        const customer = await keyed(
          'POST',
          '/customers',
          {
            reference_id: reference,
            type: 'INDIVIDUAL',
            individual_detail: {
              given_names: 'Siti',
              surname: 'Aminah',
              nationality: 'ID',
              date_of_birth: '1990-01-31',
              gender: 'FEMALE',
            },
            email: 'siti@example.com',
            identity_accounts: [
              {
                type: 'BANK_ACCOUNT',
                company: 'BCA',
                country: 'ID',
                properties: { account_number: '1234567890', account_holder_name: 'Siti' },
              },
            ],
          },
          { headers: v2 },
        );
        if (!ok('POST /customers', customer)) return;
        once('customer', 'CustomerCreated', `data->>'referenceId' = $1`, [reference]);
        if (
          ok(
            'PATCH /customers/:id',
            await keyed('PATCH', `/customers/${customer.body.id}`, { description: 'crash' }, { headers: v2 }),
          )
        ) {
          once('customer updated', 'CustomerUpdated', `stream_name = $1`, [`customer-${customer.body.id}`]);
        }
      },
      async () => {
        const externalId = `order-${randomUUID()}`;
        const charge = await keyed('POST', '/credit_card_charges', {
          token_id: token.body.id,
          external_id: externalId,
          amount: 40_000,
        });
        if (!ok('POST /credit_card_charges', charge)) return;
        once('card charge', 'CardChargeCreated', `stream_name = $1`, [`cardcharge-${charge.body.id}`]);
        checks.push({
          label: 'one charge per external id',
          sql:
            `SELECT count(DISTINCT stream_name)::int AS n FROM es_events WHERE type = 'CardChargeCreated' AND ` +
            `data::text LIKE $1`,
          params: [`%${externalId}%`],
          expected: 1,
        });
        const refundId = `refund-${randomUUID()}`;
        if (
          ok(
            'POST /credit_card_charges/:id/refunds',
            await keyed('POST', `/credit_card_charges/${charge.body.id}/refunds`, {
              amount: 5_000,
              external_id: refundId,
            }),
          )
        ) {
          once('card refund', 'CardRefundRequested', `data->>'externalId' = $1`, [refundId]);
        }
        const authorized = await keyed('POST', '/credit_card_charges', {
          token_id: token.body.id,
          external_id: `auth-${randomUUID()}`,
          amount: 20_000,
          capture: false,
        });
        if (
          ok('POST /credit_card_charges', authorized) &&
          ok(
            'POST /credit_card_charges/:id/capture',
            await keyed('POST', `/credit_card_charges/${authorized.body.id}/capture`, { amount: 20_000 }),
          )
        ) {
          once('card capture', 'CardChargeCaptured', `stream_name = $1`, [`cardcharge-${authorized.body.id}`]);
        }
        const reversible = await keyed('POST', '/credit_card_charges', {
          token_id: token.body.id,
          external_id: `auth-${randomUUID()}`,
          amount: 15_000,
          capture: false,
        });
        if (
          ok('POST /credit_card_charges', reversible) &&
          ok(
            'POST /credit_card_charges/:id/auth_reversal',
            await keyed('POST', `/credit_card_charges/${reversible.body.id}/auth_reversal`, {
              external_id: `rev-${randomUUID()}`,
            }),
          )
        ) {
          once('card reversal', 'CardAuthorizationReversed', `stream_name = $1`, [`cardcharge-${reversible.body.id}`]);
        }
      },
      async () => {
        const externalId = `ovo-${randomUUID()}`;
        if (
          ok(
            'POST /ewallets',
            await keyed('POST', '/ewallets', {
              ewallet_type: 'OVO',
              external_id: externalId,
              amount: 20_000,
              phone: '081234567890',
            }),
          )
        ) {
          once('eWallet payment', 'EwalletPaymentRequested', `data->>'externalId' = $1`, [externalId]);
        }
      },
      async () => {
        const externalId = `rec-${randomUUID()}`;
        const recurring = await keyed('POST', '/recurring_payments', {
          external_id: externalId,
          payer_email: 'p@example.com',
          description: 'crash',
          amount: 50_000,
          interval: 'MONTH',
          interval_count: 1,
        });
        if (!ok('POST /recurring_payments', recurring)) return;
        const stream = `recurring-${recurring.body.id}`;
        once('recurring payment', 'RecurringPaymentCreated', `stream_name = $1`, [stream]);
        checks.push({
          label: 'one recurring payment per external id',
          sql: `SELECT count(*)::int AS n FROM es_events WHERE type = 'RecurringPaymentCreated' AND data::text LIKE $1`,
          params: [`%${externalId}%`],
          expected: 1,
        });
        if (
          ok(
            'PATCH /recurring_payments/:id',
            await keyed('PATCH', `/recurring_payments/${recurring.body.id}`, { amount: 55_000 }),
          )
        )
          once('recurring updated', 'RecurringPaymentUpdated', `stream_name = $1`, [stream]);
        for (const [action, type] of [
          ['pause', 'RecurringPaymentPaused'],
          ['resume', 'RecurringPaymentResumed'],
          ['stop', 'RecurringPaymentStopped'],
        ]) {
          if (
            ok(
              `POST /recurring_payments/:id/${action}!`,
              await keyed('POST', `/recurring_payments/${recurring.body.id}/${action}!`),
            )
          )
            once(`recurring ${action}`, type, `stream_name = $1`, [stream]);
        }
      },
      async () => {
        const bytes = Buffer.concat([PNG_BYTES, Buffer.from(randomUUID())]);
        const form = () => {
          const data = new FormData();
          data.append('purpose', 'KYC_DOCUMENT');
          data.append('file', new Blob([bytes], { type: 'image/png' }), 'id.png');
          return data;
        };
        if (ok('POST /files', await keyed('POST', '/files', undefined, { form }))) {
          once('file', 'FileUploaded', `data->>'sha256' = $1`, [createHash('sha256').update(bytes).digest('hex')]);
        }
      },
      async () => {
        const report = await keyed('POST', '/reports', { type: 'BALANCE_HISTORY', currency: 'IDR' });
        if (!ok('POST /reports', report)) return;
        counts.reports += 1;
        // Not failed: the retry is refused the same way however often it runs.
        const retry = await keyed('POST', `/reports/${report.body.id}/retry`);
        if (retry.status >= 500)
          unexpected.push({ route: 'POST /reports/:id/retry', status: retry.status, body: retry.body });
        const description = `crash-${randomUUID()}`;
        if (
          ok('PATCH /settings', await keyed('PATCH', '/settings', { default_disbursement_description: description }))
        ) {
          once('settings', 'SettingsUpdated', `data::text LIKE $1`, [`%${description}%`]);
        }
      },
      async () => {
        const tested = await keyed('POST', '/callback_urls/report/test');
        if (!ok('POST /callback_urls/:type/test', tested)) return;
        counts.tests += 1;
        const { rows } = await pool.query<{ delivery_id: string }>(
          `SELECT delivery_id FROM webhook_deliveries WHERE kind = 'report' AND status ` +
            `<> 'sending' ORDER BY seq DESC LIMIT 1`,
        );
        if (rows[0]) {
          const resent = await keyed('POST', `/callback_deliveries/${rows[0].delivery_id}/resend`);
          if (resent.status === 200) counts.resends += 1;
          else if (resent.body?.error_code !== 'CALLBACK_DELIVERY_IN_PROGRESS_ERROR')
            unexpected.push({
              route: 'POST /callback_deliveries/:id/resend',
              status: resent.status,
              body: resent.body,
            });
        }
        if (
          ok(
            'POST /callback_deliveries/resend_failed',
            await keyed('POST', '/callback_deliveries/resend_failed', { since: new Date().toISOString() }),
          )
        )
          counts.resendsFailed += 1;
      },
    ];

    for (let round = 0; round < ROUNDS; round += 1) {
      const roundStart = stats.requests;
      const killsBefore = stats.outsideKills;
      const deathsBefore = stats.apiDeaths;
      // A round lasts its requests AND until the api died both ways at least once (the dice may be slow).
      const roundDone = () =>
        stats.requests - roundStart >= REQUESTS_PER_ROUND &&
        stats.outsideKills > killsBefore &&
        stats.apiDeaths - deathsBefore > stats.outsideKills - killsBefore;
      let next = round;
      const client = async () => {
        while (!roundDone()) {
          await scenarios[next++ % scenarios.length]();
        }
      };
      let roundOver = false;
      // Kills from outside, at moments nobody chose: inside handlers, between appends, anywhere.
      const killer = (async () => {
        while (!roundOver && !finished) {
          await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1500));
          if (!roundOver && apiReady && alive(api)) {
            stats.outsideKills += 1;
            api.child.kill('SIGKILL');
          }
        }
      })();
      const supervisor = supervise(() => roundOver);
      try {
        await Promise.all(Array.from({ length: CLIENTS }, client));
      } finally {
        roundOver = true;
        await Promise.all([killer, supervisor]);
      }
      await ensureApi();
      // The worker dies too, once a round, between two rounds' loads.
      await kill(worker);
      await startWorker();
    }
    console.log(
      `keyed crash: ${ROUNDS} rounds, ${stats.requests} keyed requests, ${stats.attempts} attempts, ` +
        `${stats.apiDeaths} api deaths (${stats.outsideKills} kills from outside, the rest crash points), ` +
        `${checks.length} exactly-once counts`,
    );
    expect(stats.requests).toBeGreaterThanOrEqual(200);
    expect(stats.apiDeaths - stats.outsideKills).toBeGreaterThanOrEqual(ROUNDS);
    expect(stats.outsideKills).toBeGreaterThanOrEqual(ROUNDS);

    // No double effect, no lost effect: every answered request's effect is in the log exactly once.
    const wrong: { label: string; params: unknown[]; count: number; expected: number }[] = [];
    for (const check of checks) {
      const { rows } = await pool.query<{ n: number }>(check.sql, check.params);
      if (rows[0].n !== check.expected)
        wrong.push({ label: check.label, params: check.params, count: rows[0].n, expected: check.expected });
    }
    const total = async (sql: string) => (await pool.query<{ n: number }>(sql)).rows[0].n;
    const totals = {
      reports: await total(`SELECT count(*)::int AS n FROM es_events WHERE type = 'ReportRequested'`),
      tests: await total(`SELECT count(*)::int AS n FROM es_events WHERE type = 'CallbackTestRequested'`),
      resends: await total(`SELECT count(*)::int AS n FROM webhook_manual_resends WHERE delivery_id IS NOT NULL`),
      resendsFailed: await total(`SELECT count(*)::int AS n FROM webhook_manual_resends WHERE delivery_id IS NULL`),
    };
    // A retry refused by its own earlier effect (a capture of a CAPTURED charge) is a lost answer too.
    expect({ unexpected, wrong, totals }).toEqual({ unexpected: [], wrong: [], totals: counts });
    expect(checks.length).toBeGreaterThan(150);

    // The money the load moved adds up: the ledger reconciles (and proves no overdraft).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const reconcile = await cli('ledger', 'reconcile');
    expect({ code: reconcile.code, output: reconcile.code === 0 ? '' : reconcile.output }).toEqual({
      code: 0,
      output: '',
    });
  }, 600_000);
});
