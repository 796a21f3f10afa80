import type { NextFunction, Request, Response } from 'express';
import { gatewayState } from '../caller';
import { clientRequestId } from '../request-id/request-id.middleware';
import { routeTemplate } from '../route-template';
import type { JsonLogger } from './json-logger';

/** nginx's convention for "the client went away before the answer was sent". */
const CLIENT_CLOSED_REQUEST = 499;

/**
 * One `info` line per request once it is answered: method, route template (never the URL, which
 * may carry ids and card numbers), status, duration, request id and, when authenticated, the
 * business and key. Headers and bodies are never logged.
 */
export function writeAccessLog(logger: JsonLogger) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!logger.isEnabled('log')) return next();
    const started = process.hrtime.bigint();
    response.once('close', () => {
      const state = gatewayState(request);
      const status = response.writableFinished ? response.statusCode : CLIENT_CLOSED_REQUEST;
      const route = routeTemplate(request);
      logger.entry('log', 'HttpAccess', `${request.method} ${route} ${status}`, {
        requestId: state.requestId,
        method: request.method,
        route,
        status,
        durationMs: Math.round(Number(process.hrtime.bigint() - started) / 10_000) / 100,
        businessId: state.caller?.businessId,
        keyId: state.caller?.key.keyId,
        mode: state.caller?.mode,
        clientRequestId: clientRequestId(request),
      });
    });
    next();
  };
}
