/**
 * The HTTP statuses an error code may declare. A status is plain data here (domain code knows no
 * HTTP); the edge answers a `DomainError` with the status its code declares.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 503 | 504;

declare const declaredBrand: unique symbol;

/**
 * An error code with the status its catalogue declares (`defineErrors`, define-errors.ts). Only
 * a catalogue makes one (the brand), so a `DomainError` cannot carry a code nobody declared.
 */
export type DeclaredErrorCode = {
  readonly code: string;
  readonly status: ErrorStatus;
  /** The catalogue that declares it: named in registry conflicts and in the error-code table. */
  readonly owner: string;
} & { readonly [declaredBrand]: true };

/**
 * A rule of the domain said no. `code` is the spec's `error_code` (e.g. `INVALID_CHARGE_STATUS_ERROR`)
 * and `status` the one its catalogue declares: the HTTP edge answers with both, in one place.
 * Build one with the context's factories (`CardErrors.tokenNotFound()`, `defineErrors`).
 */
export class DomainError extends Error {
  readonly code: string;
  /** The declared status (a relayed code keeps the status it was answered with). */
  readonly status: number;

  constructor(
    readonly declared: DeclaredErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
    this.code = declared.code;
    this.status = declared.status;
  }
}
