export { WebhooksModule } from './webhooks.module';
export { webhooksMigrations } from './read-models/webhooks.migrations';
export { CALLBACK_DISPATCHER } from './read-models/callback-dispatcher.projection';
export { deliveryIdOf } from './read-models/delivery-id';
export { CallbackSenderHost } from './delivery/callback-sender.host';
export {
  type CallbackMessage,
  type CallbackRenderer,
  type RenderContext,
  RendersCallbacks,
} from './application/callback-renderer';
export * from './domain/retry-policy';
export { DeliveryLog, type DeliveryView, type DeliveryDetailView } from './read-models/delivery-log';
export * from './application/request-test-callback/request-test-callback.command';
export { ListenStream, type ListenMessage, LISTENER_TTL_MS, LISTEN_RETENTION_MS } from './read-models/listen-stream';
export { callbackHeaders, type CallbackToSign } from './delivery/callback-headers';
export { CALLBACK_TEST_EVENT_SCHEMAS } from './domain/callback-test.events';
/** The error codes this context may answer, with their statuses (libs/bootstrap/src/all-error-codes.ts). */
export { WEBHOOK_ERROR_CODES } from './domain/webhook.errors';
