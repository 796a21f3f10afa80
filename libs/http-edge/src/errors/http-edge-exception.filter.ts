import { DomainError } from '@gateway/domain';
import { type ArgumentsHost, Catch, type ExceptionFilter, NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { gatewayState } from '../caller';
import type { JsonLogger } from '../logging/json-logger';
import { routeTemplate, UNMATCHED_ROUTE } from '../route-template';
import type { ApiError } from './api-error';
import { errorStatusFor } from './error-statuses';
import { routeNotFound } from './http-exception-codes';
import { toApiError } from './to-api-error';

/**
 * The one place errors become responses: `{error_code, message}` (+ `errors` for validation) with
 * the spec's status, for errors from handlers, guards, pipes, middleware, body parsing and the
 * unknown-route handler alike. A 5xx is logged with the request id; its body says nothing internal.
 */
@Catch()
export class HttpEdgeExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: JsonLogger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<Request>();
    const response = host.switchToHttp().getResponse<Response>();
    const error = isUnknownRoute(exception, request)
      ? routeNotFound(request.method, request.path)
      : toApiError(exception);
    if (error.status >= 500) this.logServerError(error, exception, request);
    if (exception instanceof DomainError && errorStatusFor(exception.code) === undefined) {
      this.logUndeclared(exception, request);
    }
    if (response.headersSent) {
      // The answer was already under way (a stream failed mid-way): all we can do is end it.
      response.end();
      return;
    }
    response.status(error.status);
    for (const [name, value] of Object.entries(error.headers)) response.setHeader(name, value);
    // A read's input is its query; a write's is its body.
    response.json(error.toBody(READS.has(request.method) ? 'query' : 'body'));
  }

  /**
   * A `DomainError` always carries the status its catalogue declares, so it is answered with that.
   * Its code missing from the registry means its catalogue is missing from the app's list
   * (libs/bootstrap/src/all-error-codes.ts): the OpenAPI document cannot show it, so say so.
   */
  private logUndeclared(exception: DomainError, request: Request): void {
    const where = 'libs/bootstrap/src/all-error-codes.ts';
    const message = `${exception.code} (declared by ${exception.declared.owner}) is in no catalogue of ${where}`;
    const fields = { requestId: gatewayState(request).requestId, errorCode: exception.code };
    this.logger.entry('warn', 'HttpEdge', message, fields);
  }

  /**
   * Only a failure nobody designed (`SERVER_ERROR`) is an error with its stack. A dependency that
   * is down is a warning with its cause. A 5xx the API defines as an outcome (an eWallet payer who
   * has not decided in time: 504) is a warning with its code and message: it is not a bug, and an
   * error line for each would drown the real ones.
   */
  private logServerError(error: ApiError, exception: unknown, request: Request): void {
    const fields = {
      requestId: gatewayState(request).requestId,
      method: request.method,
      route: routeTemplate(request),
      status: error.status,
      errorCode: error.code,
    };
    if (error.code === 'SERVER_ERROR')
      this.logger.entry('error', 'HttpEdge', 'Unexpected error', { ...fields, error: exception });
    else if (error.code === 'SERVICE_UNAVAILABLE')
      this.logger.entry('warn', 'HttpEdge', 'A dependency is unavailable', { ...fields, error: exception });
    else this.logger.entry('warn', 'HttpEdge', `Answered ${error.status} ${error.code}: ${error.message}`, fields);
  }
}

const READS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);

/** Nest's fallback handler raises `NotFoundException('Cannot GET /x')` when no route matched. */
function isUnknownRoute(exception: unknown, request: Request): boolean {
  return (
    exception instanceof NotFoundException &&
    routeTemplate(request) === UNMATCHED_ROUTE &&
    exception.message.startsWith('Cannot ')
  );
}
