import type { Pool } from 'pg';

/**
 * Where PostgreSQL's time goes, statement by statement (`pg_stat_statements`), for `charge-cost`'s
 * `CHARGE_COST_STATEMENTS=<n>`: the server must preload the extension (`PRELOAD`), the counts are
 * reset after the warm-up and read after the measured load. Times are wall time inside the server
 * (waits for locks and for a CPU included), so read them as shares, not as CPU.
 */
export const PRELOAD = { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' };

export async function resetStatementStats(pool: Pool): Promise<void> {
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await pool.query('SELECT pg_stat_statements_reset()');
}

/** The `top` statements by total time: calls and ms a request, µs a call, rows a call, and the text's start. */
export async function printStatementStats(pool: Pool, requests: number, top: number): Promise<void> {
  const { rows } = await pool.query<{ calls: string; total: number; rows: string; query: string }>(
    `SELECT calls, total_exec_time AS total, rows, regexp_replace(query, '\\s+', ' ', 'g') AS query
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      ORDER BY total_exec_time DESC LIMIT $1`,
    [top],
  );
  console.log('calls/req  µs/req  µs/call  rows/call  statement');
  for (const row of rows) {
    const calls = Number(row.calls);
    console.log(
      `${(calls / requests).toFixed(2).padStart(9)}  ${((row.total * 1000) / requests).toFixed(0).padStart(6)}  ` +
        `${((row.total * 1000) / Math.max(calls, 1)).toFixed(0).padStart(7)}  ` +
        `${(Number(row.rows) / Math.max(calls, 1)).toFixed(1).padStart(9)}  ${row.query.slice(0, 110)}`,
    );
  }
}
