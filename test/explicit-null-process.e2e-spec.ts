import type { ProvisionedBusiness } from '@gateway/accounts';
import { eventually } from './support/eventually';
import { killSpawned, type Spawned, startSpawnedGateway } from './support/spawned-process';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';
import { recurringRequest } from './support/recurring';

/**
 * A `null` `interval_count` on a recurring payment that had billed a cycle used to send the decider
 * into an endless loop: the whole process stopped answering (docs/decisions.md, "An explicit null
 * is an absent field"). Checked against a gateway in a process of its own, so that a return of the
 * loop fails this test within its deadlines instead of freezing the test runner with it.
 */
describe('an explicit null on a running gateway process', () => {
  let gateway: TestApp;
  let business: ProvisionedBusiness;
  let spawned: Spawned;
  let baseUrl: string;

  beforeAll(async () => {
    // The in-process app only provisions the business; the spawned process serves and bills. It
    // is started first: its worker projects the provisioning, which the in-process app waits for.
    gateway = await startTestApp({ withWorker: false });
    ({ spawned, baseUrl } = await startSpawnedGateway(gateway.db.url));
    business = await provisionBusiness(gateway.app);
  }, 90_000);
  afterAll(async () => {
    await killSpawned(spawned);
    await gateway?.close();
  });

  /** Every request with a deadline of its own: a frozen process fails the test, it does not hang it. */
  const api = (method: string, path: string, body?: unknown) =>
    call(baseUrl, business.test.secret_key, method, path, { body, signal: AbortSignal.timeout(10_000) });

  it('PATCH /recurring_payments/:id with interval_count null after a billed cycle changes nothing', async () => {
    const created = await api('POST', '/recurring_payments', recurringRequest());
    expect(created.status).toBe(200);
    const { id } = created.body;
    await eventually(
      () => api('GET', `/recurring_payments/${id}`),
      (answer) => answer.body.recurrence_progress >= 1,
    );
    const patched = await api('PATCH', `/recurring_payments/${id}`, { interval_count: null, amount: null });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id, interval_count: 1, amount: 50_000, interval: 'MONTH' });
    const health = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(10_000) });
    expect(health.status).toBe(200);
  }, 60_000);
});
