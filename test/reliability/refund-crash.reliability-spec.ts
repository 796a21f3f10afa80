import { REFUND_JOB_KEYS } from '@gateway/cards';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { TEST_CARDS, tokenRequest } from '../support/cards';
import { eventually } from '../support/eventually';
import { ReliabilityDatabase, killProcess, runCli, startWorkerProcess } from '../support/reliability-cluster';
import { entryPoint, freePort, type Spawned, spawnNode, waitForStatus } from '../support/spawned-process';
import { call } from '../support/test-business';

/** The charge's net once settled: 100,000 − 2,900 fee − 319 VAT. */
const CHARGE_NET = 96_781;

/**
 * Issue 18: a refund is reserve → finish → complete (or release), three appends on two streams.
 * The api and the worker run as separate processes; a failpoint kills one of them with SIGKILL
 * between reserve and finish, or between finish and closing the reservation, and the
 * process-refund job's retry (at least once) must end with exactly one outcome, the reservation
 * closed, and no money lost or doubled.
 */
describe('refund processing killed between its steps', () => {
  let database: ReliabilityDatabase;
  let pool: Pool;
  let env: Record<string, string>;
  let api: Spawned | undefined;
  let worker: Spawned | undefined;
  let baseUrl: string;
  let port: number;

  const startApi = async (failpoints = '') => {
    api = spawnNode(entryPoint('api'), [], { ...env, PORT: String(port), GATEWAY_FAILPOINTS: failpoints });
    await waitForStatus(`${baseUrl}/ready`, 200, 60_000);
  };
  const startWorker = async (failpoints = '') => {
    worker = await startWorkerProcess({ ...env, GATEWAY_FAILPOINTS: failpoints });
  };
  const kill = killProcess;
  /** Waits for a process to die at its failpoint (SIGKILL, no exit code). */
  const diesAtFailpoint = async (process: Spawned) => {
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      process.exited,
      new Promise<string>((resolve) => (timer = setTimeout(() => resolve('still running'), 60_000))),
    ]);
    clearTimeout(timer);
    expect({ code, signal: process.child.signalCode }).toEqual({ code: null, signal: 'SIGKILL' });
  };
  /** The dead worker's job lease runs out (60 s), as it would: the next worker may take the job. */
  const leaseExpires = (refundId: string) =>
    pool.query(
      `UPDATE scheduled_jobs SET locked_until = now() - interval '1 second' WHERE job_key = $1 AND status = 'running'`,
      [REFUND_JOB_KEYS.of(refundId)],
    );
  const cli = (...args: string[]) => runCli(env, ...args);
  const eventsOf = async (stream: string) =>
    (
      await pool.query<{ type: string; data: any }>(
        'SELECT type, data FROM es_events WHERE stream_name = $1 ORDER BY revision',
        [stream],
      )
    ).rows;

  beforeAll(async () => {
    database = await ReliabilityDatabase.start('refund-crash');
    pool = database.pool;
    port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_TEST_PER_MINUTE: '1000000',
      RATE_LIMIT_IP_PER_MINUTE: '1000000',
    };
  }, 120_000);
  afterAll(async () => {
    await kill(api);
    await kill(worker);
    await database?.stop();
  });

  it('ends every refund exactly once, closes its reservation, and moves its money once', async () => {
    await Promise.all([startApi(), startWorker()]);
    const created = await cli('businesses', 'create', '--name', 'Refund crash test', '--json');
    expect(created.code).toBe(0);
    const business = JSON.parse(created.output.slice(created.output.indexOf('{')));
    const businessId = business.business_id as string;
    const key = business.test.secret_key as string;
    const request = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
      call(baseUrl, key, method, path, { body, headers });
    expect((await request('PATCH', '/settings', { optional_authentication: true })).status).toBe(200);
    const token = await call(baseUrl, business.test.public_key, 'POST', '/v2/credit_card_tokens', {
      body: tokenRequest(TEST_CARDS.enrolledVisa, { multiple: true }),
    });
    const charge = await request('POST', '/credit_card_charges', {
      token_id: token.body.id,
      external_id: `order-${randomUUID()}`,
      amount: 100_000,
    });
    expect(charge.body.status).toBe('CAPTURED');
    const chargeId = charge.body.id as string;
    const balanceStream = `balance-${businessId}.test.IDR`;
    const refund = (amount: number, externalId: string, headers?: Record<string, string>) =>
      request('POST', `/credit_card_charges/${chargeId}/refunds`, { amount, external_id: externalId }, headers);
    const refundRow = (refundId: string) =>
      pool
        .query('SELECT status, failure_reason FROM card_refunds WHERE refund_id = $1', [refundId])
        .then((r) => r.rows[0]);
    const movement = async (refundId: string) =>
      (await eventsOf(balanceStream)).filter((e) => e.data.movementId === refundId).map((e) => e.type);
    const refundEnds = async (refundId: string) =>
      (await eventsOf(`cardcharge-${chargeId}`))
        .filter((e) => e.data.refundId === refundId && e.type !== 'CardRefundRequested')
        .map((e) => e.type);
    const cash = async (account = 'CASH') =>
      (await request('GET', `/balance?account_type=${account}`)).body.balance as number;

    // 1. The worker dies after reserving (the refund still PENDING), then after finishing (the
    //    reservation still open); the third run only closes the reservation.
    await kill(worker);
    await startWorker('cards.refund-reserved');
    const first = await refund(40_000, 'crash-after-reserve');
    expect(first.body.status).toBe('PENDING');
    await diesAtFailpoint(worker!);
    expect(await movement(first.body.id)).toEqual(['MoneyOutReserved']);
    expect(await refundEnds(first.body.id)).toEqual([]);
    await leaseExpires(first.body.id);
    await startWorker('cards.refund-finished');
    await diesAtFailpoint(worker!);
    expect(await movement(first.body.id)).toEqual(['MoneyOutReserved']);
    expect(await refundEnds(first.body.id)).toEqual(['CardRefundSucceeded']);
    await leaseExpires(first.body.id);
    await startWorker();
    expect(
      await eventually(
        () => movement(first.body.id),
        (types) => types.length === 2,
        30_000,
      ),
    ).toEqual(['MoneyOutReserved', 'MoneyOutCompleted']);
    expect(await refundEnds(first.body.id)).toEqual(['CardRefundSucceeded']);
    expect(
      await eventually(
        () => refundRow(first.body.id),
        (row) => row?.status === 'SUCCEEDED',
      ),
    ).toMatchObject({ status: 'SUCCEEDED' });
    // The charge was settled early, once; 40,000 left CASH for the payer, nothing is in flight.
    expect(
      await eventually(
        () => cash(),
        (balance) => balance === CHARGE_NET - 40_000,
      ),
    ).toBe(CHARGE_NET - 40_000);
    expect(
      await eventually(
        () => cash('HOLDING'),
        (balance) => balance === 0,
      ),
    ).toBe(0);
    expect((await eventsOf(`settlement-${chargeId}`)).map((e) => e.type)).toEqual(['MoneyInSettled']);

    // 2. A rejected refund: the worker dies after finishing it FAILED, before the release.
    await kill(worker);
    await startWorker('cards.refund-finished');
    const rejected = await refund(30_000, 'fail_refund-crash');
    await diesAtFailpoint(worker!);
    expect(await movement(rejected.body.id)).toEqual(['MoneyOutReserved']);
    await leaseExpires(rejected.body.id);
    await startWorker();
    expect(
      await eventually(
        () => movement(rejected.body.id),
        (types) => types.length === 2,
        30_000,
      ),
    ).toEqual(['MoneyOutReserved', 'MoneyOutFailed']);
    expect(await refundEnds(rejected.body.id)).toEqual(['CardRefundFailed']);
    expect(
      await eventually(
        () => refundRow(rejected.body.id),
        (row) => row?.status === 'FAILED',
      ),
    ).toMatchObject({ status: 'FAILED', failure_reason: 'REFUND_FAILED' });
    expect(
      await eventually(
        () => cash(),
        (balance) => balance === CHARGE_NET - 40_000,
      ),
    ).toBe(CHARGE_NET - 40_000);

    // 3. The api dies in a 2019-05-01 refund it answers itself, after reserving: the caller loses
    //    the answer, the worker's job (or the api, if the job was first) ends it.
    await kill(api);
    await startApi('cards.refund-reserved');
    const answer = await refund(20_000, 'crash-in-api', { 'api-version': '2019-05-01' }).catch(() => undefined);
    // Only if the worker's job ended the refund before the api even loaded it does the api answer.
    if (answer) expect(answer.body.status).toBe('SUCCEEDED');
    else await api!.exited;
    await kill(api);
    await startApi();
    const ids = await pool.query<{ refund_id: string }>(
      `SELECT refund_id FROM card_refunds WHERE external_id = 'crash-in-api'`,
    );
    const third = ids.rows[0].refund_id;
    expect(
      await eventually(
        () => movement(third),
        (types) => types.length === 2,
        90_000,
      ),
    ).toEqual(['MoneyOutReserved', 'MoneyOutCompleted']);
    expect(await refundEnds(third)).toEqual(['CardRefundSucceeded']);

    // Money conserved: 100,000 charged, 60,000 back to the payer, the rest in CASH; no overdraft.
    expect(
      await eventually(
        () => cash(),
        (balance) => balance === CHARGE_NET - 60_000,
      ),
    ).toBe(CHARGE_NET - 60_000);
    expect(
      await eventually(
        () => cash('HOLDING'),
        (balance) => balance === 0,
      ),
    ).toBe(0);
    const reconcile = await cli('ledger', 'reconcile', '--business', businessId);
    expect({ code: reconcile.code, output: reconcile.code === 0 ? '' : reconcile.output }).toEqual({
      code: 0,
      output: '',
    });
  }, 600_000);
});
