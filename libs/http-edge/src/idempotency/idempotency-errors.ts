import { ApiError } from '../errors/api-error';
import { edgeError } from '../errors/edge-error-codes';
import { errorStatusFor } from '../errors/error-statuses';

export const IDEMPOTENCY_KEY_MISMATCH_ERROR = 'IDEMPOTENCY_KEY_MISMATCH_ERROR' as const;
export const IDEMPOTENCY_KEY_IN_PROGRESS_ERROR = 'IDEMPOTENCY_KEY_IN_PROGRESS_ERROR' as const;

/** 400 API_VALIDATION_ERROR naming the header, in the validation error shape of design §7. */
export function invalidIdempotencyKey(header: string, problem: string): ApiError {
  const message = `The ${header} header ${problem}`;
  return ApiError.validation(message, [
    { field: [header], location: 'header', messages: [message], types: ['idempotencyKey'] },
  ]);
}

/** Spec item 4: the same key with different parameters "did not match the original". */
export function idempotencyKeyMismatch(): ApiError {
  return edgeError(
    IDEMPOTENCY_KEY_MISMATCH_ERROR,
    'This request does not match the original request sent with the same idempotency key. Send the same parameters ' +
      'to retry, or use a new key for a new request.',
  );
}

export function idempotencyKeyInProgress(): ApiError {
  return edgeError(
    IDEMPOTENCY_KEY_IN_PROGRESS_ERROR,
    'A request with this idempotency key is still being processed. Retry later with the same key and parameters.',
  );
}

/**
 * For routes whose spec names its own code for a reused key, e.g. DUPLICATE_TRANSACTION_ERROR,
 * answered with the status its catalogue declares (the OpenAPI document refuses an undeclared one).
 * `original`: what identifies the first request's result (its id, external_id, status), as
 * fields of the body next to `error_code` and `message` (issue 19, item 14); `firstStillInFlight`:
 * the first request has not finished, so there is nothing to identify yet (the message says so).
 */
export function idempotencyKeyAlreadyUsed(
  errorCode: string,
  original?: Record<string, unknown>,
  firstStillInFlight = false,
): ApiError {
  const message = original
    ? 'This idempotency key was already used: this answer identifies what the first request made. Use a new key for ' +
      'a new request.'
    : firstStillInFlight
      ? 'This idempotency key was already used by a request still being processed. Look it up by its external_id, ' +
        'and use a new key for a new request.'
      : 'This idempotency key was already used. Use a new key for a new request.';
  return new ApiError(errorCode, errorStatusFor(errorCode) ?? 400, message, { fields: original });
}

/**
 * The key was used by a request of the other mode (test or live): keys are unique across both
 * (spec), so it is a reuse with other parameters, answered without the other mode's result.
 */
export function idempotencyKeyUsedInOtherMode(): ApiError {
  return edgeError(
    IDEMPOTENCY_KEY_MISMATCH_ERROR,
    'This idempotency key was already used by a request in the other mode (test or live): keys are unique across ' +
      'both. Use a new key.',
  );
}
