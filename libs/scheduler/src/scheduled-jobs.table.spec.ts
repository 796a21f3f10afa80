import { clockMigrations } from '@gateway/clock';
import { countingPool, type CountingPool, createTestDatabase, type TestDatabase } from '@gateway/testing';
import { CLAIM_DUE_SQL, ScheduledJobsTable } from './scheduled-jobs.table';
import { schedulerMigrations } from './scheduler.migrations';

describe('ScheduledJobsTable.markDone', () => {
  let database: TestDatabase;
  /** The real pool, counting the statements sent through it. */
  let counting: CountingPool;
  beforeAll(async () => {
    database = await createTestDatabase([clockMigrations, schedulerMigrations]);
    counting = countingPool(database.pool);
  });
  afterAll(() => database.drop());

  /** A job some worker is running, on its `attempt`-th attempt; returns its id. */
  async function running(key: string, workerId: string, attempt: number): Promise<string> {
    const { rows } = await database.pool.query<{ id: string }>(
      `INSERT INTO scheduled_jobs (job_key, kind, payload, due_at, status, locked_by, locked_until, attempts)
       VALUES ($1, 'table.spec', 'null', now(), 'running', $2, now() + interval '1 minute', $3) RETURNING id::text`,
      [key, workerId, attempt],
    );
    return rows[0].id;
  }
  const statusOf = async (id: string) =>
    (await database.pool.query('SELECT status FROM scheduled_jobs WHERE id = $1', [id])).rows[0].status;

  it('marks runs that finish together in one statement, each only when that run still owns its job', async () => {
    const table = new ScheduledJobsTable(counting.pool);
    const owned = await Promise.all(
      Array.from({ length: 10 }, (_, i) => running(`own-${i}`, i % 2 ? 'host:1:worker' : 'w2', 1)),
    );
    const reclaimed = await running('reclaimed', 'w2', 2); // another run took it over: attempt 2
    const otherWorker = await running('other', 'w-other', 1);
    counting.reset();
    const outcomes = await Promise.all([
      ...owned.map((id, i) => table.markDone({ id, attempt: 1, workerId: i % 2 ? 'host:1:worker' : 'w2' })),
      table.markDone({ id: reclaimed, attempt: 1, workerId: 'w2' }),
      table.markDone({ id: otherWorker, attempt: 1, workerId: 'w2' }),
    ]);
    expect(outcomes).toEqual([...owned.map(() => true), false, false]);
    // The first two leave at once, alone (two statements may be in flight); the others queue and leave together.
    expect(counting.statements).toBeLessThanOrEqual(3);
    for (const id of owned) expect(await statusOf(id)).toBe('done');
    expect(await statusOf(reclaimed)).toBe('running');
    expect(await statusOf(otherWorker)).toBe('running');
    // A second completion of a run already done is not the owner's any more.
    expect(await table.markDone({ id: owned[0], attempt: 1, workerId: 'w2' })).toBe(false);
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * The claim is a prepared statement and gateway sessions force one generic plan per statement
 * (GATEWAY_SESSION_OPTIONS). Polled many times a second while finished jobs pile up, it must follow
 * the partial indexes in that plan too, not scan the table: its statuses are literals, not parameters.
 */
describe('the claim under a generic plan', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase([clockMigrations, schedulerMigrations]);
    await database.pool.query(
      `INSERT INTO scheduled_jobs (job_key, kind, payload, due_at, status, completed_at)
       SELECT 'done-' || g, 'table.spec', 'null', now() - interval '1 day', 'done', now()
         FROM generate_series(1, 20000) g`,
    );
    await database.pool.query(
      `INSERT INTO scheduled_jobs (job_key, kind, payload, due_at)
       SELECT 'due-' || g, 'table.spec', 'null', now() - interval '1 second' FROM generate_series(1, 5) g`,
    );
    await database.pool.query('ANALYZE scheduled_jobs');
  });
  afterAll(() => database.drop());

  it('runs in gateway sessions with generic plans forced', async () => {
    const { rows } = await database.pool.query('SHOW plan_cache_mode');
    expect(rows[0].plan_cache_mode).toBe('force_generic_plan');
  });

  it('reaches the due jobs through the partial indexes, never a scan of every job', async () => {
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`PREPARE claim(text[], integer, text, integer) AS ${CLAIM_DUE_SQL}`);
      const { rows } = await client.query(
        `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE claim(ARRAY['table.spec'], 10, 'w1', 60000)`,
      );
      const plan = rows[0]['QUERY PLAN'][0] as { Plan: PlanNode; 'Actual Rows'?: number };
      const nodes = nodesOf(plan.Plan);
      expect(
        nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'scheduled_jobs'),
      ).toEqual([]);
      expect(nodes.map((node) => node['Index Name'])).toContain('scheduled_jobs_due');
      const claimed = await client.query(`SELECT count(*)::int AS n FROM scheduled_jobs WHERE status = 'running'`);
      expect(claimed.rows[0].n).toBe(5);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
