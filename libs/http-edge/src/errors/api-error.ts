import { type DeclaredErrorCode, SHARED_ERROR_CODES } from '@gateway/domain';

/** Where a rejected value came from (spec gaps, "Shapes"). */
export type ValidationLocation = 'body' | 'query' | 'path' | 'header';

/** One entry of the `errors` array of an `API_VALIDATION_ERROR` body. */
export interface ValidationIssue {
  /**
   * Path segments to the value, nested objects and array indexes included (`['items', '0', 'name']`); empty for the
   * whole input.
   */
  field: string[];
  location: ValidationLocation;
  messages: string[];
  /** The names of the rules that failed (`isString`, `maxDepth`, ...). */
  types: string[];
}

const VALIDATION_ERROR_CODE = 'API_VALIDATION_ERROR';

/**
 * Every validation error carries `errors[]` (issue 19, item 7): one that names no field (a rule
 * about the request as a whole, or a refusal written without details) gets one entry for the
 * whole input (empty `field`) with its message, so merchant code that reads `errors` always
 * finds it. Refusals about one field name it (`invalidField` in @gateway/domain, the pipe).
 */
function wholeInputIssue(message: string, location: ValidationLocation): ValidationIssue {
  return { field: [], location, messages: [message], types: ['invalid'] };
}

/** The message of every answer to an error we did not foresee: nothing about the internals. */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred; the request id identifies it in our logs';

/** The JSON body of every error response. */
export interface ErrorBody {
  error_code: string;
  message: string;
  errors?: ValidationIssue[];
  /** `fields` of the error (e.g. what identifies a replayed request's result). */
  [field: string]: unknown;
}

export interface ApiErrorOptions {
  /** Response headers that belong to the error (`Retry-After`, rate-limit headers, ...). */
  headers?: Record<string, string>;
  /** Details of an `API_VALIDATION_ERROR`. */
  errors?: ValidationIssue[];
  /**
   * Further fields of the body, after `error_code` and `message` (which they never replace):
   * a reused disbursement key's answer names the original's `id`, `external_id`, `status`.
   */
  fields?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * An error with everything the edge needs to answer it: the spec's `error_code`, the HTTP status
 * and a message safe to show the caller. Any layer may throw one (guards, middleware, controllers):
 * built with `ApiError.of` from a code a catalogue declares; the plain constructor is for answers
 * whose code and status come from elsewhere (a recorded answer replayed, a Nest exception's
 * status). Domain code throws `DomainError` instead, which carries its declared status too.
 */
export class ApiError extends Error {
  readonly headers: Readonly<Record<string, string>>;
  readonly errors?: readonly ValidationIssue[];
  readonly fields?: Readonly<Record<string, unknown>>;

  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.headers = options.headers ?? {};
    this.errors = options.errors;
    this.fields = options.fields;
  }

  /** The error of a declared code, with the status its catalogue gives it. */
  static of(declared: DeclaredErrorCode, message: string, options: ApiErrorOptions = {}): ApiError {
    return new ApiError(declared.code, declared.status, message, options);
  }

  /** `API_VALIDATION_ERROR` (400) with its `errors` details. */
  static validation(message: string, errors: ValidationIssue[]): ApiError {
    return ApiError.of(SHARED_ERROR_CODES.code(VALIDATION_ERROR_CODE), message, { errors });
  }

  /** The same error answered with another status (routes whose spec uses 422 for validation). */
  withStatus(status: number): ApiError {
    return new ApiError(this.code, status, this.message, {
      headers: { ...this.headers },
      errors: this.errors ? [...this.errors] : undefined,
      fields: this.fields ? { ...this.fields } : undefined,
      cause: this.cause,
    });
  }

  /**
   * The response body. `inputLocation`: where the request's input was (the query of a read, the
   * body of a write), for the `errors[]` entry of a validation error that names no field.
   */
  toBody(inputLocation: ValidationLocation = 'body'): ErrorBody {
    const body: ErrorBody = { error_code: this.code, message: this.message };
    if (this.code === VALIDATION_ERROR_CODE && !this.errors?.length)
      body.errors = [wholeInputIssue(this.message, inputLocation)];
    else if (this.errors) body.errors = [...this.errors];
    for (const [field, value] of Object.entries(this.fields ?? {})) if (!(field in body)) body[field] = value;
    return body;
  }
}
