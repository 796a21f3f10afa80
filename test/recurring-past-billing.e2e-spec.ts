import { AdvanceTestClockCommand } from '@gateway/accounts';
import { CYCLE_JOB_KEYS, FIRST_CYCLE_FALLBACK_MS } from '@gateway/recurring';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { TEST_CARDS, tokenRequest, updateTestSettings } from './support/cards';
import { eventually } from './support/eventually';
import { gatewayWithReceiver } from './support/gateway-with-receiver';
import { startTestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';

/**
 * Issue 18, observation 5: a recurring payment never bills the past in bulk. A `start_date` in the
 * past is refused (beyond a one-hour tolerance), a test-clock jump bills the latest cycle only, once,
 * a PATCH of the interval never re-times cycles into the past, and a cycle that cannot be billed is
 * recorded and not retried forever.
 */
const context = { requestId: 'req_recurring_past_test', actor: 'system:test' };
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Long enough for a burst to show: the old code issued about 30 invoices a second. */
const SETTLE_MS = 2_500;
const settle = (ms = SETTLE_MS) => new Promise((resolve) => setTimeout(resolve, ms));

describe('recurring payments never bill the past in bulk', () => {
  const running = gatewayWithReceiver();

  async function scenario() {
    const business = await provisionBusiness(running.gateway.app);
    const api = (method: string, path: string, body?: unknown, key = business.test.secret_key) =>
      call(running.gateway.baseUrl, key, method, path, { body });
    const advance = (ms: number) =>
      running.gateway.app.get(CommandBus).execute(new AdvanceTestClockCommand(business.business_id, ms, context));
    const invoicesOf = (id?: string) =>
      api('GET', `/v2/invoices?limit=100${id ? `&recurring_payment_id=${id}` : ''}`).then(
        (r) => r.body as Array<Record<string, unknown>>,
      );
    const create = (overrides: Record<string, unknown> = {}) =>
      api('POST', '/recurring_payments', {
        external_id: `rec-${randomUUID()}`,
        payer_email: 'payer@example.com',
        description: 'Membership',
        amount: 50_000,
        interval: 'DAY',
        interval_count: 1,
        ...overrides,
      });
    const reusableToken = async () => {
      const token = await api(
        'POST',
        '/v2/credit_card_tokens',
        tokenRequest(TEST_CARDS.notEnrolledMastercard, { multiple: true }),
        business.test.public_key,
      );
      expect(token.body.status).toBe('VERIFIED');
      return token.body.id as string;
    };
    /** Every charge made to the token, from the cards read model. */
    const chargesOf = async (tokenId: string) =>
      (
        await running.gateway.db.pool.query<{ charge_id: string; status: string }>(
          'SELECT charge_id, status FROM card_charges WHERE business_id = $1 AND token_id = $2',
          [business.business_id, tokenId],
        )
      ).rows;
    const cycleJobs = async (id: string) =>
      (
        await running.gateway.db.pool.query<{ job_key: string; status: string; attempts: number }>(
          'SELECT job_key, status, attempts FROM scheduled_jobs WHERE job_key LIKE $1 ORDER BY id',
          [`${CYCLE_JOB_KEYS.prefix}${id}:%`],
        )
      ).rows;
    return { business, api, advance, invoicesOf, create, reusableToken, chargesOf, cycleJobs };
  }

  const refusedStartDate = (response: { status: number; body: Record<string, any> }) => {
    expect([response.status, response.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
    expect(response.body.message).toContain('start_date');
    expect(response.body.errors).toEqual([expect.objectContaining({ field: ['start_date'], location: 'body' })]);
  };

  it('start_date 2020-01-01 with interval DAY: refused, naming start_date, and no invoice is issued', async () => {
    const { create, invoicesOf } = await scenario();
    const created = await create({ start_date: '2020-01-01T00:00:00.000Z' });
    await settle();
    // The observation: 478 invoices in 15 s. Whatever the answer, the past is not billed.
    expect((await invoicesOf()).length).toBeLessThanOrEqual(1);
    refusedStartDate(created);
    expect(await invoicesOf()).toHaveLength(0);
  });

  it(
    'a multiple-use card token with a start 4 days back: refused, no charge; ' +
      '"now" a moment ago and charge_immediately bill once',
    async () => {
      const { create, invoicesOf, reusableToken, chargesOf } = await scenario();
      const token = await reusableToken();
      const fourDaysBack = await create({
        credit_card_token: token,
        start_date: new Date(Date.now() - 4 * DAY).toISOString(),
      });
      await settle();
      // The observation: 5 charges captured in 0.3 s.
      expect((await chargesOf(token)).length).toBeLessThanOrEqual(1);
      refusedStartDate(fourDaysBack);
      expect(await chargesOf(token)).toHaveLength(0);

      // An honest integration sends `new Date().toISOString()` a moment before our clock: accepted, billed once.
      const sentAt = new Date(Date.now() - 200).toISOString();
      const honest = await create({ credit_card_token: token, start_date: sentAt });
      expect([honest.status, honest.body.start_date]).toEqual([200, sentAt]);
      // charge_immediately without a later start_date: the first invoice is the start_date one, not a second.
      const immediate = await create({ charge_immediately: true });
      expect(immediate.status).toBe(200);
      await eventually(
        () => chargesOf(token),
        (rows) => rows.some((row) => row.status === 'CAPTURED'),
      );
      await settle();
      expect(await invoicesOf(honest.body.id)).toHaveLength(1);
      expect((await chargesOf(token)).map((row) => row.status)).toEqual(['CAPTURED']);
      expect(await invoicesOf(immediate.body.id)).toHaveLength(1);
    },
  );

  it(
    'a test-clock jump over 5 intervals bills the latest cycle once and charges the card once; ' +
      're-run jobs and a second worker add nothing',
    async () => {
      const { api, advance, invoicesOf, create, reusableToken, chargesOf, cycleJobs } = await scenario();
      const token = await reusableToken();
      const id = (await create({ credit_card_token: token })).body.id as string;
      await eventually(
        () => invoicesOf(id),
        (list) => list.length === 1 && list[0].status === 'PAID',
      );

      await advance(5 * DAY + HOUR);
      await eventually(
        () => invoicesOf(id),
        (list) => list.length >= 2,
      );
      await settle();
      const invoices = await invoicesOf(id);
      expect(invoices).toHaveLength(2);
      const paid = await eventually(
        () => invoicesOf(id),
        (list) => list.every((invoice) => invoice.status === 'PAID' || invoice.status === 'SETTLED'),
      );
      expect(paid.map((invoice) => invoice.status)).toEqual(['PAID', 'SETTLED']);
      const charges = await chargesOf(token);
      expect(charges.map((row) => row.status)).toEqual(['CAPTURED', 'CAPTURED']);
      expect(new Set((await invoicesOf(id)).map((invoice) => invoice.credit_card_charge_id))).toEqual(
        new Set(charges.map((row) => row.charge_id)),
      );
      // Cycles 2 to 5 lapsed (their whole period passed during the jump); cycle 6 is the one billed.
      expect((await api('GET', `/recurring_payments/${id}`)).body.recurrence_progress).toBe(2);

      // Every cycle job of this plan that ran runs again (cycle 7's waits for its date), and a second worker competes
      // for them.
      const ran = (await cycleJobs(id)).filter((job) => job.status === 'done').map((job) => job.job_key);
      expect(ran).toEqual([1, 2, 6].map((cycle) => CYCLE_JOB_KEYS.of(id, cycle)));
      const second = await startTestApp({ databaseUrl: running.gateway.db.url });
      try {
        await running.gateway.db.pool.query(
          "UPDATE scheduled_jobs SET status = 'pending', attempts = 0, " +
            'completed_at = NULL WHERE job_key = ANY($1::text[])',
          [ran],
        );
        await eventually(
          () => cycleJobs(id),
          (jobs) => jobs.filter((job) => ran.includes(job.job_key)).every((job) => job.status === 'done'),
        );
        await settle();
      } finally {
        await second.close();
      }
      expect(await invoicesOf(id)).toHaveLength(2);
      expect(await chargesOf(token)).toHaveLength(2);
      expect((await api('GET', `/recurring_payments/${id}`)).body.recurrence_progress).toBe(2);
    },
  );

  it(
    'PATCH of interval never re-times cycles into the past (the next cycle moves to the new cadence, ' +
      'issue 19 item 3); start_date cannot be patched',
    async () => {
      const { api, advance, invoicesOf, create } = await scenario();
      const created = (await create({ interval: 'WEEK' })).body;
      const id = created.id as string;
      await eventually(
        () => invoicesOf(id),
        (list) => list.length === 1,
      );

      const patched = await api('PATCH', `/recurring_payments/${id}`, {
        interval: 'DAY',
        interval_count: 1,
        start_date: '2020-01-01T00:00:00.000Z',
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ interval: 'DAY', interval_count: 1, start_date: created.start_date });
      await settle(1_000);
      expect(await invoicesOf(id)).toHaveLength(1);

      // Daily from the first invoice: cycle 2 a day after it, then daily.
      await advance(DAY + HOUR);
      await eventually(
        () => invoicesOf(id),
        (list) => list.length >= 2,
      );
      await settle();
      expect(await invoicesOf(id)).toHaveLength(2);
      await advance(DAY);
      await eventually(
        () => invoicesOf(id),
        (list) => list.length >= 3,
      );
      await settle(1_000);
      expect(await invoicesOf(id)).toHaveLength(3);
    },
  );

  it(
    'a cycle that cannot be billed is recorded once, ' + 'not retried forever: STOP stops, IGNORE bills the next cycle',
    async () => {
      const { business, api, advance, invoicesOf, create, cycleJobs } = await scenario();
      // No payment channel enabled: every invoice is refused with NO_COLLECTION_METHODS_ERROR.
      await updateTestSettings(running.gateway.app, business.business_id, { enabledPaymentChannels: [] });
      const stopping = (await create({ missed_payment_action: 'STOP' })).body.id as string;
      const ignoring = (await create()).body.id as string;

      const stopped = await eventually(
        () => api('GET', `/recurring_payments/${stopping}`),
        (r) => r.body.status === 'STOPPED',
      );
      expect(stopped.body.status).toBe('STOPPED');
      // The creating request recorded the failed first cycle; its fallback job finds it done.
      expect((await api('GET', `/recurring_payments/${ignoring}`)).body).toMatchObject({ status: 'ACTIVE' });
      await advance(FIRST_CYCLE_FALLBACK_MS + 1_000);
      await eventually(
        () => cycleJobs(ignoring),
        (jobs) => jobs.length === 2 && jobs[0].status === 'done',
      );
      await settle(1_500);
      expect((await cycleJobs(ignoring)).map(({ status, attempts }) => [status, attempts])).toEqual([
        ['done', 1],
        ['pending', 0],
      ]);
      expect((await cycleJobs(stopping)).map(({ status, attempts }) => [status, attempts])).toEqual([['done', 1]]);
      expect((await api('GET', `/recurring_payments/${ignoring}`)).body.status).toBe('ACTIVE');
      expect(await invoicesOf()).toHaveLength(0);

      await updateTestSettings(running.gateway.app, business.business_id, { enabledPaymentChannels: null });
      await advance(DAY + HOUR);
      await eventually(
        () => invoicesOf(ignoring),
        (list) => list.length >= 1,
      );
      await settle(1_000);
      expect(await invoicesOf(ignoring)).toHaveLength(1);
      expect(await invoicesOf(stopping)).toHaveLength(0);
    },
  );
});
