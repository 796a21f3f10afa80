import { defineErrorCodes } from '@gateway/domain';
import { ApiError, registerErrorTranslator } from '@gateway/http-edge';
import { WrongExpectedRevisionError } from '../event-store.errors';

export const EVENT_STORE_ERROR_CODES = defineErrorCodes('event-store', {
  /** A command that kept colliding with concurrent writers on one stream: safe to retry. */
  CONCURRENT_UPDATE_ERROR: { status: 409 },
});

/**
 * A command that kept colliding with concurrent writers on the same stream (after its bounded
 * retries) is safe to retry: say so with 409 rather than an opaque 500.
 */
registerErrorTranslator((error) =>
  error instanceof WrongExpectedRevisionError
    ? ApiError.of(
        EVENT_STORE_ERROR_CODES.code('CONCURRENT_UPDATE_ERROR'),
        'The resource was changed by a concurrent request; retry the request',
      )
    : undefined,
);
