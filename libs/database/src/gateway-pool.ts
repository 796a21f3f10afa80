import type { Pool } from 'pg';
import { SessionKeepingPool } from './session-keeping-pool';
import { GATEWAY_SESSION_OPTIONS } from './session-options';

export interface GatewayPoolOptions {
  connectionString: string;
  max: number;
  /** pg's `idleTimeoutMillis`: 0 never closes an idle connection; unset, pg's 10 s. */
  idleTimeoutMillis?: number;
}

/**
 * The pool every gateway process queries through, and the tests' pools, built one way: the
 * gateway's session settings, sessions kept after a statement the server refused, and no crash
 * when an idle connection is lost (a database restart, a forced DROP at the end of a test file):
 * the next query opens a new one.
 */
export function createGatewayPool(options: GatewayPoolOptions): Pool {
  const pool = new SessionKeepingPool({ ...options, options: GATEWAY_SESSION_OPTIONS });
  pool.on('error', () => undefined);
  return pool;
}
