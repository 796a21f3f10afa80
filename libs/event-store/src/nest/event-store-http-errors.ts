import { ApiError, registerErrorTranslator } from '@gateway/platform';
import { WrongExpectedRevisionError } from '../event-store.errors';

/**
 * A command that kept colliding with concurrent writers on the same stream (after its bounded
 * retries) is safe to retry: say so with 409 rather than an opaque 500.
 */
registerErrorTranslator((error) =>
  error instanceof WrongExpectedRevisionError
    ? new ApiError('CONCURRENT_UPDATE_ERROR', 409, 'The resource was changed by a concurrent request; retry the request')
    : undefined,
);
