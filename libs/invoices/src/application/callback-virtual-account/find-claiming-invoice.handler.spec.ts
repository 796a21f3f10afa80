import { CombinedLookups } from '@gateway/database';
import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import { invoicesMigrations } from '../../read-models/invoices.migrations';
import { FindInvoiceClaimingVirtualAccountQuery } from './callback-virtual-account.queries';
import { FindInvoiceClaimingVirtualAccountHandler } from './find-claiming-invoice.handler';

const POOL_INVOICES = 3_000;
const FIXED_INVOICES = 1_000;
const NOW = new Date('2026-11-27T00:00:00Z');

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * A payment into a fixed VA asks which PENDING invoice offers it. A merchant may have thousands of
 * pending invoices of its own (POOL numbers): the answer must not test each of them.
 */
describe('FindInvoiceClaimingVirtualAccountHandler', () => {
  let db: TestDatabase;
  let handler: FindInvoiceClaimingVirtualAccountHandler;
  /** The statements the handler's look-ups sent, to count and explain them. */
  const sent: { text: string; values: unknown[] }[] = [];

  /** A pending invoice; with `fixed`, offering that VA: a customer's (fixed_va) or, `own`, the business's. */
  const invoice = async (
    id: string,
    createdAt: string,
    fixed?: { vaId: string; amount: number; expiry: string; own?: boolean },
  ) => {
    const snapshot = fixed
      ? {
          ...(fixed.own ? { callbackVirtualAccountId: fixed.vaId } : { fixedVa: true }),
          expiryDate: fixed.expiry,
          banks: [{ bankCode: 'BNI', callbackVirtualAccountId: fixed.vaId, transferAmount: fixed.amount }],
        }
      : { expiryDate: '2027-01-01T00:00:00Z', banks: [{ bankCode: 'BNI', transferAmount: 50_000 }] };
    await db.pool.query(
      `INSERT INTO invoices (invoice_id, business_id, mode, external_id, status, client_type, created_at, snapshot)
       VALUES ($1, 'biz_1', 'test', $1, 'PENDING', 'API_GATEWAY', $2, $3)`,
      [id, createdAt, JSON.stringify(snapshot)],
    );
  };

  beforeAll(async () => {
    db = await createTestDatabase([invoicesMigrations]);
    await db.pool.query(
      `INSERT INTO invoices (invoice_id, business_id, mode, external_id, status, client_type, created_at, snapshot)
       SELECT 'pool_' || g, 'biz_1', 'test', 'ext', 'PENDING', 'API_GATEWAY', now(),
              '{"expiryDate": "2027-01-01T00:00:00Z", "banks": [{"bankCode": "BNI", "transferAmount": 50000}]}'
         FROM generate_series(1, $1::int) g`,
      [POOL_INVOICES],
    );
    // Other customers' fixed VAs (fixed_va invoices), and invoices with the business's own VA.
    await db.pool.query(
      `INSERT INTO invoices (invoice_id, business_id, mode, external_id, status, client_type, created_at, snapshot)
       SELECT 'fixed_' || g, 'biz_1', 'test', 'ext', 'PENDING', 'API_GATEWAY', now(),
              jsonb_build_object('expiryDate', '2027-01-01T00:00:00Z',
                                 CASE WHEN g % 2 = 0 THEN 'fixedVa' ELSE 'callbackVirtualAccountId' END,
                                 CASE WHEN g % 2 = 0 THEN to_jsonb(true) ELSE to_jsonb('va_x' || g) END,
                                 'banks', jsonb_build_array(jsonb_build_object('bankCode', 'BNI',
                                   'callbackVirtualAccountId', 'va_x' || g, 'transferAmount', 50000)))
         FROM generate_series(1, $1::int) g`,
      [FIXED_INVOICES],
    );
    const open = '2026-12-01T00:00:00Z';
    await invoice('inv_expired', '2026-11-01T00:00:00Z', {
      vaId: 'va_1',
      amount: 50_000,
      expiry: '2026-11-26T00:00:00Z',
    });
    await invoice('inv_first', '2026-11-02T00:00:00Z', { vaId: 'va_1', amount: 50_000, expiry: open });
    await invoice('inv_second', '2026-11-03T00:00:00Z', { vaId: 'va_1', amount: 50_000, expiry: open });
    // The business's own VA (callback_virtual_account_id) marks the invoice itself, not only its bank.
    await invoice('inv_other_amount', '2026-11-01T00:00:00Z', {
      vaId: 'va_2',
      amount: 70_000,
      expiry: open,
      own: true,
    });
    await db.pool.query('ANALYZE invoices');
    const recording = new Proxy(db.pool, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver);
        return (config: { text: string; values: unknown[] }) => {
          sent.push(config);
          return target.query(config);
        };
      },
    });
    handler = new FindInvoiceClaimingVirtualAccountHandler(new CombinedLookups(recording));
  });
  afterAll(() => db.drop());

  const claimant = (vaId: string, amount: number, businessId = 'biz_1') =>
    handler.execute(new FindInvoiceClaimingVirtualAccountQuery(businessId, 'test', vaId, amount, NOW));

  it('answers the oldest pending, unexpired invoice offering the VA for that amount', async () => {
    expect(await claimant('va_1', 50_000)).toBe('inv_first');
    expect(await claimant('va_2', 70_000)).toBe('inv_other_amount');
    expect(await claimant('va_2', 50_000)).toBeUndefined();
    expect(await claimant('va_3', 50_000)).toBeUndefined();
    expect(await claimant('va_1', 50_000, 'biz_2')).toBeUndefined();
  });

  it('answers questions asked together in one statement, each its own', async () => {
    sent.length = 0;
    const answers = await Promise.all([
      claimant('va_1', 50_000),
      claimant('va_2', 70_000),
      claimant('va_2', 50_000),
      claimant('va_1', 50_000, 'biz_2'),
      claimant('va_1', 50_000),
    ]);
    expect(answers).toEqual(['inv_first', 'inv_other_amount', undefined, undefined, 'inv_first']);
    expect(sent).toHaveLength(1);
    // One key a question; the same question asked twice at once is asked once.
    expect(sent[0].values).toEqual([expect.any(Array)]);
    expect(sent[0].values[0]).toHaveLength(4);
  });

  it("probes the merchant's invoices of that VA, not every pending invoice, in its one generic plan", async () => {
    sent.length = 0;
    await Promise.all([claimant('va_1', 50_000), claimant('va_2', 70_000)]);
    const [statement] = sent;
    // As the gateway runs it: a prepared statement, planned once for any values (generic plans forced).
    const client = await db.pool.connect();
    const plan = await (async () => {
      try {
        await client.query(`PREPARE claiming(text[]) AS ${statement.text}`);
        const keys = (statement.values[0] as string[]).map((key) => client.escapeLiteral(key)).join(', ');
        const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE claiming(ARRAY[${keys}]::text[])`);
        return rows[0]['QUERY PLAN'][0].Plan as PlanNode & { 'Actual Rows': number };
      } finally {
        await client.query('DEALLOCATE claiming');
        client.release();
      }
    })();
    const nodes = nodesOf(plan);
    expect(nodes.map((node) => node['Index Name'])).toContain('invoices_pending_fixed_va');
    // At most the VAs' own invoices are read and set aside (the expired one), never the others.
    for (const node of nodes) expect(node['Rows Removed by Filter'] ?? 0).toBeLessThan(10);
  });
});
