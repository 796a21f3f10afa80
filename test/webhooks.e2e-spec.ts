import { AdvanceTestClockCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { CommandBus } from '@nestjs/cqrs';
import { Webhook } from 'standardwebhooks';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';
import { WebhookReceiver } from './support/webhook-receiver';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('callbacks (webhooks) against a real receiver', () => {
  let gateway: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    gateway = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_ENDPOINT_CONCURRENCY: '4' } });
  });
  afterAll(async () => gateway.close());
  beforeEach(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterEach(async () => receiver.close());

  const api = (business: ProvisionedBusiness, method: string, path: string, body?: unknown) =>
    call(gateway.baseUrl, business.test.secret_key, method, path, { body });

  async function setUrl(business: ProvisionedBusiness, kind: string, url: string) {
    const answer = await api(business, 'POST', `/callback_urls/${kind}`, { url });
    expect(answer.status).toBe(200);
    return answer.body;
  }

  async function sendTest(business: ProvisionedBusiness, kind: string): Promise<string> {
    const answer = await api(business, 'POST', `/callback_urls/${kind}/test`);
    expect(answer.status).toBe(200);
    return answer.body.webhook_id;
  }

  async function deliveryOnceSettled(
    business: ProvisionedBusiness,
    id: string,
    until: (delivery: any) => boolean,
    timeoutMs = 10_000,
  ) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = await api(business, 'GET', `/callback_deliveries/${id}`);
      if (answer.status === 200 && until(answer.body)) return answer.body;
      if (Date.now() > deadline) throw new Error(`delivery ${id} did not settle: ${JSON.stringify(answer.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const advance = (business: ProvisionedBusiness, byMs: number) =>
    gateway.app
      .get(CommandBus)
      .execute(
        new AdvanceTestClockCommand(business.business_id, byMs, { requestId: 'req_test_clock', actor: 'system:test' }),
      );

  const settle = (ms = 1200) => new Promise((resolve) => setTimeout(resolve, ms));

  it(
    'delivers once on 200, with the business token, ' + 'a stable webhook-id and a Standard Webhooks signature',
    async () => {
      const business = await provisionBusiness(gateway.app);
      const configured = await setUrl(business, 'invoice', `${receiver.url}/invoices`);
      expect(configured).toEqual({
        status: 'SUCCESSFUL',
        user_id: business.business_id,
        url: `${receiver.url}/invoices`,
        environment: 'TEST',
        callback_token: business.test.callback_token,
      });
      const endpoint = (await api(business, 'GET', '/callback_urls/invoice')).body;
      expect(endpoint).toMatchObject({
        callback_type: 'invoice',
        status: 'ENABLED',
        signing_secret: expect.stringMatching(/^whsec_/),
      });

      const webhookId = await sendTest(business, 'invoice');
      const [callback] = await receiver.waitForCount(1);
      expect(callback.path).toBe('/invoices');
      expect(callback.headers['x-callback-token']).toBe(business.test.callback_token);
      expect(callback.headers['webhook-id']).toBe(webhookId);
      expect(callback.json).toMatchObject({
        event: 'callback.test',
        callback_type: 'invoice',
        business_id: business.business_id,
      });
      const verified = new Webhook(endpoint.signing_secret).verify(callback.body, {
        'webhook-id': String(callback.headers['webhook-id']),
        'webhook-timestamp': String(callback.headers['webhook-timestamp']),
        'webhook-signature': String(callback.headers['webhook-signature']),
      });
      expect(verified).toEqual(callback.json);
      expect(() =>
        new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
          callback.body,
          callback.headers as Record<string, string>,
        ),
      ).toThrow();

      const delivery = await deliveryOnceSettled(business, webhookId, (d) => d.status === 'succeeded');
      expect(delivery).toMatchObject({
        attempts: 1,
        last_status_code: 200,
        callback_type: 'invoice',
        environment: 'TEST',
      });
      expect(delivery.attempt_log).toEqual([
        expect.objectContaining({
          attempt: 1,
          succeeded: true,
          status_code: 200,
          response_excerpt: '{"ok":true}',
          manual: false,
        }),
      ]);
      await settle(300);
      expect(receiver.received).toHaveLength(1);
    },
  );

  it(
    'retries a failing receiver exactly on the 15 min, 1 h, 3 h, 6 h, 12 h, ' +
      '24 h schedule as the test clock advances, then fails',
    async () => {
      const business = await provisionBusiness(gateway.app);
      receiver.respondStatus(500, {}, 'boom');
      await setUrl(business, 'disbursement', receiver.url);
      const webhookId = await sendTest(business, 'disbursement');
      await receiver.waitForCount(1);

      await advance(business, 14 * MINUTE);
      await settle();
      expect(receiver.received).toHaveLength(1);

      const offsets = [15 * MINUTE, 1 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR];
      let clock = 14 * MINUTE;
      for (const [i, offset] of offsets.entries()) {
        await advance(business, offset - clock);
        clock = offset;
        await receiver.waitForCount(i + 2);
        expect(receiver.received[i + 1].headers['webhook-id']).toBe(webhookId);
      }
      const delivery = await deliveryOnceSettled(business, webhookId, (d) => d.status === 'failed');
      expect(delivery.attempts).toBe(7);
      const first = Date.parse(delivery.attempt_log[0].attempted_at);
      delivery.attempt_log.slice(1).forEach((attempt: any, i: number) => {
        const late = Date.parse(attempt.attempted_at) - first - offsets[i];
        // Exactly on schedule, give or take the real seconds this test takes between steps.
        expect(late).toBeGreaterThanOrEqual(0);
        expect(late).toBeLessThan(30_000);
        expect(attempt).toMatchObject({ succeeded: false, status_code: 500, response_excerpt: 'boom' });
      });
      await advance(business, 48 * HOUR);
      await settle();
      expect(receiver.received).toHaveLength(7);
    },
  );

  it('gives VA and payment-code callbacks three attempts 30 s apart, then raises an alert', async () => {
    const business = await provisionBusiness(gateway.app);
    receiver.respondStatus(503);
    await setUrl(business, 'fva_paid', receiver.url);
    const webhookId = await sendTest(business, 'fva_paid');
    await receiver.waitForCount(1);
    await advance(business, 30_000);
    await receiver.waitForCount(2);
    await advance(business, 30_000);
    await receiver.waitForCount(3);
    const delivery = await deliveryOnceSettled(business, webhookId, (d) => d.status === 'failed');
    expect(delivery.attempts).toBe(3);
    expect(delivery.alerts).toEqual([expect.objectContaining({ message: expect.stringContaining('failed 3 times') })]);
    const [first, second, third] = delivery.attempt_log.map((a: any) => Date.parse(a.attempted_at));
    expect(second - first).toBeGreaterThanOrEqual(30_000);
    expect(third - first).toBeGreaterThanOrEqual(60_000);
    await advance(business, HOUR);
    await settle();
    expect(receiver.received).toHaveLength(3);
  });

  it('resends with the same webhook-id, one at a time or every failure since a time', async () => {
    const business = await provisionBusiness(gateway.app);
    await setUrl(business, 'report', receiver.url);
    const webhookId = await sendTest(business, 'report');
    await deliveryOnceSettled(business, webhookId, (d) => d.status === 'succeeded');

    const resent = await api(business, 'POST', `/callback_deliveries/${webhookId}/resend`);
    expect(resent.status).toBe(200);
    await receiver.waitForCount(2);
    expect(receiver.received.map((c) => c.headers['webhook-id'])).toEqual([webhookId, webhookId]);
    expect(receiver.received[1].body).toBe(receiver.received[0].body);
    const delivery = await deliveryOnceSettled(
      business,
      webhookId,
      (d) => d.attempts === 2 && d.status === 'succeeded',
    );
    expect(delivery.attempt_log[1]).toMatchObject({ attempt: 2, manual: true, succeeded: true });

    // A 410 ends a delivery at once (failed); resend_failed picks it up again.
    receiver.respondStatus(410);
    await setUrl(business, 'ewallet', receiver.url);
    const before = new Date(Date.now() - 1000).toISOString();
    const failedId = await sendTest(business, 'ewallet');
    await deliveryOnceSettled(business, failedId, (d) => d.status === 'failed');
    receiver.respondStatus(200);
    await setUrl(business, 'ewallet', receiver.url); // re-enable the endpoint the 410 disabled
    const bulk = await api(business, 'POST', '/callback_deliveries/resend_failed', { since: before });
    expect(bulk).toMatchObject({ status: 200, body: { resent: 1 } });
    await deliveryOnceSettled(business, failedId, (d) => d.status === 'succeeded' && d.attempts === 2);
  });

  it('disables an endpoint that answers 410 Gone until its URL is set again', async () => {
    const business = await provisionBusiness(gateway.app);
    receiver.respondStatus(410);
    await setUrl(business, 'invoice', receiver.url);
    const goneId = await sendTest(business, 'invoice');
    const gone = await deliveryOnceSettled(business, goneId, (d) => d.status === 'failed');
    expect(gone).toMatchObject({ attempts: 1, last_status_code: 410 });
    await waitUntil(async () => (await api(business, 'GET', '/callback_urls/invoice')).body.status === 'DISABLED');

    const skippedId = await sendTest(business, 'invoice');
    const skipped = await deliveryOnceSettled(business, skippedId, (d) => d.status === 'failed');
    expect(skipped).toMatchObject({ attempts: 0, last_error: expect.stringContaining('endpoint disabled') });
    expect(receiver.received).toHaveLength(1);

    receiver.respondStatus(204);
    await setUrl(business, 'invoice', receiver.url);
    expect((await api(business, 'GET', '/callback_urls/invoice')).body.status).toBe('ENABLED');
    const againId = await sendTest(business, 'invoice');
    await deliveryOnceSettled(business, againId, (d) => d.status === 'succeeded');
  });

  it('honours Retry-After when it asks for a later time, and never follows redirects', async () => {
    const business = await provisionBusiness(gateway.app);
    receiver.respondStatus(503, { 'retry-after': String(2 * 3600) });
    await setUrl(business, 'invoice', receiver.url);
    const id = await sendTest(business, 'invoice');
    const waiting = await deliveryOnceSettled(business, id, (d) => d.attempts === 1);
    expect(Date.parse(waiting.next_attempt_at) - Date.parse(waiting.first_attempt_at)).toBeGreaterThanOrEqual(2 * HOUR);
    expect(waiting.status).toBe('pending');

    const elsewhere = await WebhookReceiver.start();
    try {
      receiver.respondStatus(302, { location: `${elsewhere.url}/stolen` });
      await setUrl(business, 'disbursement', receiver.url);
      const redirected = await sendTest(business, 'disbursement');
      const attempt = await deliveryOnceSettled(business, redirected, (d) => d.attempts === 1);
      expect(attempt).toMatchObject({ status: 'pending', last_status_code: 302 });
      await settle(300);
      expect(elsewhere.received).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('keeps only the first 1 KB of an answer, and one slow receiver cannot starve another', async () => {
    const business = await provisionBusiness(gateway.app);
    const slow = await WebhookReceiver.start();
    const release: (() => void)[] = [];
    slow.respondWith(
      (_, response) => new Promise<void>((resolve) => release.push(() => resolve(void response.writeHead(200).end()))),
    );
    receiver.respondStatus(200, {}, 'x'.repeat(5000));
    try {
      await setUrl(business, 'invoice', slow.url);
      await setUrl(business, 'report', receiver.url);
      const slowIds = await Promise.all(Array.from({ length: 10 }, () => sendTest(business, 'invoice')));
      await slow.waitForCount(4);
      const fastIds = await Promise.all(Array.from({ length: 3 }, () => sendTest(business, 'report')));
      await receiver.waitForCount(3);
      // The per-URL cap (WEBHOOK_ENDPOINT_CONCURRENCY=4) holds the slow receiver at 4 at once.
      expect(slow.maxInFlight).toBe(4);
      const fast = await deliveryOnceSettled(business, fastIds[0], (d) => d.status === 'succeeded');
      expect(fast.attempt_log[0].response_excerpt).toHaveLength(1024);
      while (slow.received.length < 10 || release.length > 0) {
        release.splice(0).forEach((done) => done());
        await settle(50);
      }
      for (const id of slowIds) await deliveryOnceSettled(business, id, (d) => d.status === 'succeeded');
      expect(slow.maxInFlight).toBe(4);
    } finally {
      release.forEach((done) => done());
      await slow.close();
    }
  });

  it('lists deliveries by status, type and resource, pages them, and counts attempts per 6-hour window', async () => {
    const business = await provisionBusiness(gateway.app);
    await setUrl(business, 'invoice', receiver.url);
    await setUrl(business, 'report', `${receiver.url}/reports`);
    const ids = [
      await sendTest(business, 'invoice'),
      await sendTest(business, 'invoice'),
      await sendTest(business, 'report'),
    ];
    for (const id of ids) await deliveryOnceSettled(business, id, (d) => d.status === 'succeeded');

    const all = await api(business, 'GET', '/callback_deliveries?limit=2');
    expect(all.status).toBe(200);
    expect(all.body.data.map((d: any) => d.id)).toEqual([ids[2], ids[1]]);
    expect(all.body.has_more).toBe(true);
    const next = await api(business, 'GET', `/callback_deliveries?limit=2&after_id=${ids[1]}`);
    expect(next.body).toEqual({ data: [expect.objectContaining({ id: ids[0] })], has_more: false });
    const invoices = await api(business, 'GET', '/callback_deliveries?callback_type=invoice&status=succeeded');
    expect(invoices.body.data).toHaveLength(2);
    const byResource = await api(
      business,
      'GET',
      `/callback_deliveries?resource_id=${invoices.body.data[0].resource_id}`,
    );
    expect(byResource.body.data.map((d: any) => d.id)).toEqual([invoices.body.data[0].id]);
    expect((await api(business, 'GET', '/callback_deliveries?status=failed')).body.data).toEqual([]);

    const from = new Date(Date.now() - 24 * HOUR).toISOString();
    const summary = await api(business, 'GET', `/callback_deliveries/summary?from=${from}`);
    expect(summary.status).toBe(200);
    const totals = summary.body.windows.reduce(
      (sum: any, w: any) => ({ ok: sum.ok + w.succeeded, ko: sum.ko + w.failed }),
      { ok: 0, ko: 0 },
    );
    expect(totals).toEqual({ ok: 3, ko: 0 });
    for (const window of summary.body.windows) {
      expect(Date.parse(window.window_end) - Date.parse(window.window_start)).toBe(6 * HOUR);
      expect(new Date(window.window_start).getUTCHours() % 6).toBe(0);
    }
  });

  it("keeps each business's and mode's callbacks to itself", async () => {
    const owner = await provisionBusiness(gateway.app);
    const other = await provisionBusiness(gateway.app);
    await setUrl(owner, 'invoice', receiver.url);
    const id = await sendTest(owner, 'invoice');
    await deliveryOnceSettled(owner, id, (d) => d.status === 'succeeded');
    expect((await api(other, 'GET', `/callback_deliveries/${id}`)).status).toBe(404);
    expect((await api(other, 'POST', `/callback_deliveries/${id}/resend`)).status).toBe(404);
    expect((await api(other, 'GET', '/callback_deliveries')).body.data).toEqual([]);
    const live = await call(gateway.baseUrl, owner.live.secret_key, 'GET', `/callback_deliveries/${id}`);
    expect(live.status).toBe(404);
    expect((await call(gateway.baseUrl, owner.live.secret_key, 'GET', '/callback_urls/invoice')).body).toMatchObject({
      url: null,
      status: 'NOT_SET',
    });
  });

  it('refuses bad configuration and bad queries with 4xx and an error code', async () => {
    const business = await provisionBusiness(gateway.app);
    const cases: [string, string, unknown, number, string][] = [
      ['POST', '/callback_urls/nonsense', { url: 'https://example.com' }, 400, 'API_VALIDATION_ERROR'],
      ['POST', '/callback_urls/invoice', { url: 'ftp://example.com' }, 400, 'API_VALIDATION_ERROR'],
      ['POST', '/callback_urls/invoice', { url: 42 }, 400, 'API_VALIDATION_ERROR'],
      ['POST', '/callback_urls/invoice', {}, 400, 'API_VALIDATION_ERROR'],
      [
        'POST',
        '/callback_urls/invoice',
        { url: `https://example.com/${'a'.repeat(3000)}` },
        400,
        'API_VALIDATION_ERROR',
      ],
      ['POST', '/callback_urls/report/test', undefined, 404, 'CALLBACK_URL_NOT_FOUND_ERROR'],
      [
        'GET',
        '/callback_deliveries/msg_0123456789abcdef0123456789abcdef',
        undefined,
        404,
        'CALLBACK_DELIVERY_NOT_FOUND_ERROR',
      ],
      ['GET', '/callback_deliveries/not-an-id', undefined, 400, 'API_VALIDATION_ERROR'],
      ['GET', '/callback_deliveries?limit=0', undefined, 400, 'API_VALIDATION_ERROR'],
      ['GET', '/callback_deliveries?status=lost', undefined, 400, 'API_VALIDATION_ERROR'],
      ['GET', '/callback_deliveries?created_after=yesterday', undefined, 400, 'API_VALIDATION_ERROR'],
      ['GET', '/callback_deliveries/summary', undefined, 400, 'API_VALIDATION_ERROR'],
      ['POST', '/callback_deliveries/resend_failed', { since: 'never' }, 400, 'API_VALIDATION_ERROR'],
    ];
    for (const [method, path, body, status, code] of cases) {
      const answer = await api(business, method, path, body);
      expect({ path, status: answer.status, code: answer.body?.error_code }).toEqual({ path, status, code });
      expect(typeof answer.body.message).toBe('string');
    }
    const live = await call(gateway.baseUrl, business.live.secret_key, 'POST', '/callback_urls/invoice', {
      body: { url: 'http://example.com/hook' },
    });
    expect(live.status).toBe(400);
    expect(live.body.message).toContain('https');
    const liveHttps = await call(gateway.baseUrl, business.live.secret_key, 'POST', '/callback_urls/invoice', {
      body: { url: 'https://example.com/hook' },
    });
    expect(liveHttps.body).toMatchObject({
      environment: 'LIVE',
      url: 'https://example.com/hook',
      callback_token: business.live.callback_token,
    });
  });

  it('rotates the signing secret: later callbacks verify with the new one only', async () => {
    const business = await provisionBusiness(gateway.app);
    await setUrl(business, 'invoice', receiver.url);
    const old = (await api(business, 'GET', '/callback_urls/invoice')).body.signing_secret;
    const rotated = await api(business, 'POST', '/callback_urls/invoice/signing_secret/rotate');
    expect(rotated.status).toBe(200);
    expect(rotated.body.signing_secret).not.toBe(old);
    await sendTest(business, 'invoice');
    const [callback] = await receiver.waitForCount(1);
    const headers = callback.headers as Record<string, string>;
    expect(() => new Webhook(rotated.body.signing_secret).verify(callback.body, headers)).not.toThrow();
    expect(() => new Webhook(old).verify(callback.body, headers)).toThrow();
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
