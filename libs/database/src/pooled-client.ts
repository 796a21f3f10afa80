import type { Pool, PoolClient } from 'pg';

/**
 * Checks a client out of the pool for `work`, listening for 'error' while it is held: pg emits a
 * connection lost between two queries (a database restart, say) as an 'error' event, which
 * without a listener crashes the process. The client is released as broken (closed, not reused)
 * when anything failed, as `pool.query` does.
 */
export async function withPooledClient<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const guard = guardConnection(client);
  try {
    return await work(client);
  } catch (error) {
    guard.fail(error as Error);
    throw error;
  } finally {
    guard.release();
  }
}

/** The same guard for code that cannot hand its work over as one callback (async generators). */
export function guardConnection(client: PoolClient): { fail(error: Error): void; release(): void } {
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken ??= error;
  };
  client.on('error', onError);
  return {
    fail: (error) => {
      broken ??= error;
    },
    release: () => {
      client.off('error', onError);
      client.release(broken);
    },
  };
}
