export { PaymentChannelsModule } from './payment-channels.module';
export * from './application/list-payment-channels/list-payment-channels.query';
export * from './application/ensure-channel-enabled/ensure-channel-enabled.query';
export {
  CHANNEL_NOT_ACTIVATED,
  channelNotActivated,
} from './application/ensure-channel-enabled/ensure-channel-enabled.handler';
/** The error codes this context may answer, with their statuses (libs/bootstrap/src/all-error-codes.ts). */
export { PAYMENT_CHANNEL_ERROR_CODES } from './application/payment-channel.errors';
