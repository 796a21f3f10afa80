import { clockMigrations } from '@gateway/clock';
import { countingPool, type CountingPool, createTestDatabase, type TestDatabase } from '@gateway/testing';
import { ScheduledJobsTable } from './scheduled-jobs.table';
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
