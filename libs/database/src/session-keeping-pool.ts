import { DatabaseError, Pool, type PoolClient, type QueryConfig, type QueryResult } from 'pg';
import { guardConnection } from './pooled-client';

/**
 * pg's `Pool.query` releases its client as broken after ANY error, so a statement the server
 * refuses (a duplicate event id, a unique violation, a statement timeout) closes a healthy
 * session, and the next query pays for a new one: a backend fork, SCRAM authentication (PBKDF2
 * on both sides) and every prepared statement planned again. Measured on the embedded server:
 * about 30 ms a refused statement against under 1 ms, so a replay that meets a page of events
 * it applied before (each refused as a duplicate) took tens of seconds.
 *
 * This pool keeps the session when the server refused the statement and the session is idle
 * afterwards: the error came as an ErrorResponse (`DatabaseError`, severity ERROR, not FATAL or
 * PANIC, which end the session), and an empty query sent after it shows no transaction left open
 * (a multi-statement text that failed after its own BEGIN leaves one aborted: that session is
 * closed as before). Anything else (a lost connection, an error raised in the client) releases
 * the client as broken, as pg does. Callback and `Submittable` calls are pg's own.
 */
export class SessionKeepingPool extends Pool {}

// Assigned rather than declared as a method so the class keeps pg's overloads (promise, callback,
// Submittable) as its type: the promise form is handled here, the others are pg's own.
SessionKeepingPool.prototype.query = function query(this: Pool, ...args: unknown[]): unknown {
  const [first, second] = args;
  const usesCallback = args.some((arg) => typeof arg === 'function');
  const submittable = typeof (first as { submit?: unknown } | undefined)?.submit === 'function';
  if (usesCallback || submittable) return (Pool.prototype.query as (...rest: unknown[]) => unknown).apply(this, args);
  return queryKeepingSession(this, first as string | QueryConfig, second as unknown[] | undefined);
} as Pool['query'];

async function queryKeepingSession(pool: Pool, text: string | QueryConfig, values?: unknown[]): Promise<QueryResult> {
  const client = await pool.connect();
  // A connection lost meanwhile ('error' on the client) is released as broken whatever follows.
  const guard = guardConnection(client);
  try {
    return await client.query(text as QueryConfig, values);
  } catch (error) {
    if (!(await sessionSurvived(client, error))) guard.fail(error as Error);
    throw error;
  } finally {
    guard.release();
  }
}

/** True when `error` was the server refusing a statement and the session is idle again. */
async function sessionSurvived(client: PoolClient, error: unknown): Promise<boolean> {
  if (!(error instanceof DatabaseError) || error.severity !== 'ERROR') return false;
  try {
    // Queued behind the failed statement's ReadyForQuery: after it, the status is the session's.
    await client.query('');
  } catch {
    return false;
  }
  return client.getTransactionStatus() === 'I';
}
