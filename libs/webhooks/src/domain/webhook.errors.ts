import { defineErrorCodes } from '@gateway/domain';

export const WEBHOOK_ERROR_CODES = defineErrorCodes('webhooks', {
  CALLBACK_URL_NOT_FOUND_ERROR: { status: 404 },
  CALLBACK_DELIVERY_NOT_FOUND_ERROR: { status: 404 },
  CALLBACK_DELIVERY_IN_PROGRESS_ERROR: { status: 409 },
});

const errorOf = WEBHOOK_ERROR_CODES.error.bind(WEBHOOK_ERROR_CODES);

export const WebhookErrors = {
  callbackUrlNotFound: (kind: string, mode: string) =>
    errorOf('CALLBACK_URL_NOT_FOUND_ERROR', `No ${kind} callback URL is set for this business in ${mode} mode`),
  deliveryNotFound: (id: string) =>
    errorOf('CALLBACK_DELIVERY_NOT_FOUND_ERROR', `Callback delivery ${id} does not exist`),
  deliveryInFlight: (id: string) =>
    errorOf(
      'CALLBACK_DELIVERY_IN_PROGRESS_ERROR',
      `Callback delivery ${id} is being sent right now; try again in a moment`,
    ),
  /** `listen` with a live-mode key. */
  listenTestModeOnly: () =>
    errorOf('TEST_MODE_ONLY_ERROR', 'listen streams test-mode callbacks only: use a test-mode secret key'),
};
