/**
 * The business clock of a row in SQL, as BusinessClock computes it: real time, plus the
 * business's test_clocks offset when the row is a test-mode one. `row` is the alias of a table
 * with `business_id` and `mode` columns. Offsets are never negative, so anything due by real
 * time is due on every business clock.
 */
export function businessNowSql(row: string): string {
  return `(now() + coalesce(
  (SELECT c.offset_ms FROM test_clocks c WHERE ${row}.mode = 'test' AND c.business_id = ${row}.business_id), 0
) * interval '1 millisecond')`;
}
