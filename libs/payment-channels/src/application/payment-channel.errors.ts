import { defineErrorCodes } from '@gateway/domain';

export const PAYMENT_CHANNEL_ERROR_CODES = defineErrorCodes('payment-channels', {
  /** A channel the business switched off in its settings (every money-in context refuses with it). */
  CHANNEL_NOT_ACTIVATED: { status: 403 },
});
