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

/** Where a refused value was sent, as the `errors[]` entries of an `API_VALIDATION_ERROR` name it. */
export type InputLocation = 'body' | 'query' | 'path' | 'header';

/**
 * `API_VALIDATION_ERROR` naming the field it is about (`['payment_methods', '2']`), so that every
 * validation error carries `errors[]` like the edge's own validation does (issue 19, item 7).
 * `type` names the rule that failed, as class-validator's constraint names do.
 */
export function invalidField(field: string[], message: string, type = 'invalid', location: InputLocation = 'body'): DomainError {
  return new DomainError('API_VALIDATION_ERROR', message, { errors: [{ field, location, messages: [message], types: [type] }] });
}
