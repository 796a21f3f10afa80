import type { PoolClient } from 'pg';
import type { BenchDatabase, BenchPostgres } from '../core/bench-postgres';
import type { Operation } from '../core/timed-workers';

export const MAX_BASELINE_CONNECTIONS = 16;

const baselineTable = {
  component: 'bench-baseline',
  migrations: [
    {
      version: 1,
      name: 'insert target',
      sql: 'CREATE TABLE bench_baseline (id bigserial PRIMARY KEY, payload text NOT NULL)',
    },
  ],
};

/**
 * The raw operations the baseline is made of, on their own database and connections. It stays
 * open for the whole run so a scenario can measure a reference right next to its own numbers.
 * Each worker owns a connection (no pool) and statements are prepared: nothing but the server,
 * the driver and the loopback is measured.
 */
export class BaselineProbe {
  private constructor(
    private readonly database: BenchDatabase,
    private readonly clients: PoolClient[],
  ) {}

  static async open(postgres: BenchPostgres): Promise<BaselineProbe> {
    const database = await postgres.createDatabase([baselineTable], MAX_BASELINE_CONNECTIONS);
    const clients: PoolClient[] = [];
    for (let i = 0; i < MAX_BASELINE_CONNECTIONS; i++) clients.push(await database.pool.connect());
    return new BaselineProbe(database, clients);
  }

  /** SELECT 1 on one connection: the round-trip ceiling. */
  selectOne(): Operation[] {
    const client = this.clients[0];
    return [
      async () => {
        await client.query({ name: 'bench_select_1', text: 'SELECT 1' });
      },
    ];
  }

  /** Single-row autocommit inserts, one loop per connection: the commit ceiling (each waits for its WAL flush). */
  inserts(connections: number): Operation[] {
    if (connections > MAX_BASELINE_CONNECTIONS)
      throw new Error(`at most ${MAX_BASELINE_CONNECTIONS} baseline connections`);
    const payload = 'x'.repeat(200);
    return this.clients.slice(0, connections).map((client) => async () => {
      await client.query({
        name: 'bench_insert',
        text: 'INSERT INTO bench_baseline (payload) VALUES ($1)',
        values: [payload],
      });
    });
  }

  async close(): Promise<void> {
    for (const client of this.clients) client.release();
    await this.database.drop();
  }
}
