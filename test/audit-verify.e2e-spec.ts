import { AdvanceTestClockCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { AnchorWriter, AuditTrailVerifier } from '@gateway/audit';
import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import { discoverProjections, verifyProjection } from '@gateway/projections';
import { CommandBus } from '@nestjs/cqrs';
import { DiscoveryService } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { eventually } from './support/eventually';
import { entryPoint, spawnNode } from './support/spawned-process';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

const V2 = { 'api-version': '2020-10-31' };
const DAY = 86_400_000;
const context = { requestId: 'req_audit_verify', actor: 'system:test' };

async function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; output: string }> {
  const cli = spawnNode(entryPoint('cli'), args, env);
  let stdout = '';
  cli.child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const code = await cli.exited;
  return { code, stdout, output: cli.output() };
}

/**
 * A realistic mixed workload (businesses, keys, settings, customers and their updates, files,
 * top-ups, disbursements that complete and fail, a clock advance), then the operator's checks:
 * every projection rebuilt into a scratch schema equals the live one, and the audit trail
 * verifies, until someone edits the log directly in the database.
 */
describe('tamper evidence and projections verify', () => {
  let gateway: TestApp;
  let merchants: ProvisionedBusiness[];
  let customerId: string;
  const api = (key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(gateway.baseUrl, key, method, path, { body, headers });
  const verify = () => gateway.app.get(AuditTrailVerifier).verify();
  const sql = (text: string, values: unknown[] = []) => gateway.db.pool.query(text, values);

  beforeAll(async () => {
    gateway = await startTestApp();
    merchants = [await provisionBusiness(gateway.app), await provisionBusiness(gateway.app)];
    for (const merchant of merchants) {
      const key = merchant.test.secret_key;
      expect((await api(key, 'PATCH', '/settings', { fraud_detection: true })).status).toBeLessThan(300);
      await api(key, 'POST', '/api_keys', { name: 'auditor', permissions: ['audit:read'] });
      const created = await api(
        key,
        'POST',
        '/customers',
        {
          reference_id: `mix-${randomUUID()}`,
          type: 'INDIVIDUAL',
          individual_detail: { given_names: 'Budi' },
          email: 'budi@example.com',
          identity_accounts: [
            {
              type: 'BANK_ACCOUNT',
              company: 'BCA',
              country: 'ID',
              properties: { account_number: '1234567890', account_holder_name: 'Budi' },
            },
          ],
        },
        V2,
      );
      expect(created.status).toBe(200);
      customerId = created.body.id;
      await api(key, 'PATCH', `/customers/${customerId}`, { description: 'updated once' }, V2);
      await api(key, 'PATCH', `/customers/${customerId}`, { description: 'updated twice' }, V2);
      expect((await api(key, 'POST', '/balance/top_up', { amount: 10_000_000 })).status).toBeLessThan(300);
      const payout = (account: string, amount: number) =>
        api(key, 'POST', '/disbursements', {
          external_id: `mix-${randomUUID()}`,
          bank_code: 'BCA',
          account_holder_name: 'Budi',
          account_number: account,
          description: 'mix',
          amount,
        });
      const ids = [(await payout('1234567890', 100_000)).body.id, (await payout('1234567890', 250_000)).body.id];
      await gateway.app.get(CommandBus).execute(new AdvanceTestClockCommand(merchant.business_id, 4 * DAY, context));
      for (const id of ids)
        await eventually(
          () => api(key, 'GET', `/disbursements/${id}`),
          (r) => r.body.status !== 'PENDING',
        );
    }
  });
  afterAll(async () => gateway?.close());

  it('projections verify: every projection rebuilt into a scratch schema equals the live tables', async () => {
    const store = gateway.app.get<EventStore>(EVENT_STORE);
    const projections = discoverProjections(gateway.app.get(DiscoveryService));
    expect(projections.length).toBeGreaterThan(4);
    for (const projection of projections) {
      const result = await verifyProjection(gateway.db.pool, store, projection);
      expect({
        name: result.name,
        clean: result.clean,
        tables: result.tables.filter((t) => t.onlyLive + t.onlyReplayed > 0),
      }).toEqual({
        name: projection.name,
        clean: true,
        tables: [],
      });
      if (!result.skipped) expect(result.events).toBeGreaterThan(0);
    }
    // Nothing leaked into the live schema: no scratch schema left behind.
    const { rows } = await sql(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'verify_%'`);
    expect(rows).toEqual([]);
  });

  it('the CLI: projections verify, streams replay, events show and tail', async () => {
    const env = { DATABASE_URL: gateway.db.url, LOG_LEVEL: 'error' };
    const verified = await runCli(['projections', 'verify', '--json'], env);
    expect([verified.code, JSON.parse(verified.stdout).clean]).toEqual([0, true]);

    const stream = `customer-${customerId}`;
    const replay = await runCli(['streams', 'replay', stream, '--json'], env);
    expect(replay.code).toBe(0);
    const replayed = JSON.parse(replay.stdout);
    expect(replayed.resource).toBe('customer');
    expect(replayed.steps.map((step: any) => step.state.profile.description ?? null)).toEqual([
      null,
      'updated once',
      'updated twice',
    ]);

    const shown = await runCli(['events', 'show', stream, '1', '--json'], env);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      stream,
      revision: '1',
      metadata: { chainHash: expect.any(String) },
    });
    const byId = await runCli(['events', 'show', JSON.parse(shown.stdout).id, '--json'], env);
    expect(JSON.parse(byId.stdout).id).toBe(JSON.parse(shown.stdout).id);
    expect((await runCli(['events', 'show', 'not-an-id'], env)).code).toBe(1);

    const tail = await runCli(['events', 'tail', '-n', '3', '--json'], env);
    expect(tail.code).toBe(0);
    expect(tail.stdout.trim().split('\n')).toHaveLength(3);
  });

  it('projections verify finds a live row that the log does not explain', async () => {
    const store = gateway.app.get<EventStore>(EVENT_STORE);
    const projection = discoverProjections(gateway.app.get(DiscoveryService)).find((p) =>
      p.name.startsWith('customers'),
    )!;
    const { reference_id: original } = (
      await sql('SELECT reference_id FROM customers WHERE customer_id = $1', [customerId])
    ).rows[0];
    await sql(`UPDATE customers SET reference_id = 'edited-by-hand' WHERE customer_id = $1`, [customerId]);
    const result = await verifyProjection(gateway.db.pool, store, projection);
    expect(result.clean).toBe(false);
    expect(result.tables[0]).toMatchObject({ table: 'customers', onlyLive: 1, onlyReplayed: 1 });
    await sql('UPDATE customers SET reference_id = $2 WHERE customer_id = $1', [customerId, original]);
    expect((await verifyProjection(gateway.db.pool, store, projection)).clean).toBe(true);
  });

  it(
    'audit verify: clean chains and anchors, ' + 'then names the first broken link of an event altered in the database',
    async () => {
      // Seals what no anchor covers yet. The periodic anchor job may have sealed some or all of it
      // already (a run crossing a 15-minute boundary): then this one is smaller, or none at all.
      await gateway.app.get(AnchorWriter).writeAnchor();
      const anchors = Number((await sql('SELECT count(*) FROM audit_anchors')).rows[0].count);
      expect(anchors).toBeGreaterThanOrEqual(1);
      const clean = await verify();
      expect(clean).toMatchObject({ ok: true, brokenLinks: 0, anchorsChecked: anchors, brokenAnchors: [] });
      expect(clean.events).toBeGreaterThan(20);

      const stream = `customer-${customerId}`;
      const original = (await sql(`SELECT data FROM es_events WHERE stream_name = $1 AND revision = 1`, [stream]))
        .rows[0].data;
      await sql(
        `UPDATE es_events SET data = jsonb_set(data, '{changes,description}', ` +
          `'"forged"') WHERE stream_name = $1 AND revision = 1`,
        [stream],
      );
      const tampered = await verify();
      expect(tampered.ok).toBe(false);
      expect(tampered.brokenLinks).toBe(1);
      expect(tampered.firstBrokenLink).toMatchObject({
        stream,
        revision: '1',
        reason: expect.stringContaining('does not match'),
      });
      // Anchors seal the chain hashes, which this edit left alone: the stream chain is what catches it.
      expect(tampered.brokenAnchors).toEqual([]);

      // The CLI says the same and exits 1.
      const cli = await runCli(['audit', 'verify', '--json'], { DATABASE_URL: gateway.db.url, LOG_LEVEL: 'error' });
      expect(cli.code).toBe(1);
      expect(JSON.parse(cli.stdout).firstBrokenLink).toMatchObject({ stream, revision: '1' });

      await sql(`UPDATE es_events SET data = $2 WHERE stream_name = $1 AND revision = 1`, [stream, original]);
      expect((await verify()).ok).toBe(true);
    },
  );

  it(
    'an attacker who also recomputes the stream chain is caught by the anchor; ' +
      'a deleted event by its missing revision',
    async () => {
      const stream = `customer-${customerId}`;
      const before = (
        await sql(`SELECT revision, data, metadata FROM es_events WHERE stream_name = $1 ORDER BY revision`, [stream])
      ).rows;
      // Rewrite revision 1 and re-seal every later link of the stream, as es_append_batch would have.
      await sql(
        `UPDATE es_events SET data = jsonb_set(data, '{changes,description}', ` +
          `'"forged"') WHERE stream_name = $1 AND revision = 1`,
        [stream],
      );
      for (let revision = 1; revision < before.length; revision += 1) {
        await sql(
          `UPDATE es_events e SET metadata = (e.metadata - 'chainHash') || jsonb_build_object('chainHash',
           es_chain_hash(p.metadata->>'chainHash', e.event_id, e.stream_name, e.revision, e.type, e.data, e.metadata))
           FROM es_events p WHERE p.stream_name = e.stream_name AND p.revision = e.revision - 1 AND e.stream_name = ` +
            `$1 AND e.revision = $2`,
          [stream, revision],
        );
      }
      const resealed = await verify();
      expect(resealed.brokenLinks).toBe(0);
      expect(resealed.ok).toBe(false);
      // The anchor that sealed revision 1 (the first whose range reaches its position) is the one broken.
      const sealing = await sql(
        `SELECT a.anchor_id FROM audit_anchors a, es_events e
        WHERE e.stream_name = $1 AND e.revision = 1 AND (a.last_commit, a.last_prepare) >= (e.tx_id::text::numeric, ` +
          `e.position)
        ORDER BY a.anchor_id LIMIT 1`,
        [stream],
      );
      expect(resealed.brokenAnchors).toEqual([
        { anchorId: sealing.rows[0].anchor_id, reason: 'the events in its range no longer give its digest' },
      ]);
      for (const row of before) {
        await sql(`UPDATE es_events SET data = $3, metadata = $4 WHERE stream_name = $1 AND revision = $2`, [
          stream,
          row.revision,
          row.data,
          row.metadata,
        ]);
      }
      expect(await verify()).toMatchObject({ ok: true });

      await sql(`DELETE FROM es_events WHERE stream_name = $1 AND revision = 1`, [stream]);
      const deleted = await verify();
      expect(deleted.ok).toBe(false);
      expect(deleted.links.map((link) => [link.stream, link.revision])).toContainEqual([stream, '1']);
    },
  );
});
