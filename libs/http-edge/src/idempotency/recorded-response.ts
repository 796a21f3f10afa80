import { HttpStatus } from '@nestjs/common';
import type { Response } from 'express';
import { toApiError } from '../errors/to-api-error';

/** What is stored for a finished keyed request and sent again on replay. */
export interface RecordedResponse {
  status: number;
  /** Only headers that describe the body, never per-request ones (Request-ID, rate limits). */
  headers: Record<string, string>;
  /** The JSON text of what the handler returned (or of the error body). */
  body: string;
}

/**
 * Headers the handler may set that belong to the result itself. Everything else (Request-ID,
 * Rate-Limit-*, Date) describes the request being answered and must be fresh on a replay.
 */
const RECORDED_HEADERS = ['content-type', 'content-language', 'location'] as const;

/** The handler's value as it is about to be sent: the status Nest already put on the response. */
export function recordSuccess(response: Response, value: unknown): RecordedResponse {
  const headers: Record<string, string> = {};
  for (const name of RECORDED_HEADERS) {
    const header = response.getHeader(name);
    if (header !== undefined) headers[name] = String(header);
  }
  // What res.json() will send; `undefined` (no body) is stored as null, which Nest also sends as empty.
  return { status: response.statusCode, headers, body: JSON.stringify(value) ?? 'null' };
}

/**
 * The status, body and headers the exception filter (HttpEdgeExceptionFilter) will send for a
 * thrown error, computed with the same toApiError because the interceptor must store them
 * before the filter runs: ApiError as thrown, DomainError with its registered status, Nest
 * HttpExceptions as the filter maps them, store failures as 503, anything else as a 500 (never
 * stored, see isIndeterminate).
 */
export function recordError(error: unknown): RecordedResponse {
  const apiError = toApiError(error);
  return { status: apiError.status, headers: { ...apiError.headers }, body: JSON.stringify(apiError.toBody()) };
}

/**
 * Results a retry with the same key must execute again rather than see replayed: a 5xx is
 * indeterminate (spec item 5), and 408/429 say "try again later", which a replay would
 * contradict forever. Every other result is stored, 4xx included (spec item 3).
 */
export function isIndeterminate(status: number): boolean {
  return status >= 500 || TRY_AGAIN_LATER.has(status);
}

const TRY_AGAIN_LATER: ReadonlySet<number> = new Set([HttpStatus.REQUEST_TIMEOUT, HttpStatus.TOO_MANY_REQUESTS]);
