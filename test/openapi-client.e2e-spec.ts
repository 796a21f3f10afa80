import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

const run = promisify(execFile);
const ROOT = join(__dirname, '..');
const NODE_MODULES = join(ROOT, 'node_modules');

/** What a merchant writes with the generated types: create an invoice, read it back. */
const CREATE_INVOICE =
  `
import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

type Invoice = components['schemas']['Invoice'];

const client = createClient<paths>({
  baseUrl: process.env.GATEWAY_URL,
  headers: { authorization: \`Basic \${Buffer.from(\`\${process.env.SECRET_KEY}:\`).toString('base64')}\` },
});

async function main(): Promise<void> {
  const created = await client.POST('/v2/invoices', {
    params: { header: { 'x-idempotency-key': 'generated-client-1' } },
    body: { external_id: 'generated-client-1', payer_email: 'payer@example.com', ` +
  `description: 'Made by the generated client', amount: 50000 },
  });
  if (!created.data) throw new Error(\`create failed: \${created.response.status} \${JSON.stringify(created.error)}\`);
  const invoice: Invoice = created.data;
  const status: 'PENDING' | 'PAID' | 'SETTLED' | 'EXPIRED' = invoice.status;
  const read = await client.GET('/v2/invoices/{id}', { params: { path: { id: invoice.id } } });
  const missing = await client.GET('/v2/invoices/{id}', { params: { path: { id: 'no-such-invoice' } } });
  const errorCode: string | undefined = missing.error?.error_code;
  process.stdout.write(JSON.stringify({ id: invoice.id, status, amount: invoice.amount, readBack: read.data?.id, ` +
  `errorCode }));
}

main().catch((error: unknown) => {
  process.stderr.write(String(error));
  process.exit(1);
});
`;

/** The same call with a wrong type: the generated types must refuse it. */
const WRONG_TYPE =
  `
import createClient from 'openapi-fetch';
import type { paths } from './schema';

const client = createClient<paths>({ baseUrl: 'http://localhost' });
void client.POST('/v2/invoices', { body: { external_id: 'x', payer_email: 'a@b.co', description: 'd', ` +
  `amount: '50000' } });
`;

/**
 * A client generated from the served document by a maintained generator (openapi-typescript for
 * the types, openapi-fetch for the calls) compiles under `strict` and creates an invoice against
 * the running gateway (issue 20).
 */
describe('a client generated from the OpenAPI document', () => {
  let gateway: TestApp;
  let secretKey: string;
  // Outside the repository, as a merchant's project would be (and out of the project's own type check).
  const WORK = mkdtempSync(join(tmpdir(), 'gateway-openapi-client-'));

  beforeAll(async () => {
    gateway = await startTestApp();
    secretKey = (await provisionBusiness(gateway.app)).test.secret_key;
    writeFileSync(join(WORK, 'openapi.json'), await (await fetch(`${gateway.baseUrl}/docs/openapi.json`)).text());
    await run(
      process.execPath,
      [
        join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js'),
        join(WORK, 'openapi.json'),
        '--output',
        join(WORK, 'schema.d.ts'),
      ],
      { cwd: ROOT },
    );
    writeFileSync(join(WORK, 'create-invoice.ts'), CREATE_INVOICE);
    writeFileSync(join(WORK, 'wrong-type.ts'), WRONG_TYPE);
  }, 120_000);

  afterAll(async () => {
    rmSync(WORK, { recursive: true, force: true });
    await gateway?.close();
  });

  it('generates types for every operation and schema', () => {
    const types = readFileSync(join(WORK, 'schema.d.ts'), 'utf8');
    expect(types).toContain('"/v2/invoices": {');
    expect(types).toContain('createInvoice: {');
    expect(types).toMatch(/Invoice: \{/);
    expect(types).toMatch(/webhooks/);
  });

  it('compiles with strict type checking, and refuses a call with a wrong field type', () => {
    expect(typeCheck(join(WORK, 'create-invoice.ts'))).toEqual([]);
    expect(typeCheck(join(WORK, 'wrong-type.ts')).join('\n')).toMatch(
      /Type 'string' is not assignable to type 'number'/,
    );
  });

  it('creates an invoice against the running gateway and reads it back', async () => {
    const compiled = ts.transpileModule(CREATE_INVOICE, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    }).outputText;
    writeFileSync(join(WORK, 'create-invoice.cjs'), compiled);
    const { stdout } = await run(process.execPath, [join(WORK, 'create-invoice.cjs')], {
      cwd: WORK,
      env: { ...process.env, NODE_PATH: NODE_MODULES, GATEWAY_URL: gateway.baseUrl, SECRET_KEY: secretKey },
    });
    const result = JSON.parse(stdout) as {
      id: string;
      status: string;
      amount: number;
      readBack: string;
      errorCode: string;
    };
    expect(result).toMatchObject({
      status: 'PENDING',
      amount: 50000,
      readBack: result.id,
      errorCode: 'INVOICE_NOT_FOUND_ERROR',
    });
    const stored = await call(gateway.baseUrl, secretKey, 'GET', `/v2/invoices/${result.id}`);
    expect(stored.body).toMatchObject({
      id: result.id,
      external_id: 'generated-client-1',
      description: 'Made by the generated client',
    });
  });
});

function typeCheck(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: ['node'],
    typeRoots: [join(NODE_MODULES, '@types')],
    // The merchant's project would have openapi-fetch in its own node_modules.
    paths: { 'openapi-fetch': [join(NODE_MODULES, 'openapi-fetch')] },
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}
