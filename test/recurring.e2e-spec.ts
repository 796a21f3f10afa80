import { AdvanceTestClockCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { TEST_CARDS, tokenRequest } from './support/cards';
import { eventually } from './support/eventually';
import { gatewayWithReceiver } from './support/gateway-with-receiver';
import { call, provisionBusiness } from './support/test-business';
import { recurringRequest } from './support/recurring';

const context = { requestId: 'req_recurring_test', actor: 'system:test' };
const DAY = 86_400_000;

describe('recurring payments', () => {
  const running = gatewayWithReceiver();

  /** A fresh business per scenario: its test clock moves independently. */
  async function scenario() {
    const business = await provisionBusiness(running.gateway.app);
    const api = (method: string, path: string, body?: unknown, key = business.test.secret_key) =>
      call(running.gateway.baseUrl, key, method, path, { body });
    const advance = (ms: number) =>
      running.gateway.app.get(CommandBus).execute(new AdvanceTestClockCommand(business.business_id, ms, context));
    const invoicesOf = (id: string) =>
      api('GET', `/v2/invoices?recurring_payment_id=${id}&limit=100`).then(
        (r) => r.body as Array<Record<string, unknown>>,
      );
    const waitInvoices = (id: string, count: number) =>
      eventually(
        () => invoicesOf(id),
        (list) => list.length >= count,
      );
    const create = (overrides: Record<string, unknown> = {}, path = '/recurring_payments') =>
      api('POST', path, recurringRequest(overrides));
    return { business, api, advance, invoicesOf, waitInvoices, create };
  }

  it(
    'MONTH × 1 with total_recurrence 3 issues exactly 3 invoices on the test clock, ' + 'counting recurrence_progress',
    async () => {
      const { business, api, advance, invoicesOf, waitInvoices, create } = await scenario();
      expect((await api('POST', '/callback_urls/invoice', { url: `${running.receiver.url}/rec` })).status).toBe(200);
      const created = await create({ total_recurrence: 3, should_send_email: true });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        user_id: business.business_id,
        status: 'ACTIVE',
        interval: 'MONTH',
        interval_count: 1,
        total_recurrence: 3,
        // The first cycle is due at creation (no start_date): the answer carries its invoice.
        recurrence_progress: 1,
        last_created_invoice_url: expect.stringContaining('/web/invoices/'),
        missed_payment_action: 'IGNORE',
        recharge: false,
        charge_immediately: false,
        should_send_email: true,
      });
      const id = created.body.id;
      const [first] = await invoicesOf(id);
      expect(created.body.last_created_invoice_url).toContain(String(first.id));
      expect((await api('GET', `/recurring_payments/${id}`)).body.last_created_invoice_url).toBe(
        created.body.last_created_invoice_url,
      );
      for (let cycle = 2; cycle <= 3; cycle += 1) {
        await advance(32 * DAY);
        await waitInvoices(id, cycle);
      }
      await advance(64 * DAY);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const invoices = await invoicesOf(id);
      expect(invoices).toHaveLength(3);
      for (const invoice of invoices) expect(invoice).toMatchObject({ recurring_payment_id: id, amount: 50_000 });
      const got = await eventually(
        () => api('GET', `/recurring_payments/${id}`),
        (r) => r.body.recurrence_progress === 3,
      );
      expect(got.body).toMatchObject({
        recurrence_progress: 3,
        status: 'STOPPED',
        last_created_invoice_url: expect.stringContaining(String(invoices[0].id)),
      });
      expect((await api('GET', `/v2/invoices?client_types=RECURRING&recurring_payment_id=${id}`)).body).toHaveLength(3);

      // Paying a recurring invoice: the callback carries recurring_payment_id.
      const bank = (invoices[0].available_banks as Array<{ bank_code: string; bank_account_number: string }>)[0];
      // The first invoices expired long ago on this clock; the newest (created at the last cycle) may too: pay a fresh
      // one's number if pending.
      const pending = invoices.find((i) => i.status === 'PENDING');
      if (pending) {
        const pb = (pending.available_banks as Array<{ bank_code: string; bank_account_number: string }>)[0];
        await api('POST', '/pool_virtual_accounts/simulate_payment', {
          bank_code: pb.bank_code,
          bank_account_number: pb.bank_account_number,
          transfer_amount: 50_000,
        });
      }
      expect(bank).toBeDefined();
      const callback = await eventually(
        async () => running.receiver.received.map((c) => JSON.parse(c.body)),
        (list) => list.some((b) => b.recurring_payment_id === id),
      );
      expect(callback.find((b) => b.recurring_payment_id === id)).toMatchObject({ recurring_payment_id: id });
      const emails = await api('GET', `/email_outbox?recurring_payment_id=${id}`);
      expect(emails.body.filter((e: { template: string }) => e.template === 'invoice_created')).toHaveLength(3);
    },
  );

  it(
    'with a multiple-use credit_card_token (MONTH × 1, ' +
      'total_recurrence 3) charges each of its exactly 3 invoices (recharge)',
    async () => {
      const { business, api, advance, invoicesOf, waitInvoices, create } = await scenario();
      const token = (
        await api(
          'POST',
          '/v2/credit_card_tokens',
          tokenRequest(TEST_CARDS.enrolledVisa, { multiple: true }),
          business.test.public_key,
        )
      ).body;
      expect(token.status).toBe('VERIFIED');
      const created = await create({ total_recurrence: 3, credit_card_token: token.id });
      expect(created.body).toMatchObject({ recharge: true, credit_card_token: token.id });
      const id = created.body.id;
      const paidCount = async () =>
        (await invoicesOf(id)).filter((i) => i.status === 'PAID' || i.status === 'SETTLED').length;
      await waitInvoices(id, 1);
      await eventually(paidCount, (n) => n === 1);
      for (let cycle = 2; cycle <= 3; cycle += 1) {
        await advance(32 * DAY);
        await waitInvoices(id, cycle);
        await eventually(paidCount, (n) => n === cycle);
      }
      await advance(64 * DAY);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const invoices = await invoicesOf(id);
      expect(invoices).toHaveLength(3);
      for (const invoice of invoices) {
        expect(invoice).toMatchObject({
          payment_method: 'CREDIT_CARD',
          paid_amount: 50_000,
          credit_card_charge_id: expect.any(String),
        });
        const charge = (await api('GET', `/credit_card_charges/${String(invoice.credit_card_charge_id)}`)).body;
        expect(charge).toMatchObject({ status: 'CAPTURED', charge_type: 'RECURRING', capture_amount: 50_000 });
      }
    },
  );

  it(
    'pause skips cycles and resume continues; stop!, pause!, ' + 'resume! answer JSON and refuse illegal transitions',
    async () => {
      const { api, advance, invoicesOf, waitInvoices, create } = await scenario();
      const id = (await create({ interval: 'DAY', interval_count: 1, total_recurrence: 5 }, '/recurring_payments/'))
        .body.id;
      await waitInvoices(id, 1);
      const paused = await api('POST', `/recurring_payments/${id}/pause!`);
      expect([paused.status, paused.body.status]).toEqual([200, 'PAUSED']);
      expect((await api('POST', `/recurring_payments/${id}/pause!`)).body.error_code).toBe(
        'INVALID_RECURRING_PAYMENT_STATUS_ERROR',
      );
      await advance(DAY + 60_000);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(await invoicesOf(id)).toHaveLength(1);
      const resumed = await api('POST', `/recurring_payments/${id}/resume!`);
      expect([resumed.status, resumed.body.status]).toEqual([200, 'ACTIVE']);
      expect((await api('POST', `/recurring_payments/${id}/resume!`)).body.error_code).toBe(
        'INVALID_RECURRING_PAYMENT_STATUS_ERROR',
      );
      await advance(DAY);
      await waitInvoices(id, 2);
      expect((await api('GET', `/recurring_payments/${id}`)).body.recurrence_progress).toBe(2);

      const patched = await api('PATCH', `/recurring_payments/${id}`, {
        amount: 70_000,
        missed_payment_action: 'STOP',
        should_send_email: true,
        invoice_duration: 3600,
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({
        amount: 70_000,
        missed_payment_action: 'STOP',
        should_send_email: true,
        invoice_duration: 3600,
      });
      expect((await api('PATCH', `/recurring_payments/${id}`, { interval: 'YEAR' })).status).toBe(400);

      const stopped = await api('POST', `/recurring_payments/${id}/stop!`);
      expect([stopped.status, stopped.body.status]).toEqual([200, 'STOPPED']);
      expect((await api('POST', `/recurring_payments/${id}/stop!`)).body.error_code).toBe(
        'INVALID_RECURRING_PAYMENT_STATUS_ERROR',
      );
      expect((await api('POST', `/recurring_payments/${id}/resume!`)).status).toBe(400);
      await advance(3 * DAY);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await invoicesOf(id)).toHaveLength(2);
    },
  );

  it(
    'charge_immediately with a later start_date: the answer carries the first invoice; ' +
      'without it the first invoice waits for start_date',
    async () => {
      const { api, invoicesOf, create } = await scenario();
      const startDate = new Date(Date.now() + 10 * DAY).toISOString();
      const immediate = await create({ start_date: startDate, charge_immediately: true });
      expect(immediate.body).toMatchObject({
        status: 'ACTIVE',
        charge_immediately: true,
        recurrence_progress: 1,
        last_created_invoice_url: expect.stringContaining('/web/invoices/'),
      });
      const [invoice] = await invoicesOf(immediate.body.id);
      expect(immediate.body.last_created_invoice_url).toContain(String(invoice.id));
      expect(invoice).toMatchObject({ status: 'PENDING', amount: 50_000 });

      const later = await create({ start_date: startDate });
      expect(later.body).toMatchObject({ status: 'ACTIVE', recurrence_progress: 0 });
      expect(later.body.last_created_invoice_url).toBeUndefined();
      expect(await invoicesOf(later.body.id)).toEqual([]);
      expect((await api('GET', `/recurring_payments/${later.body.id}`)).body.recurrence_progress).toBe(0);
    },
  );

  it('missed_payment_action STOP stops after an unpaid cycle; IGNORE goes on', async () => {
    const { api, advance, invoicesOf, waitInvoices, create } = await scenario();
    const stopping = (
      await create({ interval: 'DAY', interval_count: 1, missed_payment_action: 'STOP', invoice_duration: 3600 })
    ).body.id;
    const ignoring = (await create({ interval: 'DAY', interval_count: 1, invoice_duration: 3600 })).body.id;
    await waitInvoices(stopping, 1);
    await waitInvoices(ignoring, 1);
    await advance(2 * 3_600_000);
    const stopped = await eventually(
      () => api('GET', `/recurring_payments/${stopping}`),
      (r) => r.body.status === 'STOPPED',
    );
    expect(stopped.body.status).toBe('STOPPED');
    await advance(DAY);
    await waitInvoices(ignoring, 2);
    expect(await invoicesOf(stopping)).toHaveLength(1);
    expect((await api('GET', `/recurring_payments/${ignoring}`)).body.status).toBe('ACTIVE');
  });

  it(
    'INVALID_CREDIT_CARD_TOKEN_ERROR at create and PATCH unless the token is a usable multiple-use token of the ' +
      'business and mode',
    async () => {
      const { business, api, advance, create } = await scenario();
      const other = await scenario();
      const tokenize = (
        who: ProvisionedBusiness,
        card: string,
        options: Parameters<typeof tokenRequest>[1],
        month?: { exp_month: string; exp_year: string },
      ) => {
        const request = tokenRequest(card, options);
        return call(running.gateway.baseUrl, who.test.public_key, 'POST', '/v2/credit_card_tokens', {
          body: month ? { ...request, card_data: { ...request.card_data, ...month } } : request,
        }).then((r) => {
          expect(r.status).toBe(200);
          return r.body.id as string;
        });
      };
      const reusable = await tokenize(business, TEST_CARDS.notEnrolledMastercard, { multiple: true });
      const singleUse = await tokenize(business, TEST_CARDS.notEnrolledMastercard, { amount: 50_000 });
      const strangers = await tokenize(other.business, TEST_CARDS.notEnrolledMastercard, { multiple: true });
      const now = new Date();
      const expiringThisMonth = await tokenize(
        business,
        TEST_CARDS.notEnrolledMastercard,
        { multiple: true },
        { exp_month: String(now.getUTCMonth() + 1).padStart(2, '0'), exp_year: String(now.getUTCFullYear()) },
      );
      const invalid = (response: { status: number; body: Record<string, unknown> }, label: string) =>
        expect([label, response.status, response.body.error_code]).toEqual([
          label,
          400,
          'INVALID_CREDIT_CARD_TOKEN_ERROR',
        ]);

      const cases: [string, string][] = [
        ['unknown id', '0'.repeat(24)],
        ['malformed id', 'not a token'],
        ["another business's token", strangers],
        ['single-use token', singleUse],
      ];
      for (const [label, token] of cases) invalid(await create({ credit_card_token: token }), `create: ${label}`);
      // Other mode: the business's own test token, used with its live key.
      const live = await api(
        'POST',
        '/recurring_payments',
        {
          external_id: `rec-${randomUUID()}`,
          payer_email: 'p@example.com',
          description: 'Live',
          amount: 50_000,
          interval: 'MONTH',
          interval_count: 1,
          credit_card_token: reusable,
        },
        business.live.secret_key,
      );
      invalid(live, 'create: test token with a live key');

      const plain = (await create()).body.id;
      for (const [label, token] of cases)
        invalid(await api('PATCH', `/recurring_payments/${plain}`, { credit_card_token: token }), `patch: ${label}`);
      expect((await api('GET', `/recurring_payments/${plain}`)).body).toMatchObject({ recharge: false });
      const patched = await api('PATCH', `/recurring_payments/${plain}`, { credit_card_token: reusable });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ recharge: true, credit_card_token: reusable });
      expect((await other.api('PATCH', `/recurring_payments/${plain}`, { credit_card_token: strangers })).status).toBe(
        404,
      );

      const withExpiring = await create({ credit_card_token: expiringThisMonth });
      expect(withExpiring.status).toBe(200);
      // Two months later on the business's clock the card has expired: no longer accepted.
      await advance(62 * DAY);
      invalid(await create({ credit_card_token: expiringThisMonth }), 'create: expired card');
      invalid(
        await api('PATCH', `/recurring_payments/${plain}`, { credit_card_token: expiringThisMonth }),
        'patch: expired card',
      );
      expect((await create({ credit_card_token: reusable })).status).toBe(200);
    },
  );

  it('answers NOT_FOUND_ERROR for unknown ids and other tenants, and 400 for bad input', async () => {
    const { api, create } = await scenario();
    const other = await scenario();
    const id = (await create()).body.id;
    for (const path of [`/recurring_payments/${'0'.repeat(24)}`, '/recurring_payments/undefined']) {
      const response = await api('GET', path);
      expect([response.status, response.body.error_code]).toEqual([404, 'NOT_FOUND_ERROR']);
    }
    expect((await other.api('GET', `/recurring_payments/${id}`)).status).toBe(404);
    expect((await other.api('POST', `/recurring_payments/${id}/stop!`)).status).toBe(404);
    expect((await other.api('PATCH', `/recurring_payments/${id}`, { amount: 20_000 })).status).toBe(404);
    for (const bad of [
      { interval: 'YEAR' },
      { interval_count: 0 },
      { amount: 5 },
      { amount: 1_000_000_001 },
      { payer_email: 'x' },
      { start_date: 'tomorrow' },
      { missed_payment_action: 'MAYBE' },
    ]) {
      const response = await create(bad);
      expect([JSON.stringify(bad), response.status, response.body.error_code]).toEqual([
        JSON.stringify(bad),
        400,
        'API_VALIDATION_ERROR',
      ]);
    }
  });
});
