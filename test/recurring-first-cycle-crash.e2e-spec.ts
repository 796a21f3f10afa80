import { AdvanceTestClockCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { CYCLE_JOB_KEYS, FIRST_CYCLE_FALLBACK_MS } from '@gateway/recurring';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { TEST_CARDS, tokenRequest } from './support/cards';
import { eventually } from './support/eventually';
import { recurringRequest } from './support/recurring';
import { killSpawned, type Spawned, startSpawnedGateway } from './support/spawned-process';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';

/**
 * A recurring payment whose first cycle is due at creation is billed by the creating request
 * (docs/decisions.md, "Invoices and recurring payments"). Here the api process is SIGKILLed after
 * the payment is recorded and before that cycle is billed (failpoint
 * `recurring.created-before-first-cycle`); the retry with the same key, on a restarted api, takes
 * the dead request's key over at once and bills the cycle; the cycle's fallback job then finds it
 * done: one invoice, one card charge, nothing lost and nothing twice.
 */
describe('a recurring payment created by a request that dies before billing its first cycle', () => {
  let gateway: TestApp;
  let business: ProvisionedBusiness;
  let spawned: Spawned | undefined;
  let baseUrl = '';

  async function startApi(failpoints: string): Promise<void> {
    ({ spawned, baseUrl } = await startSpawnedGateway(gateway.db.url, {
      LOG_LEVEL: 'error',
      GATEWAY_FAILPOINTS: failpoints,
    }));
  }

  beforeAll(async () => {
    // The in-process app provisions and reads; the spawned process serves, bills and dies. It is
    // started first: its worker projects the provisioning, which the in-process app waits for.
    gateway = await startTestApp({ withWorker: false });
    await startApi('recurring.created-before-first-cycle');
    business = await provisionBusiness(gateway.app);
  }, 90_000);
  afterAll(async () => {
    await killSpawned(spawned);
    await gateway?.close();
  });

  const api = (method: string, path: string, options: { body?: unknown; key?: string; headers?: object } = {}) =>
    call(baseUrl, options.key ?? business.test.secret_key, method, path, {
      body: options.body,
      headers: options.headers as Record<string, string> | undefined,
      signal: AbortSignal.timeout(20_000),
    });
  const count = async (sql: string, params: unknown[]) =>
    Number((await gateway.db.pool.query<{ n: string }>(sql, params)).rows[0].n);

  it('is billed once by the retry with its key, and its fallback job adds nothing', async () => {
    const token = await api('POST', '/v2/credit_card_tokens', {
      body: tokenRequest(TEST_CARDS.notEnrolledMastercard, { multiple: true }),
      key: business.test.public_key,
    });
    expect(token.body.status).toBe('VERIFIED');
    const request = recurringRequest({ credit_card_token: token.body.id });
    const key = `crash-${randomUUID()}`;
    const create = () => api('POST', '/recurring_payments', { body: request, headers: { 'x-idempotency-key': key } });

    await expect(create()).rejects.toThrow();
    expect(await spawned!.exited).not.toBe(0);
    const recorded = await count(
      `SELECT count(*) AS n FROM es_events
        WHERE type = 'RecurringPaymentCreated' AND data->'recurring'->>'externalId' = $1`,
      [request.external_id],
    );
    expect(recorded).toBe(1);

    await startApi('');
    const retried = await create();
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({
      external_id: request.external_id,
      recurrence_progress: 1,
      recharge: true,
      last_created_invoice_url: expect.stringContaining('/web/invoices/'),
    });
    const id = retried.body.id as string;
    const charges = () =>
      count('SELECT count(*) AS n FROM card_charges WHERE business_id = $1 AND token_id = $2', [
        business.business_id,
        token.body.id,
      ]);
    const invoices = async () =>
      ((await api('GET', `/v2/invoices?recurring_payment_id=${id}`)).body as Array<{ status: string }>).map(
        (invoice) => invoice.status,
      );
    expect(await charges()).toBe(1);
    expect(await invoices()).toEqual(['PAID']);

    // The first cycle's fallback job comes due: it finds the cycle billed and charged.
    await gateway.app.get(CommandBus).execute(
      new AdvanceTestClockCommand(business.business_id, FIRST_CYCLE_FALLBACK_MS + 1_000, {
        requestId: 'req_first_cycle_crash',
        actor: 'system:test',
      }),
    );
    await eventually(
      () =>
        count(`SELECT count(*) AS n FROM scheduled_jobs WHERE job_key = $1 AND status = 'done'`, [
          CYCLE_JOB_KEYS.of(id, 1),
        ]),
      (done) => done === 1,
    );
    expect(await charges()).toBe(1);
    expect(await invoices()).toEqual(['PAID']);
    expect((await api('GET', `/recurring_payments/${id}`)).body.recurrence_progress).toBe(1);
  }, 150_000);
});
