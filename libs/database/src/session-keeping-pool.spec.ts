import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import { DatabaseError, Pool } from 'pg';
import { GATEWAY_SESSION_OPTIONS } from './session-options';
import { SessionKeepingPool } from './session-keeping-pool';

/**
 * One connection in each pool, so "the same session" is the backend's pid before and after. A
 * refused statement must keep it (pg's own pool closes it: the baseline below shows the cost
 * this pool removes), and nothing a refused statement leaves behind may reach the next query.
 */
describe('SessionKeepingPool', () => {
  let database: TestDatabase;
  let pool: SessionKeepingPool;
  const pid = async (on: Pool) => (await on.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;

  beforeAll(async () => {
    database = await createTestDatabase([]);
    await database.pool.query('CREATE TABLE unique_things (id int PRIMARY KEY)');
  });
  afterAll(async () => database.drop());

  beforeEach(() => {
    pool = new SessionKeepingPool({ connectionString: database.url, max: 1, options: GATEWAY_SESSION_OPTIONS });
    pool.on('error', () => undefined);
  });
  afterEach(async () => pool.end());

  it("keeps the session after a statement the server refused (pg's pool closes it)", async () => {
    const before = await pid(pool);
    await pool.query('INSERT INTO unique_things VALUES (1) ON CONFLICT DO NOTHING');
    const refused = await pool.query('INSERT INTO unique_things VALUES (1)').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseError);
    expect((refused as DatabaseError).code).toBe('23505');
    await expect(pool.query({ name: 'division', text: 'SELECT 1 / $1::int AS q', values: [0] })).rejects.toThrow(
      'division by zero',
    );
    expect(await pid(pool)).toBe(before);
    // The same statement prepared on the kept session still runs.
    expect((await pool.query({ name: 'division', text: 'SELECT 1 / $1::int AS q', values: [1] })).rows).toEqual([
      { q: 1 },
    ]);

    const plain = new Pool({ connectionString: database.url, max: 1 });
    try {
      const plainBefore = await pid(plain);
      await plain.query('SELECT 1 / 0').catch(() => undefined);
      expect(await pid(plain)).not.toBe(plainBefore);
    } finally {
      await plain.end();
    }
  });

  it('closes a session a failed text left inside an aborted transaction', async () => {
    const before = await pid(pool);
    await expect(pool.query('BEGIN; SELECT 1 / 0')).rejects.toThrow('division by zero');
    // Kept, the next query would fail with "current transaction is aborted".
    expect(await pid(pool)).not.toBe(before);
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('closes a session the server ended, and the next query runs on a new one', async () => {
    const before = await pid(pool);
    await expect(pool.query('SELECT pg_terminate_backend(pg_backend_pid())')).rejects.toThrow();
    const after = await pid(pool);
    expect(after).not.toBe(before);
  });

  it("leaves pg's callback and submittable forms as they were", async () => {
    const rows = await new Promise<unknown[]>((resolve, reject) =>
      pool.query('SELECT 2 AS two', (error, result) => (error ? reject(error) : resolve(result.rows))),
    );
    expect(rows).toEqual([{ two: 2 }]);
    const refused = await new Promise<unknown>((resolve) => pool.query('SELECT 1 / 0', (error) => resolve(error)));
    expect(refused).toBeInstanceOf(DatabaseError);
  });
});
