import { TestClockStore } from '@gateway/clock';
import { ApiError, IdempotencyPolicy, IdempotencySweeper, NoAuth, SkipIdempotency } from '@gateway/http-edge';
import { Body, Controller, Module, Param, Patch, Post } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { TEST_BUSINESS_HEADER, TEST_MODE_HEADER, TestCallerModule } from './support/test-caller.module';
import { startTestApp, type TestApp } from './support/test-app';

const HOUR = 3_600_000;

type Outcome = 'ok' | 'bad_request' | 'fail_first_attempt' | 'slow' | 'wait_first_attempt';

interface ProbeBody {
  /** Executions are counted per label. */
  label: string;
  outcome?: Outcome;
  [extra: string]: unknown;
}

const executions = new Map<string, number>();
const gates = new Map<string, () => void>();

function probeRejected(label: string): ApiError {
  return new ApiError('PROBE_REJECTED_ERROR', 400, `Probe ${label} rejected`);
}

/** Counts its executions and answers as the body asks. */
async function execute(body: ProbeBody, target?: string) {
  const execution = (executions.get(body.label) ?? 0) + 1;
  executions.set(body.label, execution);
  switch (body.outcome) {
    case 'bad_request':
      throw probeRejected(body.label);
    case 'fail_first_attempt':
      if (execution === 1) throw new Error('probe crashed');
      break;
    case 'slow':
      await new Promise((resolve) => setTimeout(resolve, 300));
      break;
    case 'wait_first_attempt':
      if (execution === 1) await new Promise<void>((release) => gates.set(body.label, release));
      break;
    default:
      break;
  }
  return {
    id: `probe_${body.label}_${execution}`,
    label: body.label,
    execution,
    target: target ?? null,
    nested: { z: 1, a: [3, 1, 2] },
  };
}

/** TEST ONLY routes; @NoAuth so the real API-key guard leaves the test caller in place. */
@NoAuth()
@Controller('idempotency-probe')
class IdempotencyProbeController {
  @Post('orders')
  create(@Body() body: ProbeBody) {
    return execute(body);
  }

  @Patch('orders/:orderId')
  update(@Param('orderId') orderId: string, @Body() body: ProbeBody) {
    return execute(body, orderId);
  }

  @Post('charges/:chargeId/refunds')
  refund(@Param('chargeId') chargeId: string, @Body() body: ProbeBody) {
    return execute(body, chargeId);
  }

  @Post('disbursements')
  @IdempotencyPolicy({ reuse: 'reject', errorCode: 'DUPLICATE_TRANSACTION_ERROR' })
  disburse(@Body() body: ProbeBody) {
    return execute(body);
  }

  @Post('identified-disbursements')
  @IdempotencyPolicy({
    reuse: 'reject',
    errorCode: 'DUPLICATE_TRANSACTION_ERROR',
    identifyOriginal: ['id', 'label', 'execution', 'missing'],
  })
  disburseIdentified(@Body() body: ProbeBody) {
    return execute(body);
  }

  @Post('unkeyed')
  @SkipIdempotency()
  unkeyed(@Body() body: ProbeBody) {
    return execute(body);
  }
}

@Module({ controllers: [IdempotencyProbeController] })
class IdempotencyProbeModule {}

interface Answer {
  status: number;
  text: string;
  json: any;
  replayed: string | null;
}

interface Send {
  key?: string;
  /** Default `biz_default`; empty for an anonymous request. */
  business?: string;
  mode?: 'test' | 'live';
  method?: 'POST' | 'PATCH';
  path?: string;
  headers?: Record<string, string>;
}

const unique = (prefix: string) => `${prefix}_${randomUUID().slice(0, 8)}`;

async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('idempotency of keyed POST/PATCH (real app over HTTP, real PostgreSQL)', () => {
  let gateway: TestApp;

  beforeAll(async () => {
    gateway = await startTestApp({ extraModules: [TestCallerModule, IdempotencyProbeModule] });
  });
  afterAll(async () => gateway?.close());

  async function send(body: unknown, options: Send = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
    // An empty business means an anonymous request.
    if (options.business !== '') headers[TEST_BUSINESS_HEADER] = options.business ?? 'biz_default';
    if (options.mode) headers[TEST_MODE_HEADER] = options.mode;
    if (options.key !== undefined) headers['x-idempotency-key'] = options.key;
    const response = await fetch(`${gateway.baseUrl}${options.path ?? '/idempotency-probe/orders'}`, {
      method: options.method ?? 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      text,
      json: text ? JSON.parse(text) : undefined,
      replayed: response.headers.get('idempotent-replayed'),
    };
  }

  const recordOf = async (business: string, key: string, mode = 'test') =>
    (
      await gateway.db.pool.query(
        'SELECT state, response_status FROM idempotency_records WHERE business_id = $1 AND mode = $2 AND ' +
          'idempotency_key = $3',
        [business, mode, key],
      )
    ).rows[0];

  it('replays the first answer for the same key and parameters, exactly, marked Idempotent-Replayed', async () => {
    const business = unique('biz');
    const label = unique('replay');
    const key = unique('key');
    const first = await send({ label, amount: 1000, items: [{ sku: 'a', qty: 1 }] }, { key, business });
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    expect(first.json).toMatchObject({ id: `probe_${label}_1`, execution: 1 });

    // The same parameters with the keys in another order are the same request.
    const again = await send(
      { items: [{ qty: 1, sku: 'a' }], amount: 1000, label },
      { business, headers: { 'X-IDEMPOTENCY-KEY': key } },
    );
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.replayed).toBe('true');
    expect(executions.get(label)).toBe(1);
    expect(await recordOf(business, key)).toEqual({ state: 'completed', response_status: 201 });
  });

  it('replays a PATCH too', async () => {
    const label = unique('patch');
    const key = unique('key');
    const first = await send({ label }, { key, method: 'PATCH', path: '/idempotency-probe/orders/ord_1' });
    const again = await send({ label }, { key, method: 'PATCH', path: '/idempotency-probe/orders/ord_1' });
    expect(first.status).toBe(200);
    expect([again.status, again.text, again.replayed]).toEqual([200, first.text, 'true']);
    expect(executions.get(label)).toBe(1);
  });

  it('refuses the same key with other parameters: body, path parameter or for-user-id', async () => {
    const business = unique('biz');
    const label = unique('mismatch');
    const key = unique('key');
    expect((await send({ label, amount: 1000 }, { key, business })).status).toBe(201);

    const otherBody = await send({ label, amount: 2000 }, { key, business });
    expect(otherBody.status).toBe(400);
    expect(otherBody.json).toEqual({
      error_code: 'IDEMPOTENCY_KEY_MISMATCH_ERROR',
      message: expect.stringMatching(/does not match the original/),
    });
    expect(otherBody.replayed).toBeNull();
    expect(
      (await send({ label, amount: 1000 }, { key, business, headers: { 'for-user-id': 'biz_sub' } })).json.error_code,
    ).toBe('IDEMPOTENCY_KEY_MISMATCH_ERROR');
    expect(executions.get(label)).toBe(1);

    const refundLabel = unique('refund');
    const refundKey = unique('key');
    expect(
      (
        await send(
          { label: refundLabel },
          { key: refundKey, business, path: '/idempotency-probe/charges/chg_A/refunds' },
        )
      ).status,
    ).toBe(201);
    const otherCharge = await send(
      { label: refundLabel },
      { key: refundKey, business, path: '/idempotency-probe/charges/chg_B/refunds' },
    );
    expect(otherCharge.json.error_code).toBe('IDEMPOTENCY_KEY_MISMATCH_ERROR');
    expect(executions.get(refundLabel)).toBe(1);
  });

  it('replays a 400 as the same 400', async () => {
    const label = unique('bad');
    const key = unique('key');
    const first = await send({ label, outcome: 'bad_request' }, { key });
    expect(first.status).toBe(400);
    expect(first.json).toEqual({ error_code: 'PROBE_REJECTED_ERROR', message: `Probe ${label} rejected` });
    const again = await send({ label, outcome: 'bad_request' }, { key });
    expect([again.status, again.text, again.replayed]).toEqual([400, first.text, 'true']);
    expect(executions.get(label)).toBe(1);
  });

  it('does not keep a 500: a retry with the same key executes again, and is then replayed', async () => {
    const business = unique('biz');
    const label = unique('crash');
    const key = unique('key');
    const crashed = await send({ label, outcome: 'fail_first_attempt' }, { key, business });
    expect(crashed.status).toBe(500);
    // Kept in flight with its lease given up: the retry takes it over at once, in the same generation.
    expect(await recordOf(business, key)).toEqual({ state: 'in_progress', response_status: null });

    const retried = await send({ label, outcome: 'fail_first_attempt' }, { key, business });
    expect(retried.status).toBe(201);
    expect(retried.replayed).toBeNull();
    expect(retried.json.execution).toBe(2);
    const replayed = await send({ label, outcome: 'fail_first_attempt' }, { key, business });
    expect([replayed.status, replayed.text, replayed.replayed]).toEqual([201, retried.text, 'true']);
    expect(executions.get(label)).toBe(2);
  });

  it('executes 20 concurrent requests with one key exactly once; the others get 409 or the replay', async () => {
    const label = unique('race');
    const key = unique('key');
    const answers = await Promise.all(Array.from({ length: 20 }, () => send({ label, outcome: 'slow' }, { key })));
    expect(executions.get(label)).toBe(1);
    const executed = answers.filter((answer) => answer.status === 201 && answer.replayed === null);
    expect(executed).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 201) expect(answer.text).toBe(executed[0].text);
      else expect([answer.status, answer.json.error_code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_PROGRESS_ERROR']);
    }
    expect(answers.filter((answer) => answer.status === 409).length).toBeGreaterThan(0);
  });

  it('answers 409 while the key is in flight, and lets a retry take over a claim whose lease expired', async () => {
    const business = unique('biz');
    const label = unique('inflight');
    const key = unique('key');
    const body = { label, outcome: 'wait_first_attempt' };
    const stuck = send(body, { key, business });
    await eventually(() => gates.has(label));

    const duringFlight = await send(body, { key, business });
    expect(duringFlight.status).toBe(409);
    expect(duringFlight.json).toEqual({ error_code: 'IDEMPOTENCY_KEY_IN_PROGRESS_ERROR', message: expect.any(String) });

    // As if the process running the first request had died.
    await gateway.db.pool.query(
      `UPDATE idempotency_records SET locked_until = now() - interval '1 second' WHERE business_id = $1 AND ` +
        `idempotency_key = $2`,
      [business, key],
    );
    const takeover = await send(body, { key, business });
    expect([takeover.status, takeover.replayed, takeover.json.execution]).toEqual([201, null, 2]);

    // The first request still answers its own client, but cannot overwrite the takeover's record.
    gates.get(label)!();
    const late = await stuck;
    expect([late.status, late.json.execution]).toEqual([201, 1]);
    const replayed = await send(body, { key, business });
    expect([replayed.text, replayed.replayed]).toEqual([takeover.text, 'true']);
  });

  it('scopes keys per business; within a business a key is one key in test and live (issue 19, item 13)', async () => {
    const label = unique('scope');
    const key = unique('key');
    const [bizA, bizB] = [unique('biz'), unique('biz')];
    const answers = [
      await send({ label }, { key, business: bizA, mode: 'test' }),
      await send({ label }, { key, business: bizB, mode: 'test' }),
      await send({ label }, { key, business: bizA, mode: 'live' }),
    ];
    expect(
      answers.map((answer) => [answer.status, answer.replayed, answer.json.execution ?? answer.json.error_code]),
    ).toEqual([
      [201, null, 1],
      [201, null, 2],
      // The same key from the other mode: used already, and never answered with the other mode's result.
      [400, null, 'IDEMPOTENCY_KEY_MISMATCH_ERROR'],
    ]);
    expect(answers[2].text).not.toContain(answers[0].json.id);
    expect(executions.get(label)).toBe(2);
    // The first mode still gets its replay.
    const replayedTest = await send({ label }, { key, business: bizA, mode: 'test' });
    expect([replayedTest.text, replayedTest.replayed]).toEqual([answers[0].text, 'true']);
  });

  it('answers a reused key with the route’s own code under the reject policy', async () => {
    const label = unique('disbursement');
    const key = unique('key');
    const path = '/idempotency-probe/disbursements';
    expect((await send({ label, amount: 10_000 }, { key, path })).status).toBe(201);
    for (const body of [
      { label, amount: 10_000 },
      { label, amount: 20_000 },
    ]) {
      const reused = await send(body, { key, path });
      expect(reused.status).toBe(400);
      expect(reused.json).toEqual({ error_code: 'DUPLICATE_TRANSACTION_ERROR', message: expect.any(String) });
    }
    expect(executions.get(label)).toBe(1);
  });

  it(
    'under the reject policy, names what the first request made when the route says which fields identify it (issue ' +
      '19, item 14)',
    async () => {
      const label = unique('identified');
      const key = unique('key');
      const path = '/idempotency-probe/identified-disbursements';
      const first = await send({ label }, { key, path });
      expect(first.status).toBe(201);
      const reused = await send({ label, changed: true }, { key, path });
      expect(reused.status).toBe(400);
      expect(reused.json).toEqual({
        error_code: 'DUPLICATE_TRANSACTION_ERROR',
        message: expect.any(String),
        id: first.json.id,
        label,
        execution: 1,
      });
      // From the other mode: the key was used, but the other mode's result is not shown.
      const otherMode = await send({ label }, { key, path, mode: 'live' });
      expect(otherMode.json).toEqual({ error_code: 'DUPLICATE_TRANSACTION_ERROR', message: expect.any(String) });
      // A first request that was refused made nothing to identify.
      const refusedKey = unique('key');
      expect((await send({ label, outcome: 'bad_request' }, { key: refusedKey, path })).status).toBe(400);
      expect((await send({ label }, { key: refusedKey, path })).json).toEqual({
        error_code: 'DUPLICATE_TRANSACTION_ERROR',
        message: expect.any(String),
      });
      expect(executions.get(label)).toBe(2);
    },
  );

  it(
    'refuses an empty or non-printable key with 400 API_VALIDATION_ERROR, ' +
      'and accepts any length of printable characters (issue 19, item 13)',
    async () => {
      const label = unique('badkey');
      for (const key of ['', 'tab\there', 'caf\u00e9']) {
        const answer = await send({ label }, { key });
        expect([answer.status, answer.json.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
        expect(answer.json.errors).toEqual([
          expect.objectContaining({ field: ['x-idempotency-key'], location: 'header' }),
        ]);
      }
      expect(executions.get(label)).toBeUndefined();
      // Ends with a non-space: fetch trims header values.
      const long = (length: number) =>
        `${unique('k')} ~!@#$%^&*()_+{}|:"<>?`.repeat(Math.ceil(length / 20)).slice(0, length - 1) + 'z';
      for (const key of [long(255), long(256), long(8_000)]) {
        expect((await send({ label }, { key })).status).toBe(201);
        expect((await send({ label }, { key })).replayed).toBe('true');
      }
      // Keys that share a long prefix are different keys.
      const prefix = long(4_000);
      expect((await send({ label }, { key: `${prefix}a` })).replayed).toBeNull();
      expect((await send({ label }, { key: `${prefix}b` })).replayed).toBeNull();
      expect(executions.get(label)).toBe(5);
    },
  );

  it('leaves unkeyed requests, opted-out routes and anonymous callers alone', async () => {
    const label = unique('plain');
    const key = unique('key');
    await send({ label });
    await send({ label });
    await send({ label }, { key, path: '/idempotency-probe/unkeyed' });
    await send({ label }, { key, path: '/idempotency-probe/unkeyed' });
    const anonymous = unique('key');
    await send({ label }, { key: anonymous, business: '' });
    await send({ label }, { key: anonymous, business: '' });
    expect(executions.get(label)).toBe(6);
  });

  it('expires a key 24 h after its first use on the business test clock; the sweeper then deletes it', async () => {
    const business = unique('biz');
    const label = unique('expiry');
    const [reused, untouched, handedOver] = [unique('key'), unique('key'), unique('key')];
    expect((await send({ label }, { key: reused, business })).status).toBe(201);
    expect((await send({ label }, { key: untouched, business })).status).toBe(201);
    // The same key from live mode while the test-mode use holds it: used (issue 19, item 13).
    expect((await send({ label }, { key: reused, business, mode: 'live' })).json.error_code).toBe(
      'IDEMPOTENCY_KEY_MISMATCH_ERROR',
    );

    await gateway.app.get(TestClockStore).setOffset(gateway.db.pool, business, 23 * HOUR);
    expect((await send({ label }, { key: reused, business })).replayed).toBe('true');
    expect((await send({ label }, { key: handedOver, business })).status).toBe(201);

    await gateway.app.get(TestClockStore).setOffset(gateway.db.pool, business, 25 * HOUR);
    const afterExpiry = await send({ label }, { key: reused, business });
    expect([afterExpiry.status, afterExpiry.replayed, afterExpiry.json.execution]).toEqual([201, null, 4]);
    // A key expires on the clock of the mode that used it: a test-mode use past its test-clock
    // expiry leaves the key free for live mode too, on real time.
    await gateway.app.get(TestClockStore).setOffset(gateway.db.pool, business, 48 * HOUR);
    const liveTakes = await send({ label }, { key: handedOver, business, mode: 'live' });
    expect([liveTakes.status, liveTakes.replayed, liveTakes.json.execution]).toEqual([201, null, 5]);
    expect((await send({ label }, { key: handedOver, business, mode: 'live' })).replayed).toBe('true');

    expect(await gateway.app.get(IdempotencySweeper).sweep()).toBeGreaterThanOrEqual(1);
    expect(await recordOf(business, untouched)).toBeUndefined();
    expect(await recordOf(business, reused)).toEqual({ state: 'completed', response_status: 201 });
    expect(await recordOf(business, handedOver, 'live')).toEqual({ state: 'completed', response_status: 201 });
  });
});
