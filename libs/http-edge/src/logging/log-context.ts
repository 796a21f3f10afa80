import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import { gatewayState } from '../caller';

/** What every log line written while serving a request carries without being told. */
export interface LogContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<LogContext>();

export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}

export function runWithLogContext<T>(context: LogContext, work: () => T): T {
  return storage.run(context, work);
}

/**
 * Makes the request id reach log lines written deep inside handlers (`new Logger('X').log(...)`).
 * Installed after the body parsers: they resume the middleware chain from socket events, outside
 * any context entered earlier.
 */
export function bindLogContext() {
  return (request: Request, _response: Response, next: NextFunction): void => {
    runWithLogContext({ requestId: gatewayState(request).requestId }, next);
  };
}
