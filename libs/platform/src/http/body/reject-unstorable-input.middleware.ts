import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../errors/api-error';
import { findUnstorableValue } from './unstorable-input';

/**
 * Refuses (400 API_VALIDATION_ERROR) bodies and query strings that hold the NUL character or nest
 * too deeply, before any handler sees them; the event store would refuse NUL later anyway, after
 * work was done.
 */
export function rejectUnstorableInput() {
  return (request: Request, _response: Response, next: NextFunction): void => {
    const issue = findUnstorableValue(request.body, 'body') ?? findUnstorableValue(request.query, 'query');
    if (!issue) return next();
    next(ApiError.validation(issue.types.includes('maxDepth') ? `The ${issue.location} is nested too deeply` : `The ${issue.location} contains the NUL character (\\u0000)`, [issue]));
  };
}
