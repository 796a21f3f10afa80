import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import type { PoolClient } from 'pg';
import { eventStoreMigrations } from './event-store.migrations';
import { READ_STREAM_BACKWARDS, READ_STREAM_FORWARDS, READ_STREAM_TAILS_JSON } from './read-stream.sql';

const STREAM_LENGTH = 3_000;

interface PlanNode {
  'Node Type': string;
  'Index Cond'?: string;
  'Rows Removed by Filter'?: number;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

/** The plan's index scan on es_events. */
function indexScanOf(node: PlanNode): PlanNode | undefined {
  if (node['Node Type'].startsWith('Index')) return node;
  for (const child of node.Plans ?? []) {
    const found = indexScanOf(child);
    if (found) return found;
  }
  return undefined;
}

/**
 * The stream reads are prepared statements, so PostgreSQL soon runs them with a generic plan (one
 * plan for any parameters). A read of a long stream's tail must be an index probe in that plan too,
 * not a walk of the whole stream filtering revisions.
 */
describe('stream reads under a generic plan', () => {
  let db: TestDatabase;
  let client: PoolClient;
  beforeAll(async () => {
    db = await createTestDatabase([eventStoreMigrations]);
    await db.pool.query(
      `INSERT INTO es_events (tx_id, position, event_id, stream_name, revision, type, data, metadata)
       SELECT pg_current_xact_id(), g, gen_random_uuid(), 'long', g - 1, 'Happened', '{}', '{}'
         FROM generate_series(1, $1::int) g`,
      [STREAM_LENGTH],
    );
    await db.pool.query('ANALYZE es_events');
    client = await db.pool.connect();
    await client.query('SET plan_cache_mode = force_generic_plan');
    await client.query(`PREPARE forwards(text, bigint, bigint) AS ${READ_STREAM_FORWARDS}`);
    await client.query(`PREPARE backwards(text, bigint, bigint) AS ${READ_STREAM_BACKWARDS}`);
    await client.query(`PREPARE tails(text[]) AS ${READ_STREAM_TAILS_JSON}`);
  });
  afterAll(async () => {
    client.release();
    await db.drop();
  });

  const scan = async (execute: string) => {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE ${execute}`);
    return indexScanOf(rows[0]['QUERY PLAN'][0].Plan as PlanNode)!;
  };

  it.each([
    ['the tail from a revision', "forwards('long', 2999, NULL)", 1],
    ['nothing after the last revision', "forwards('long', 3000, NULL)", 0],
    ['the start, a few events', "forwards('long', NULL, 2)", 2],
    ['backwards from the end', "backwards('long', NULL, 1)", 1],
    ['backwards from an early revision', "backwards('long', 4, 10)", 5],
    ['a combined tail (a cached aggregate)', "tails(ARRAY['2998 long'])", 2],
  ])('%s: the revision bounds the index scan, no event is read and thrown away', async (_, execute, found) => {
    const node = await scan(execute);
    expect(node['Index Cond']).toContain('revision');
    expect(node['Rows Removed by Filter'] ?? 0).toBe(0);
    expect(node['Actual Rows']).toBe(found);
  });
});
