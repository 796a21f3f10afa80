import { AdvanceTestClockCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Clock } from '@gateway/clock';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { eventually } from './support/eventually';
import { holdLogReaders } from './support/log-readers-held';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

const V2 = { 'api-version': '2020-10-31' };
const DAY = 86_400_000;
const context = { requestId: 'req_audit_test', actor: 'system:test' };

const individual = () => ({
  reference_id: `audit-${randomUUID()}`,
  type: 'INDIVIDUAL',
  individual_detail: { given_names: 'Siti', surname: 'Rahma' },
  email: 'siti@example.com',
  identity_accounts: [
    {
      type: 'BANK_ACCOUNT',
      company: 'BCA',
      country: 'ID',
      properties: { account_number: '1234567890', account_holder_name: 'Siti Rahma' },
    },
  ],
  description: 'first',
});

describe('audit: event history, time travel, isolation', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  let other: ProvisionedBusiness;
  let auditor: string;
  let liveAuditor: string;
  let otherAuditor: string;
  const api = (key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(gateway.baseUrl, key, method, path, { body, headers });
  const events = (query: string, key = auditor) => api(key, 'GET', `/events?${query}`);
  const createKey = async (owner: string, permissions: string[]) =>
    (await api(owner, 'POST', '/api_keys', { name: `auditor ${randomUUID()}`, permissions })).body.key as string;

  // A customer through two updates, with the request ids that caused each event.
  let customerId: string;
  const requestIds: string[] = [];
  const times: number[] = [];

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
    other = await provisionBusiness(gateway.app);
    auditor = await createKey(merchant.test.secret_key, ['audit:read']);
    liveAuditor = await createKey(merchant.live.secret_key, ['audit:read']);
    otherAuditor = await createKey(other.test.secret_key, ['audit:read']);

    const created = await api(merchant.test.secret_key, 'POST', '/customers', individual(), V2);
    if (created.status !== 200) throw new Error(JSON.stringify(created.body));
    customerId = created.body.id;
    requestIds.push(created.headers.get('request-id')!);
    for (const description of ['second', 'third']) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      times.push(Date.now());
      await new Promise((resolve) => setTimeout(resolve, 20));
      const updated = await api(merchant.test.secret_key, 'PATCH', `/customers/${customerId}`, { description }, V2);
      expect(updated.status).toBe(200);
      requestIds.push(updated.headers.get('request-id')!);
    }
  });
  afterAll(async () => gateway?.close());

  it(
    'lists a resource’s events in order, each with actor, ' + 'request id, API version, time and chain hash',
    async () => {
      const response = await events(`resource=customer&id=${customerId}`);
      expect(response.status).toBe(200);
      expect(response.body.has_more).toBe(false);
      expect(response.body.next_cursor).toBeNull();
      const list = response.body.data;
      expect(list.map((e: any) => e.revision)).toEqual([0, 1, 2]);
      expect(list[0].type).toBe('CustomerCreated');
      expect(list.map((e: any) => e.request_id)).toEqual(requestIds);
      for (const event of list) {
        expect(event).toMatchObject({
          stream: `customer-${customerId}`,
          business_id: merchant.business_id,
          mode: 'test',
          actor: expect.stringMatching(/.+/),
          api_version: '2020-10-31',
          occurred_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          recorded_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          chain_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
          position: { commit: expect.stringMatching(/^\d+$/), prepare: expect.stringMatching(/^\d+$/) },
        });
      }
    },
  );

  it('pages a resource with limit and next_cursor', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page += 1) {
      const response = await events(`resource=customer&id=${customerId}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.status).toBe(200);
      seen.push(...response.body.data.map((e: any) => e.revision));
      cursor = response.body.next_cursor;
      expect(response.body.has_more).toBe(cursor !== null);
      if (!cursor) break;
    }
    expect(seen).toEqual([0, 1, 2]);
  });

  it('time travel: the state as of each revision and as of a time, folded by the write-side decider', async () => {
    const at = async (asOf: string) =>
      api(auditor, 'GET', `/events/state?resource=customer&id=${customerId}&as_of=${encodeURIComponent(asOf)}`);
    const descriptions = [];
    for (const revision of ['0', '1', '2']) {
      const response = await at(revision);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        resource: 'customer',
        id: customerId,
        revision: Number(revision),
        events_applied: Number(revision) + 1,
      });
      descriptions.push(response.body.state.profile.description);
    }
    expect(descriptions).toEqual(['first', 'second', 'third']);
    const between = await at(new Date(times[1]).toISOString());
    expect(between.body).toMatchObject({ revision: 1, state: { profile: { description: 'second' } } });
    expect((await at(new Date(times[0]).toISOString())).body.revision).toBe(0);
    expect((await at('2000-01-01T00:00:00Z')).status).toBe(404);
    expect((await at('3')).body.error_code).toBe('DATA_NOT_FOUND');
  });

  it('a disbursement through completion: history, every event its creating request caused, and as_of', async () => {
    const owner = merchant.test.secret_key;
    // Outside every operating window first, so the disbursement is PENDING until the clock moves.
    const now = await gateway.app.get(Clock).now({ businessId: merchant.business_id, mode: 'test' });
    const jakarta = now.getTime() + 7 * 3_600_000;
    let target = Math.floor(jakarta / DAY) * DAY + 23 * 3_600_000;
    if (target <= jakarta) target += DAY;
    await gateway.app
      .get(CommandBus)
      .execute(new AdvanceTestClockCommand(merchant.business_id, target - jakarta, context));
    expect((await api(owner, 'POST', '/balance/top_up', { amount: 5_000_000 })).status).toBeLessThan(300);
    const created = await api(owner, 'POST', '/disbursements', {
      external_id: `audit-${randomUUID()}`,
      bank_code: 'BNI',
      account_holder_name: 'Budi Santoso',
      account_number: '1234-567-890',
      description: 'Supplier',
      amount: 150_000,
    });
    expect(created.status).toBe(200);
    const id = created.body.id;
    await gateway.app.get(CommandBus).execute(new AdvanceTestClockCommand(merchant.business_id, 4 * DAY, context));
    await eventually(
      () => api(owner, 'GET', `/disbursements/${id}`),
      (r) => r.body.status === 'COMPLETED',
    );

    const history = await eventually(
      () => events(`resource=disbursement&id=${id}`),
      (r) => r.body.data.length === 2,
    );
    expect(history.body.data.map((e: any) => e.type)).toEqual(['DisbursementCreated', 'DisbursementCompleted']);
    expect(history.body.data[1].actor).toMatch(/^system:/);

    const byRequest = await events(`correlation_id=${created.headers.get('request-id')}`);
    expect(byRequest.status).toBe(200);
    const streams = new Set(byRequest.body.data.map((e: any) => e.stream));
    expect(streams.has(`disbursement-${id}`)).toBe(true);
    expect([...streams].some((s) => String(s).startsWith('balance-'))).toBe(true);

    const pending = await api(auditor, 'GET', `/events/state?resource=disbursement&id=${id}&as_of=0`);
    expect(pending.body.state).toMatchObject({ status: 'PENDING' });
    const completed = await api(auditor, 'GET', `/events/state?resource=disbursement&id=${id}&as_of=1`);
    expect(completed.body.state).toMatchObject({ status: 'COMPLETED' });
    const balance = await api(
      auditor,
      'GET',
      `/events/state?resource=balance&id=IDR&as_of=${encodeURIComponent(new Date(Date.now() + DAY).toISOString())}`,
    );
    expect(balance.status).toBe(200);
  });

  it('lists every event of one request across streams, paged in log order', async () => {
    const response = await events(`correlation_id=${requestIds[0]}&limit=1`);
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1);
    const all = await events(`correlation_id=${requestIds[0]}`);
    expect(all.body.data.every((e: any) => e.request_id === requestIds[0])).toBe(true);
    expect(all.body.data.map((e: any) => e.stream)).toContain(`customer-${customerId}`);
  });

  it('lists the business’s events over a time range, paged without gaps or repeats', async () => {
    const everything = await events('limit=1000');
    expect(everything.status).toBe(200);
    const ids = everything.body.data.map((e: any) => e.id);
    expect(ids.length).toBeGreaterThan(3);
    expect(everything.body.data.every((e: any) => e.business_id === merchant.business_id && e.mode === 'test')).toBe(
      true,
    );

    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await events(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.status).toBe(200);
      paged.push(...response.body.data.map((e: any) => e.id));
      cursor = response.body.next_cursor;
    } while (cursor);
    expect(paged).toEqual(ids);

    const window = await events(
      `from=${encodeURIComponent(new Date(times[0]).toISOString())}&to=` +
        `${encodeURIComponent(new Date(times[1]).toISOString())}`,
    );
    expect(window.status).toBe(200);
    expect(window.body.data.map((e: any) => e.request_id)).toEqual([requestIds[1]]);
    expect((await events('to=2000-01-01T00:00:00Z')).body.data).toEqual([]);
  });

  it('isolation: another business, or the other mode, sees none of it', async () => {
    for (const key of [otherAuditor, liveAuditor]) {
      const resource = await events(`resource=customer&id=${customerId}`, key);
      expect(resource.status).toBe(404);
      expect(resource.body.error_code).toBe('DATA_NOT_FOUND');
      expect((await api(key, 'GET', `/events/state?resource=customer&id=${customerId}&as_of=0`)).status).toBe(404);
      const byRequest = await events(`correlation_id=${requestIds[0]}`, key);
      expect(byRequest.body.data).toEqual([]);
      const business = await events('limit=1000', key);
      expect(business.body.data.some((e: any) => e.business_id === merchant.business_id && e.mode === 'test')).toBe(
        false,
      );
    }
  });

  it('needs audit:read and a key', async () => {
    const plain = await createKey(merchant.test.secret_key, ['customers:read']);
    expect((await events(`resource=customer&id=${customerId}`, plain)).status).toBe(403);
    expect((await api(plain, 'GET', `/events/state?resource=customer&id=${customerId}&as_of=0`)).status).toBe(403);
    expect((await call(gateway.baseUrl, undefined, 'GET', '/events')).status).toBe(401);
  });

  it.each([
    ['resource=charges_xx&id=1', 'unknown resource'],
    ['resource=customer', 'resource without id'],
    ['id=abc', 'id without resource'],
    ['resource=customer&id=1&correlation_id=x', 'two filters'],
    ['correlation_id=x&from=2024-01-01T00:00:00Z', 'request and range'],
    ['from=2024-02-01T00:00:00Z&to=2024-01-01T00:00:00Z', 'from after to'],
    ['from=yesterday', 'not a time'],
    ['from=-271821-04-20T00:00:00Z', 'a year out of range'],
    ['limit=0', 'limit too small'],
    ['limit=5000', 'limit too large'],
    ['limit=abc', 'limit not a number'],
    ['cursor=zzz', 'not a cursor'],
    ['resource=customer&id=x&cursor=p12', 'a cursor of another listing'],
    ['cursor=t99999999999999999999_1', 'a cursor out of range'],
    [`id=${'x'.repeat(300)}&resource=customer`, 'id too long'],
    ['resource=customer&resource=file&id=1', 'resource twice'],
    ['resource=Customer!&id=1', 'malformed resource'],
  ])('GET /events?%s → 400 (%s)', async (query) => {
    const response = await events(query);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error_code: 'API_VALIDATION_ERROR', message: expect.any(String) });
  });

  it.each([
    ['resource=customer&id=x', 'no as_of'],
    ['resource=customer&as_of=0', 'no id'],
    ['id=x&as_of=0', 'no resource'],
    ['resource=customer&id=x&as_of=soon', 'as_of neither revision nor time'],
    ['resource=customer&id=x&as_of=-1', 'negative revision'],
    ['resource=customer&id=x&as_of=99999999999999999999', 'revision out of range'],
    ['resource=nope&id=x&as_of=0', 'unknown resource'],
  ])('GET /events/state?%s → 400 (%s)', async (query) => {
    const response = await api(auditor, 'GET', `/events/state?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error_code: 'API_VALIDATION_ERROR', message: expect.any(String) });
  });

  it('/metrics exposes the gauges the operations guide alerts on', async () => {
    const response = await fetch(`${gateway.baseUrl}/metrics`);
    const text = await response.text();
    expect(text).toMatch(/^projection_lag_events\{projection="customers\.customers"\} \d+$/m);
    expect(text).toMatch(/^projection_failing\{projection="customers\.customers"\} 0$/m);
    expect(text).toMatch(/^scheduler_jobs\{status="overdue"\} \d+$/m);
    expect(text).toMatch(/^scheduler_jobs\{status="pending"\} [1-9]\d*$/m);
    expect(text).toContain('# TYPE webhook_deliveries gauge');
    expect(text).toMatch(/^webhook_alerts 0$/m);
    expect(text).toMatch(/^audit_last_anchor_age_seconds -?\d/m);
    expect(text).toMatch(/^event_store_held_back_seconds \d/m);
  });

  it('/metrics shows how long a running transaction has held committed events back from the readers', async () => {
    const heldBack = async () => {
      const text = await (await fetch(`${gateway.baseUrl}/metrics`)).text();
      return Number(/^event_store_held_back_seconds (\S+)$/m.exec(text)?.[1]);
    };
    // A writing transaction that began before the next append and stays open.
    const held = await holdLogReaders(gateway.db.pool);
    try {
      const metadata = {
        businessId: merchant.business_id,
        mode: 'test' as const,
        correlationId: 'req_held_back',
        actor: 'system:test',
        occurredAt: new Date().toISOString(),
      };
      await gateway.app
        .get<EventStore>(EVENT_STORE)
        .append(`held-${randomUUID()}`, [{ id: randomUUID(), type: 'HeldBack', data: {}, metadata }], 'no_stream');
      expect(await eventually(heldBack, (seconds) => seconds >= 1, 10_000)).toBeGreaterThanOrEqual(1);
    } finally {
      await held.release();
    }
    expect(await eventually(heldBack, (seconds) => seconds === 0)).toBe(0);
  });

  it('an unknown id is 404', async () => {
    expect((await events(`resource=customer&id=${randomUUID()}`)).status).toBe(404);
    expect((await events('resource=balance&id=XYZ')).status).toBe(404);
  });
});
