import { withPooledClient } from '@gateway/database';
import type { Pool } from 'pg';
import type { Projection } from './projection';
import { resetCheckpoint } from './projection-checkpoints';
import { PROJECTION_RESET_CHANNEL } from './projection-resets';

/**
 * Empties a projection's tables and moves its checkpoint back to the start, atomically.
 * Locking the checkpoint row first waits for a batch in flight to commit; the NOTIFY tells
 * the active runner (in whatever process) to restart from the start. Replaying is then the
 * runner's job, or the caller's through `ProjectionRunner.runUntilCaughtUp`.
 */
export async function resetProjection(pool: Pool, projection: Projection): Promise<void> {
  if (projection.rebuildable === false)
    throw new Error(`${projection.name} cannot be rebuilt: replaying it would repeat effects outside the database`);
  await withPooledClient(pool, async (client) => {
    try {
      await client.query('BEGIN');
      await client.query('SELECT 1 FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [projection.name]);
      if (projection.tables.length > 0) {
        await client.query(`TRUNCATE ${projection.tables.map((table) => client.escapeIdentifier(table)).join(', ')}`);
      }
      await resetCheckpoint(client, projection.name);
      await client.query('SELECT pg_notify($1, $2)', [PROJECTION_RESET_CHANNEL, projection.name]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}
