import { conflict, defineErrors, notFound, shared } from '@gateway/domain';

export const WebhookErrors = defineErrors('webhooks', {
  callbackUrlNotFound: notFound(
    'CALLBACK_URL_NOT_FOUND_ERROR',
    (kind: string, mode: string) => `No ${kind} callback URL is set for this business in ${mode} mode`,
  ),
  deliveryNotFound: notFound(
    'CALLBACK_DELIVERY_NOT_FOUND_ERROR',
    (id: string) => `Callback delivery ${id} does not exist`,
  ),
  deliveryInFlight: conflict(
    'CALLBACK_DELIVERY_IN_PROGRESS_ERROR',
    (id: string) => `Callback delivery ${id} is being sent right now; try again in a moment`,
  ),
  /** `listen` with a live-mode key. */
  listenTestModeOnly: shared(
    'TEST_MODE_ONLY_ERROR',
    'listen streams test-mode callbacks only: use a test-mode secret key',
  ),
});

export const WEBHOOK_ERROR_CODES = WebhookErrors.catalogue;
