/**
 * The settings every gateway connection starts its session with, as libpq startup `options` (applied
 * when the connection opens: no statement, no round trip).
 *
 * `plan_cache_mode=force_generic_plan`: the statements on the hot paths are named (prepared once per
 * connection) and written so that one plan serves every parameter value (constants such as job
 * statuses are literals, so partial indexes still match). Under PostgreSQL's default (`auto`) a named
 * statement is planned again for each of its first five executions on every connection, and for good
 * whenever its generic plan's estimate is higher than a custom one's, which is the common case for a
 * statement over `unnest($1)` or `json_to_recordset($1)`: planning was then about a third of
 * PostgreSQL's CPU on a disbursement (docs/benchmarks.md, "Seventh cut"). Unnamed statements are
 * planned once per execution with their values whatever this says.
 */
export const GATEWAY_SESSION_OPTIONS = '-c plan_cache_mode=force_generic_plan';
