import type { Pool } from 'pg';
import { type QuotaGrant, type QuotaRequest, QuotaStore } from './quota-store';

/*
 * One statement, one round trip per reservation. It reads the previous window's final count,
 * computes what the sliding window allows right now (`currentWindowAllowance` in
 * sliding-window.ts, same formula), and adds the grant to the current window's row with
 * INSERT ... ON CONFLICT DO UPDATE. The UPDATE branch works on the row's latest committed
 * version under its row lock, so concurrent reservations from any number of processes
 * serialise on that row and can never together exceed the allowance.
 */
const RESERVE_SQL =
  `
  WITH allowance AS (
    SELECT GREATEST(0, FLOOR($4::float8 - previous.reserved * $5::float8))::integer AS total,
           previous.reserved AS previous_reserved
      FROM (SELECT COALESCE(
              (SELECT reserved FROM rate_limit_counters WHERE key = $1 AND window_start = $2::bigint - $3::bigint), 0
            ) AS reserved) AS previous
  )
  INSERT INTO rate_limit_counters AS counter (key, window_start, reserved, last_grant)
  SELECT $1, $2::bigint, LEAST($6::integer, total), LEAST($6::integer, total) FROM allowance
  ON CONFLICT (key, window_start) DO UPDATE
     SET reserved   = counter.reserved + LEAST($6::integer, GREATEST(0, ` +
  `(SELECT total FROM allowance) - counter.reserved)),
         last_grant = LEAST($6::integer, GREATEST(0, (SELECT total FROM allowance) - counter.reserved))
  RETURNING reserved, last_grant, (SELECT previous_reserved FROM allowance) AS previous_reserved`;

export class PostgresQuotaStore extends QuotaStore {
  constructor(private readonly pool: Pool) {
    super();
  }

  async reserve(request: QuotaRequest): Promise<QuotaGrant> {
    const { key, windowStart, windowMs, limit, previousWeight, wanted } = request;
    const { rows } = await this.pool.query<{ reserved: number; last_grant: number; previous_reserved: number }>({
      name: 'rate_limit_reserve',
      text: RESERVE_SQL,
      values: [key, windowStart, windowMs, limit, previousWeight, wanted],
    });
    const row = rows[0];
    return { granted: row.last_grant, currentReserved: row.reserved, previousReserved: row.previous_reserved };
  }

  async deleteWindowsBefore(windowStart: number): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM rate_limit_counters WHERE window_start < $1::bigint', [
      windowStart,
    ]);
    return rowCount ?? 0;
  }
}
