import { clockMigrations } from '@gateway/clock';
import type { PoolClient } from 'pg';
import {
  countingPool,
  type CountingPool,
  createTestDatabase,
  explainPrepared,
  planNodes,
  rowsReadFrom,
  type TestDatabase,
} from '@gateway/testing';
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
    await explainPrepared(database.pool, claimOf('table.spec'), async (plan, client) => {
      const nodes = planNodes(plan);
      expect(
        nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'scheduled_jobs'),
      ).toEqual([]);
      expect(nodes.map((node) => node['Index Name'])).toContain('scheduled_jobs_due');
      const claimed = await client.query(`SELECT count(*)::int AS n FROM scheduled_jobs WHERE status = 'running'`);
      expect(claimed.rows[0].n).toBe(5);
    });
  });
});

/**
 * Invoice expiries and settlements wait days ahead by the hundred thousand while the worker polls
 * several times a second: a poll must not read them. Before the claim looked candidates up by id,
 * it read every open job and ran the candidate branches again for each (a poll took ~44 ms with
 * 100,000 jobs waiting, 2.5 ms with none).
 */
describe('the claim with a large backlog of future jobs', () => {
  const backlog = 20_000;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase([clockMigrations, schedulerMigrations]);
    // A business whose test clock runs an hour ahead, one whose clock is not advanced, and live jobs.
    await database.pool.query(`INSERT INTO test_clocks (business_id, offset_ms) VALUES ('ahead', 3600000)`);
    await database.pool.query(
      `INSERT INTO scheduled_jobs (job_key, kind, payload, business_id, mode, due_at)
       SELECT 'future-' || g, 'table.spec', 'null', (ARRAY['ahead', 'idle', 'live'])[1 + g % 3],
              CASE WHEN g % 3 = 2 THEN 'live' ELSE 'test' END, now() + interval '1 day' + g * interval '1 second'
         FROM generate_series(1, $1::int) g`,
      [backlog],
    );
    await database.pool.query(
      `INSERT INTO scheduled_jobs (job_key, kind, payload, business_id, mode, due_at) VALUES
         ('due-now', 'table.spec', 'null', 'live', 'live', now() - interval '1 second'),
         ('due-by-clock', 'table.spec', 'null', 'ahead', 'test', now() + interval '30 minutes'),
         ('not-due-idle', 'table.spec', 'null', 'idle', 'test', now() + interval '30 minutes')`,
    );
    await database.pool.query('ANALYZE scheduled_jobs');
  });
  afterAll(() => database.drop());

  it('claims what is due, on real time and on an advanced test clock, reading a few rows only', async () => {
    await explainPrepared(database.pool, claimOf('table.spec'), async (plan, client) => {
      const claimed = await client.query<{ job_key: string }>(
        `SELECT job_key FROM scheduled_jobs WHERE status = 'running' ORDER BY job_key`,
      );
      expect(claimed.rows.map((row) => row.job_key)).toEqual(['due-by-clock', 'due-now']);
      expect(rowsReadFrom(plan, 'scheduled_jobs')).toBeLessThan(100);
    });
  });
});

/**
 * A worker's session plans the claim once (generic plans forced) and keeps that plan until the
 * statistics change: a plan made while the table was nearly empty must stay cheap when a backlog
 * arrives before autovacuum has analysed it. `IN (SELECT id FROM candidates)` did not (it read
 * every open job), `= ANY (ARRAY(...))` leaves the planner no choice but the primary key.
 */
describe('the claim planned on an empty table', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase([clockMigrations, schedulerMigrations]);
  });
  afterAll(() => database.drop());

  it('reads a few rows when 20,000 future jobs arrive after it was planned', async () => {
    const backlog = async (client: PoolClient) => {
      await client.query(
        `INSERT INTO scheduled_jobs (job_key, kind, payload, business_id, mode, due_at)
         SELECT 'future-' || g, 'table.spec', 'null', 'idle', 'test', now() + interval '1 day'
           FROM generate_series(1, 20000) g`,
      );
      await client.query(
        `INSERT INTO scheduled_jobs (job_key, kind, payload, due_at) VALUES ('due-now', 'table.spec', 'null', now())`,
      );
    };
    await explainPrepared(
      database.pool,
      claimOf('table.spec'),
      async (plan, client) => {
        const claimed = await client.query(`SELECT job_key FROM scheduled_jobs WHERE status = 'running'`);
        expect(claimed.rows).toEqual([{ job_key: 'due-now' }]);
        expect(rowsReadFrom(plan, 'scheduled_jobs')).toBeLessThan(100);
      },
      backlog,
    );
  });
});

/** The claim of up to ten jobs of `kind` by worker `w1`, as `explainPrepared` runs it. */
function claimOf(kind: string) {
  return {
    sql: CLAIM_DUE_SQL,
    parameterTypes: ['text[]', 'integer', 'text', 'integer'],
    values: [`ARRAY['${kind}']`, '10', `'w1'`, '60000'],
  };
}
