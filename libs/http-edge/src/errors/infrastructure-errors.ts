import type { ApiError } from './api-error';
import { edgeError } from './edge-error-codes';

/**
 * Errors of the stores the gateway depends on, recognised by name and code because platform
 * cannot import the libraries that define them (@gateway/event-store depends on platform).
 */

/** Node socket errors: the peer is down, unreachable or went away mid-request. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);

/** PostgreSQL SQLSTATEs meaning "not now": connection exceptions (class 08), shutdowns, too many connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres reports lost or timed-out connections with these messages and no code. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end on the pool',
];

/**
 * PostgreSQL refusing a value it cannot store (the NUL character, an invalid byte sequence): bad input, not a server
 * fault.
 */
const UNSTORABLE_VALUE_SQLSTATES = new Set(['22P05', '22021']);

export function serviceUnavailable(cause?: unknown): ApiError {
  return edgeError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry later', { cause });
}

export function unstorableInput(cause?: unknown): ApiError {
  return edgeError(
    'API_VALIDATION_ERROR',
    'The request contains a value that cannot be stored (such as the NUL character)',
    { cause, errors: [] },
  );
}

/** Answers the store and connection failures below every context; `undefined` for anything else. */
export function translateInfrastructureError(error: unknown): ApiError | undefined {
  for (const link of causeChain(error)) {
    if (link.name === 'EventStoreUnavailableError' || isConnectionFailure(link)) return serviceUnavailable(error);
    if (link.name === 'InvalidEventDataError' || UNSTORABLE_VALUE_SQLSTATES.has(String(link.code)))
      return unstorableInput(error);
  }
  return undefined;
}

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  syscall?: unknown;
  message?: unknown;
}

function isConnectionFailure(error: ErrorLike): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  // A server reached over a Unix socket (the embedded default) removes its socket file when it
  // stops, so connecting while it is down fails with ENOENT rather than ECONNREFUSED.
  if (code === 'ENOENT' && error.syscall === 'connect') return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return PG_CONNECTION_MESSAGES.some((known) => message.startsWith(known));
}

/**
 * The error, its `cause`s and the members of an AggregateError (Node reports a refused dual-stack connect as one),
 * bounded.
 */
function causeChain(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  const pending: unknown[] = [error];
  while (pending.length > 0 && chain.length < 10) {
    const next = pending.shift();
    if (typeof next !== 'object' || next === null) continue;
    chain.push(next);
    if ('cause' in next) pending.push(next.cause);
    if (next instanceof AggregateError) pending.push(...(next.errors as unknown[]));
  }
  return chain;
}
