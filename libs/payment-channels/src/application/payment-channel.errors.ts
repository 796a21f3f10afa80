import { defineErrors, forbidden } from '@gateway/domain';

export const PaymentChannelErrors = defineErrors('payment-channels', {
  /** A channel the business switched off in its settings (every money-in context refuses with it). */
  channelNotActivated: forbidden(
    'CHANNEL_NOT_ACTIVATED',
    (channelCode: string, mode: 'test' | 'live') =>
      `Payment channel ${channelCode} is not activated for this business in ${mode} mode; ` +
      `enable it in the settings (enabled_payment_channels)`,
  ),
});

export const PAYMENT_CHANNEL_ERROR_CODES = PaymentChannelErrors.catalogue;
