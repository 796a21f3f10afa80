/** Where a rejected value came from (spec gaps, "Shapes"). */
export type ValidationLocation = 'body' | 'query' | 'path' | 'header';

/** One entry of the `errors` array of an `API_VALIDATION_ERROR` body. */
export interface ValidationIssue {
  /** Path segments to the value, nested objects and array indexes included (`['items', '0', 'name']`); empty for the whole input. */
  field: string[];
  location: ValidationLocation;
  messages: string[];
  /** The names of the rules that failed (`isString`, `maxDepth`, ...). */
  types: string[];
}

/** The message of every answer to an error we did not foresee: nothing about the internals. */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred; the request id identifies it in our logs';

/** The JSON body of every error response. */
export interface ErrorBody {
  error_code: string;
  message: string;
  errors?: ValidationIssue[];
}

export interface ApiErrorOptions {
  /** Response headers that belong to the error (`Retry-After`, rate-limit headers, ...). */
  headers?: Record<string, string>;
  /** Details of an `API_VALIDATION_ERROR`. */
  errors?: ValidationIssue[];
  cause?: unknown;
}

/**
 * An error with everything the edge needs to answer it: the spec's `error_code`, the HTTP status
 * and a message safe to show the caller. Any layer may throw one (guards, middleware, controllers);
 * domain code throws `DomainError` instead and the status comes from the error-status registry.
 */
export class ApiError extends Error {
  readonly headers: Readonly<Record<string, string>>;
  readonly errors?: readonly ValidationIssue[];

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
  }

  /** `API_VALIDATION_ERROR` (400) with its `errors` details. */
  static validation(message: string, errors: ValidationIssue[]): ApiError {
    return new ApiError('API_VALIDATION_ERROR', 400, message, { errors });
  }

  /** The same error answered with another status (routes whose spec uses 422 for validation). */
  withStatus(status: number): ApiError {
    return new ApiError(this.code, status, this.message, { headers: { ...this.headers }, errors: this.errors ? [...this.errors] : undefined, cause: this.cause });
  }

  toBody(): ErrorBody {
    return this.errors ? { error_code: this.code, message: this.message, errors: [...this.errors] } : { error_code: this.code, message: this.message };
  }
}
