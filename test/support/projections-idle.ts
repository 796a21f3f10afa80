import type { Pool } from 'pg';
import { eventually } from './eventually';

/** How many projections' checkpoints are short of the end of the log. */
export function projectionsBehind(pool: Pool): Promise<number> {
  return pool
    .query<{ behind: number }>(
      `SELECT count(*)::int AS behind
         FROM projection_checkpoints c,
              (SELECT tx_id::text::numeric AS commit_pos, position FROM es_events ORDER BY tx_id DESC, ` +
        `position DESC LIMIT 1) last
        WHERE (c.commit_pos, c.prepare_pos) < (last.commit_pos, last.position)`,
    )
    .then(({ rows }) => rows[0].behind);
}

/**
 * Waits until every projection's checkpoint is at the end of the log, including the events that
 * projections appended themselves while catching up (the balance process credits each settlement):
 * for a measurement that must not share the machine with a catch-up. Throws, with how many are still
 * behind, when that does not happen within `timeoutMs`.
 */
export async function projectionsIdle(pool: Pool, timeoutMs: number): Promise<void> {
  await eventually(
    () => projectionsBehind(pool),
    (behind) => behind === 0,
    timeoutMs,
  );
}
