import type { AppConfig } from '@gateway/config';
import type { Pool } from 'pg';

/** Events in the log, for progress bars; unknown on EventStoreDB. */
export async function countEvents(pool: Pool, config: AppConfig): Promise<number | undefined> {
  if (config.EVENT_STORE !== 'postgres') return undefined;
  const { rows } = await pool.query<{ count: string }>('SELECT count(*) AS count FROM es_events');
  return Number(rows[0].count);
}
