import type { NextFunction, Request, Response } from 'express';
import { routeTemplate } from '../route-template';
import type { HttpMetrics } from '@gateway/metrics';

/** Counts and times every request when its answer is done (or abandoned: status 499). */
export function recordHttpMetrics(metrics: HttpMetrics) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    response.once('close', () => {
      const status = response.writableFinished ? response.statusCode : 499;
      metrics.observe(request.method, routeTemplate(request), status, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
