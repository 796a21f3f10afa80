/**
 * A rule of the domain said no. `code` is the spec's `error_code` (e.g. `INVALID_CHARGE_STATUS_ERROR`);
 * the HTTP edge maps codes to statuses in one place.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
