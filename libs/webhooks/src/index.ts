export { WebhooksModule } from './webhooks.module';
export { webhooksMigrations } from './read-models/webhooks.migrations';
export { CALLBACK_DISPATCHER } from './read-models/callback-dispatcher.projection';
export { deliveryIdOf } from './read-models/delivery-id';
export { CallbackSenderHost } from './delivery/callback-sender.host';
export { type CallbackMessage, type CallbackRenderer, type RenderContext, RendersCallbacks } from './application/callback-renderer';
export * from './domain/retry-policy';
export { DeliveryLog, type DeliveryView, type DeliveryDetailView } from './read-models/delivery-log';
export * from './application/request-test-callback/request-test-callback.command';
