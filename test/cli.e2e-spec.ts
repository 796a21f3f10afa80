import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { basicAuth } from './support/test-business';
import { entryPoint, freePort, spawnNode, waitForStatus } from './support/spawned-process';

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

describe('the CLI', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gateway-cli-'));
  });
  afterEach(async () => rm(dataDir, { recursive: true, force: true }));

  it('works when nothing runs: creates a business, lists and revokes keys, reads and changes settings', async () => {
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'error' };
    const created = await runCli(['businesses', 'create', '--name', 'Toko CLI', '--platform', '--json'], env);
    expect(created.code).toBe(0);
    const business = JSON.parse(created.stdout.trim());
    expect(business).toMatchObject({
      business_id: expect.stringMatching(/^biz_/),
      is_platform: true,
      test: {
        secret_key: expect.stringMatching(/^xnd_development_/),
        public_key: expect.stringMatching(/^xnd_public_development_/),
        callback_token: expect.any(String),
      },
      live: {
        secret_key: expect.stringMatching(/^xnd_production_/),
        public_key: expect.stringMatching(/^xnd_public_production_/),
        callback_token: expect.any(String),
      },
    });

    const sub = await runCli(
      ['businesses', 'create', '--name', 'Cabang', '--parent', business.business_id, '--json'],
      env,
    );
    expect(JSON.parse(sub.stdout.trim()).parent_business_id).toBe(business.business_id);

    const key = JSON.parse(
      (
        await runCli(
          [
            'keys',
            'create',
            '--business',
            business.business_id,
            '--mode',
            'test',
            '--permissions',
            'money_in:read',
            '--json',
          ],
          env,
        )
      ).stdout,
    );
    expect(key.permissions).toEqual(['money_in:read']);
    const listed = JSON.parse(
      (await runCli(['keys', 'list', '--business', business.business_id, '--mode', 'test', '--json'], env)).stdout,
    );
    expect(listed.map((k: { key_id: string }) => k.key_id)).toContain(key.key_id);
    expect(JSON.stringify(listed)).not.toContain(key.key);
    expect((await runCli(['keys', 'revoke', key.key_id, '--business', business.business_id, '--json'], env)).code).toBe(
      0,
    );

    const set = await runCli(
      [
        'settings',
        'set',
        '{"fraud_detection":true,"retail_payment_code_prefix":"TKCL"}',
        '--business',
        business.business_id,
        '--mode',
        'live',
        '--json',
      ],
      env,
    );
    expect(JSON.parse(set.stdout)).toMatchObject({ fraud_detection: true, retail_payment_code_prefix: 'TKCL' });
    const got = JSON.parse(
      (await runCli(['settings', 'get', '--business', business.business_id, '--mode', 'live', '--json'], env)).stdout,
    );
    expect(got).toMatchObject({ fraud_detection: true, callback_token: business.live.callback_token });

    const bad = await runCli(
      ['settings', 'set', '{"retail_payment_code_prefix":"no!"}', '--business', business.business_id, '--mode', 'live'],
      env,
    );
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('API_VALIDATION_ERROR');

    const url = 'https://merchant.example/callbacks/invoice';
    const setUrl = await runCli(
      ['callbacks', 'set-url', 'invoice', url, '--business', business.business_id, '--mode', 'live', '--json'],
      env,
    );
    expect(JSON.parse(setUrl.stdout)).toEqual({ callback_type: 'invoice', url, mode: 'live' });
    const endpoints = JSON.parse(
      (await runCli(['callbacks', 'list', '--business', business.business_id, '--mode', 'live', '--json'], env)).stdout,
    );
    expect(endpoints).toContainEqual({
      callback_type: 'invoice',
      url,
      disabled: false,
      signing_secret: expect.stringMatching(/^whsec_/),
    });
    const plain = await runCli(
      [
        'callbacks',
        'set-url',
        'invoice',
        'http://merchant.example/',
        '--business',
        business.business_id,
        '--mode',
        'live',
      ],
      env,
    );
    expect(plain.code).toBe(1);
    expect(plain.output).toContain('https');
    const deliveries = JSON.parse(
      (await runCli(['callbacks', 'deliveries', '--business', business.business_id, '--mode', 'live', '--json'], env))
        .stdout,
    );
    expect(deliveries).toEqual({ data: [], has_more: false });

    // With no worker running, every read model can be rebuilt in one pass; the result verifies.
    const rebuilt = await runCli(['projections', 'rebuild', '--all', '--page-size', '7', '--json'], env);
    expect([rebuilt.code, rebuilt.output]).toEqual([0, expect.anything()]);
    const summary = JSON.parse(rebuilt.stdout);
    expect(summary.projections).toEqual(expect.arrayContaining([expect.stringMatching(/^accounts/), 'ledger.journal']));
    expect(summary.events).toBeGreaterThan(10);
    const verified = await runCli(['projections', 'verify', '--json'], env);
    expect([verified.code, JSON.parse(verified.stdout).clean]).toEqual([0, true]);
    const keysAfter = JSON.parse(
      (await runCli(['keys', 'list', '--business', business.business_id, '--mode', 'test', '--json'], env)).stdout,
    );
    expect(keysAfter).toEqual(listed.map((k: { key_id: string }) => expect.objectContaining({ key_id: k.key_id })));
    expect((await runCli(['projections', 'rebuild'], env)).output).toContain('Name a projection, or pass --all');
  }, 120_000);

  it('shares the embedded server of a running gateway, whose demo business works at once', async () => {
    const port = await freePort();
    const gateway = spawnNode(entryPoint('api'), ['--with-worker'], { DATA_DIR: dataDir, PORT: String(port) });
    try {
      await waitForStatus(`http://127.0.0.1:${port}/ready`, 200, 60_000);
      const demoKey = /test secret key:\s+(\S+)/.exec(gateway.output())?.[1];
      expect(demoKey).toMatch(/^xnd_development_/);
      expect(gateway.output()).toContain(`curl -u ${demoKey}: http://localhost:${port}/settings`);
      const demo = await fetch(`http://127.0.0.1:${port}/settings`, {
        headers: { authorization: basicAuth(demoKey!) },
      });
      expect(demo.status).toBe(200);
      // The demo business's dashboard sign-in, printed once on a fresh database.
      expect(gateway.output()).toMatch(
        new RegExp(`Dashboard: http://localhost:${port}/dashboard\\s+email \\S+@\\S+\\s+password \\S{8,}`),
      );

      const created = await runCli(['businesses', 'create', '--name', 'While running', '--json'], {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
      });
      expect(created.code).toBe(0);
      const business = JSON.parse(created.stdout.trim());
      const response = await fetch(`http://127.0.0.1:${port}/settings`, {
        headers: { authorization: basicAuth(business.test.secret_key) },
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { business_id: string }).business_id).toBe(business.business_id);
      // the CLI did not stop the gateway's server
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
      // The one-pass rebuild needs every projection's lease: it refuses while the worker runs.
      const refused = await runCli(['projections', 'rebuild', '--all'], { DATA_DIR: dataDir, LOG_LEVEL: 'error' });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('held by a running worker');

      const admin = await runCli(
        ['dashboard', 'users', 'create', '--business', business.business_id, '--email', 'owner@example.com', '--json'],
        { DATA_DIR: dataDir, LOG_LEVEL: 'error' },
      );
      expect(admin.code).toBe(0);
      expect(admin.stdout).toContain('owner@example.com');
      const users = await runCli(['dashboard', 'users', 'list', '--business', business.business_id, '--json'], {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
      });
      expect(users.stdout).toContain('owner@example.com');
      expect(users.stdout).not.toMatch(/scrypt|password_hash/i);
    } finally {
      gateway.child.kill('SIGTERM');
      await gateway.exited;
    }
  }, 120_000);
});
