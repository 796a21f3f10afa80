import type { ProvisionedBusiness } from '@gateway/accounts';
import { AdvanceTestClockCommand } from '@gateway/accounts';
import { CommandBus } from '@nestjs/cqrs';
import { Webhook } from 'standardwebhooks';
import { GatewayClient } from '../apps/cli/src/http/gateway-client';
import { TRIGGERS } from '../apps/cli/src/triggers/trigger-catalog';
import { eventually, lastValueWithin } from './support/eventually';
import { entryPoint, type Spawned, spawnNode } from './support/spawned-process';
import { startTestApp, type TestApp } from './support/test-app';
import { createDashboardUser, DashboardClient, TEST_PASSWORD } from './support/dashboard-client';
import { call, provisionBusiness } from './support/test-business';
import { type ReceivedCallback, WebhookReceiver } from './support/webhook-receiver';

/*
 * Issue 20, items 3, 4 and 5 (CLI): `listen` forwards a business's test-mode callbacks from the
 * CLI's own machine to a local receiver (no callback URL, no private-target switch on the gateway),
 * signed with a secret that survives restarts; `trigger` makes each callback kind happen; `logs
 * tail` follows the request log. The CLI runs as the built program (dist/), against the real app
 * over HTTP, with a real local receiver.
 */

/** A CLI process whose stdout is read line by line. */
class CliProcess {
  readonly lines: string[] = [];
  readonly spawned: Spawned;

  constructor(args: string[], env: Record<string, string> = {}) {
    this.spawned = spawnNode(entryPoint('cli'), args, { LOG_LEVEL: 'error', ...env });
    let partial = '';
    this.spawned.child.stdout?.on('data', (chunk: Buffer) => {
      const text = partial + chunk.toString();
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      this.lines.push(...parts.filter(Boolean));
    });
  }

  get exited(): Promise<number | null> {
    return this.spawned.exited;
  }

  output(): string {
    return this.spawned.output();
  }

  json(): any[] {
    return this.lines.flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return [];
      }
    });
  }

  async waitForLine(accept: (line: any) => boolean, timeoutMs = 20_000): Promise<any> {
    // On a timeout the CLI's whole output tells more than the last (absent) line: the last value, not a throw.
    const found = await lastValueWithin(
      async () => this.json().find(accept),
      (line) => line !== undefined,
      timeoutMs,
    );
    if (found === undefined)
      throw new Error(`no matching line within ${timeoutMs} ms; output so far:\n${this.output()}`);
    return found;
  }

  async stop(): Promise<void> {
    this.spawned.child.kill('SIGINT');
    await this.spawned.exited;
  }
}

async function runCli(args: string[]): Promise<{ code: number | null; stdout: string; output: string }> {
  const cli = new CliProcess(args);
  const code = await cli.exited;
  return { code, stdout: cli.lines.join('\n'), output: cli.output() };
}

describe('developer tools: listen, trigger, logs tail', () => {
  let gateway: TestApp;
  let business: ProvisionedBusiness;
  let receiver: WebhookReceiver;
  let connection: string[];
  const running: CliProcess[] = [];
  const start = (args: string[]) => {
    const cli = new CliProcess(args);
    running.push(cli);
    return cli;
  };

  beforeAll(async () => {
    // No WEBHOOK_ALLOW_PRIVATE_TARGETS: the gateway never connects to the developer's receiver itself.
    gateway = await startTestApp();
    business = await provisionBusiness(gateway.app);
    receiver = await WebhookReceiver.start();
    connection = ['--api-url', gateway.baseUrl, '--key', business.test.secret_key];
  }, 60_000);
  afterAll(async () => {
    await Promise.all(running.map((cli) => cli.stop()));
    await receiver?.close();
    await gateway?.close();
  });

  const forwardedTo = (path: string) => receiver.received.filter((callback) => callback.path === path);

  it(
    'listen forwards a triggered invoice callback, signed with a secret that is the same after a restart, ' +
      'and prints the local answer',
    async () => {
      const listen = start(['listen', '--forward-to', `${receiver.url}/hook`, '--json', ...connection]);
      const ready = await listen.waitForLine((line) => line.ready === true);
      expect(ready).toEqual({
        ready: true,
        business_id: business.business_id,
        forward_to: `${receiver.url}/hook`,
        signing_secret: expect.stringMatching(/^whsec_/),
      });

      const triggered = await runCli(['trigger', 'invoice.paid', '--json', ...connection]);
      expect([triggered.code, triggered.output]).toEqual([0, expect.any(String)]);
      const { resource_id: invoiceId, callback_type } = JSON.parse(triggered.stdout);
      expect(callback_type).toBe('invoice');

      const forwarded = await eventually(
        async () => forwardedTo('/hook').find((c) => c.json?.id === invoiceId),
        (c) => c !== undefined,
      );
      expect(forwarded?.json).toMatchObject({
        id: invoiceId,
        status: 'PAID',
        user_id: business.business_id,
        amount: 50_000,
      });
      // Verifiable like a real delivery: Standard Webhooks signature over the exact bytes, and the callback token.
      expect(() =>
        new Webhook(ready.signing_secret).verify(forwarded!.body, forwarded!.headers as Record<string, string>),
      ).not.toThrow();
      expect(forwarded!.headers['x-callback-token']).toBe(business.test.callback_token);
      expect(forwarded!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      const line = await listen.waitForLine((l) => l.webhook_id === forwarded!.headers['webhook-id']);
      expect(line).toEqual({
        webhook_id: forwarded!.headers['webhook-id'],
        callback_type: 'invoice',
        event_type: 'InvoicePaid',
        resource_id: invoiceId,
        status: 200,
        latency_ms: expect.any(Number),
      });

      // Nothing was configured and nothing was delivered by the gateway itself.
      expect(
        (await call(gateway.baseUrl, business.test.secret_key, 'GET', '/callback_urls/invoice')).body,
      ).toMatchObject({ url: null });
      expect(
        (await gateway.db.pool.query('SELECT 1 FROM webhook_deliveries WHERE business_id = $1', [business.business_id]))
          .rowCount,
      ).toBe(0);

      // A restart prints the same secret, and the local receiver's answer (here a 500) is shown.
      await listen.stop();
      receiver.respondStatus(500, {}, 'boom');
      const again = start(['listen', '--forward-to', `${receiver.url}/again`, '--json', ...connection]);
      expect((await again.waitForLine((l) => l.ready === true)).signing_secret).toBe(ready.signing_secret);
      expect(JSON.parse((await runCli(['listen', '--print-secret', '--json', ...connection])).stdout)).toEqual({
        signing_secret: ready.signing_secret,
      });
      const expired = JSON.parse((await runCli(['trigger', 'invoice.expired', '--json', ...connection])).stdout);
      const refusedLine = await again.waitForLine((l) => l.resource_id === expired.resource_id);
      expect(refusedLine).toMatchObject({ callback_type: 'invoice', event_type: 'InvoiceExpired', status: 500 });
      receiver.respondStatus(200, { 'content-type': 'application/json' }, '{"ok":true}');
      await again.stop();
    },
    120_000,
  );

  it('every trigger makes its callback kind reach the listener; --events keeps only the kinds asked for', async () => {
    const all = start(['listen', '--forward-to', `${receiver.url}/all`, '--json', ...connection]);
    const onlyPayouts = start([
      'listen',
      '--forward-to',
      `${receiver.url}/payouts`,
      '--events',
      'disbursement,report',
      '--json',
      ...connection,
    ]);
    await Promise.all([all, onlyPayouts].map((cli) => cli.waitForLine((line) => line.ready === true)));

    // In-process through the very catalog the CLI runs (the first test spawned the CLI itself).
    const client = new GatewayClient(gateway.baseUrl, business.test.secret_key);
    const made = [];
    for (const trigger of TRIGGERS)
      made.push({ trigger, result: await trigger.run(client, `e2e-${trigger.name.replace(/[._]/g, '-')}`) });
    // Past the simulated rail's operating window, whatever the hour of the run (docs/ledger.md).
    await gateway.app.get(CommandBus).execute(
      new AdvanceTestClockCommand(business.business_id, 2 * 86_400_000, {
        requestId: 'req_cli_test',
        actor: 'system:test',
      }),
    );

    const about = (callback: ReceivedCallback, resourceId: string) => callback.body.includes(resourceId);
    for (const { trigger, result } of made) {
      const lines = await eventually(
        async () => all.json().filter((line) => line.callback_type === trigger.callbackKind && line.status === 200),
        (found) =>
          found.some(
            (line) =>
              line.resource_id === result.resourceId ||
              forwardedTo('/all').some(
                (c) => c.headers['webhook-id'] === line.webhook_id && about(c, result.resourceId),
              ),
          ),
        30_000,
      );
      const reached = forwardedTo('/all').filter(
        (c) => lines.some((line) => line.webhook_id === c.headers['webhook-id']) && about(c, result.resourceId),
      );
      expect({ trigger: trigger.name, reached: reached.length > 0 }).toEqual({ trigger: trigger.name, reached: true });
    }
    // The second listener polls on its own schedule: wait until it has forwarded every payout-kind trigger's
    // callback, then check that nothing of another kind came through it.
    const payoutTriggers = made.filter(({ trigger }) => ['disbursement', 'report'].includes(trigger.callbackKind));
    expect(payoutTriggers).toHaveLength(3);
    const printedKinds = () =>
      new Set(
        onlyPayouts
          .json()
          .filter((line) => line.webhook_id)
          .map((line) => line.callback_type),
      );
    await eventually(
      async () => ({ forwarded: forwardedTo('/payouts'), kinds: printedKinds() }),
      ({ forwarded, kinds }) =>
        payoutTriggers.every(({ result }) => forwarded.some((c) => about(c, result.resourceId))) &&
        kinds.has('disbursement') &&
        kinds.has('report'),
      30_000,
    );
    const payoutKinds = printedKinds();
    expect([...payoutKinds].sort()).toEqual(['disbursement', 'report']);
  }, 180_000);

  it('listen refuses a live key, a bad --forward-to and unknown kinds; trigger refuses an unknown name', async () => {
    const live = await runCli([
      'listen',
      '--forward-to',
      `${receiver.url}/live`,
      '--api-url',
      gateway.baseUrl,
      '--key',
      business.live.secret_key,
    ]);
    expect([live.code, live.output]).toEqual([1, expect.stringContaining('TEST_MODE_ONLY_ERROR')]);
    const badUrl = await runCli(['listen', '--forward-to', 'localhost:4000', ...connection]);
    expect([badUrl.code, badUrl.output]).toEqual([1, expect.stringContaining('--forward-to must be an http(s) URL')]);
    const badKind = await runCli([
      'listen',
      '--forward-to',
      `${receiver.url}/x`,
      '--events',
      'invoice,nope',
      ...connection,
    ]);
    expect([badKind.code, badKind.output]).toEqual([1, expect.stringContaining('API_VALIDATION_ERROR')]);
    const unknown = await runCli(['trigger', 'invoice.teleported', ...connection]);
    expect([unknown.code, unknown.output]).toEqual([1, expect.stringContaining('No trigger invoice.teleported')]);
    const listed = await runCli(['trigger', '--json']);
    expect(JSON.parse(listed.stdout).map((t: { name: string }) => t.name)).toEqual(TRIGGERS.map((t) => t.name));
    const noKey = await runCli(['logs', 'tail', '--api-url', gateway.baseUrl]);
    expect([noKey.code, noKey.output]).toEqual([1, expect.stringContaining('GATEWAY_SECRET_KEY')]);
  }, 60_000);

  it(
    'the dashboard listens too: its page starts the stream, ' + 'shows what it caught and the same signing secret',
    async () => {
      // A business nobody runs `listen` for: the page's own visit is what starts the stream.
      const shop = await provisionBusiness(gateway.app);
      const developer = await createDashboardUser(gateway.app, shop.business_id, 'developer');
      const viewer = await createDashboardUser(gateway.app, shop.business_id, 'viewer');
      const dashboard = new DashboardClient(gateway.baseUrl);
      expect((await dashboard.signIn(developer.email, TEST_PASSWORD)).status).toBe(303);
      const first = await dashboard.get('/dashboard/listen');
      expect(first.status).toBe(200);
      expect(first.text).toContain('id="listen-empty"');
      const secret = /id="listen-signing-secret">([^<]+)</.exec(first.text)?.[1];
      expect(secret).toMatch(/^whsec_/);

      const client = new GatewayClient(gateway.baseUrl, shop.test.secret_key);
      const code = await TRIGGERS.find((t) => t.name === 'payment_code.paid')!.run(client, 'dashboard-listen');
      const caught = await eventually(
        () => dashboard.get('/dashboard/listen'),
        (page) => page.text.includes(code.resourceId),
      );
      expect(caught.text).toMatch(/<td>ro_fpc_paid<\/td>/);
      expect(
        JSON.parse(
          (
            await runCli([
              'listen',
              '--print-secret',
              '--json',
              '--api-url',
              gateway.baseUrl,
              '--key',
              shop.test.secret_key,
            ])
          ).stdout,
        ).signing_secret,
      ).toBe(secret);

      const looker = new DashboardClient(gateway.baseUrl);
      expect((await looker.signIn(viewer.email, TEST_PASSWORD)).status).toBe(303);
      const viewed = await looker.get('/dashboard/listen');
      expect([viewed.status, viewed.text.includes(secret!), viewed.text.includes(code.resourceId)]).toEqual([
        200,
        false,
        true,
      ]);
      const csrf = DashboardClient.csrfOf(viewed.text);
      expect((await looker.request('POST', '/dashboard/mode', { _csrf: csrf, mode: 'live' })).status).toBe(303);
      const live = await looker.get('/dashboard/listen');
      expect(live.text).toContain('id="listen-live-mode"');
      expect(live.text).not.toContain(code.resourceId);
    },
    60_000,
  );

  it('logs tail prints each new API request once, oldest first, filtered, and never its own polls', async () => {
    const tail = start(['logs', 'tail', '--json', '--interval', '200ms', ...connection]);
    const failures = start(['logs', 'tail', '--json', '--interval', '200ms', '--status-class', '4xx', ...connection]);
    // Each says on stderr when it knows where "now" is: what follows is printed.
    for (const cli of [tail, failures])
      await eventually(async () => cli.output().includes('Tailing the request log'), Boolean);
    const api = (method: string, path: string, body?: unknown) =>
      call(gateway.baseUrl, business.test.secret_key, method, path, { body });
    const sent = [
      await api('GET', '/settings'),
      await api('POST', '/v2/invoices', { external_id: 'tail', amount: 'no' }),
      await api('GET', '/v2/invoices/none-such'),
    ];
    const ids = sent.map((response) => response.headers.get('request-id'));
    const seen = await eventually(
      async () => tail.json().map((line) => line.request_id),
      (found) => ids.every((id) => found.includes(id)),
    );
    expect(seen.filter((id: string) => ids.includes(id))).toEqual(ids);
    expect(tail.json().find((line) => line.request_id === ids[1])).toMatchObject({
      method: 'POST',
      route: '/v2/invoices',
      status: 400,
      error_code: 'API_VALIDATION_ERROR',
    });
    const failed = await eventually(
      async () => failures.json().map((line) => line.request_id),
      (found) => found.includes(ids[2]),
    );
    expect(failed.filter((id: string) => ids.includes(id))).toEqual([ids[1], ids[2]]);
    expect(tail.json().filter((line) => line.route === '/request_logs')).toEqual([]);
  }, 60_000);
});
