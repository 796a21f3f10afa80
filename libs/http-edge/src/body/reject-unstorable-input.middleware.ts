import type { NextFunction, Request, Response } from 'express';
import { ApiError, type ValidationIssue } from '../errors/api-error';
import { findUndecodableQuery, rawQueryOf } from './undecodable-query';
import { findUnstorableValue, stringIssue, unstorableStringProblem } from './unstorable-input';

/**
 * Headers whose values the gateway keeps (idempotency records, event metadata, sub-account
 * look-ups). Node's HTTP parser already refuses NUL and other control bytes in headers, and
 * decodes header bytes as Latin-1 (so no surrogate can appear); the check keeps the rule whole if
 * the server ever runs with a lenient parser.
 */
export const STORED_HEADERS = ['x-idempotency-key', 'for-user-id', 'api-version', 'x-api-version'] as const;

/**
 * Refuses (400 API_VALIDATION_ERROR, naming the field) bodies, query strings and stored headers
 * that hold a string PostgreSQL cannot store (NUL, a lone UTF-16 surrogate) or nest too deeply,
 * and query strings whose escapes are not UTF-8 (read raw: the parsed query has already replaced
 * them with U+FFFD), before authentication and before any handler sees them: a handler that wrote
 * a first stream (a reservation) and then failed on the second would leave the first behind. Path parameters and
 * multipart fields are only known after routing: `GatewayValidationPipe` applies the same rule
 * to them.
 */
export function rejectUnstorableInput() {
  return (request: Request, _response: Response, next: NextFunction): void => {
    const issue =
      findUnstorableValue(request.body, 'body') ??
      findUndecodableQuery(rawQueryOf(request.originalUrl || request.url || '')) ??
      findUnstorableValue(request.query, 'query') ??
      findUnstorableHeader(request);
    next(issue ? unstorableInputError(issue) : undefined);
  };
}

export function findUnstorableHeader(request: Pick<Request, 'headers'>): ValidationIssue | undefined {
  for (const name of STORED_HEADERS) {
    const raw = request.headers[name];
    for (const value of Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]) {
      const problem = unstorableStringProblem(value);
      if (problem) return stringIssue([name], 'header', problem);
    }
  }
  return undefined;
}

/** The 400 for an issue found by `findUnstorableValue`; its message names the problem, `errors` the field. */
export function unstorableInputError(issue: ValidationIssue): ApiError {
  return ApiError.validation(summaryOf(issue), [issue]);
}

function summaryOf(issue: ValidationIssue): string {
  if (issue.types.includes('maxDepth')) return `The ${issue.location} is nested too deeply`;
  if (issue.types.includes('noNulCharacter')) return `The ${issue.location} contains the NUL character (\\u0000)`;
  if (issue.types.includes('percentEncodedUtf8')) {
    const what = issue.field.length > 0 ? `The query parameter ${issue.field[0]}` : 'A query parameter name';
    return `${what} has percent-escapes that are not UTF-8`;
  }
  return (
    `The ${issue.location} contains a lone UTF-16 surrogate (not well-formed Unicode) at ` +
    `${issue.field.join('.') || 'the top level'}`
  );
}
