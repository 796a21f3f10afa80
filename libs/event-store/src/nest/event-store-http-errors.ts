import { conflict, defineErrors } from '@gateway/domain';
import { registerErrorTranslator, toApiError } from '@gateway/http-edge';
import { WrongExpectedRevisionError } from '../event-store.errors';

const EventStoreErrors = defineErrors('event-store', {
  /** A command that kept colliding with concurrent writers on one stream: safe to retry. */
  concurrentUpdate: conflict(
    'CONCURRENT_UPDATE_ERROR',
    'The resource was changed by a concurrent request; retry the request',
  ),
});

export const EVENT_STORE_ERROR_CODES = EventStoreErrors.catalogue;

/**
 * A command that kept colliding with concurrent writers on the same stream (after its bounded
 * retries) is safe to retry: say so with 409 rather than an opaque 500.
 */
registerErrorTranslator((error) =>
  error instanceof WrongExpectedRevisionError ? toApiError(EventStoreErrors.concurrentUpdate()) : undefined,
);
