import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { CallbackRenderers } from './application/callback-renderers';
import { RequestTestCallbackHandler } from './application/request-test-callback/request-test-callback.handler';
import { TestCallbackRenderer } from './application/test-callback.renderer';
import { CallbackDeliveriesController } from './http/callback-deliveries.controller';
import { CallbackListenController } from './http/callback-listen.controller';
import { CallbackUrlsController } from './http/callback-urls.controller';
import { CallbackDispatcherProjection } from './read-models/callback-dispatcher.projection';
import { DeliveryLog } from './read-models/delivery-log';
import { ListenStream } from './read-models/listen-stream';
import { WebhookMetrics } from './read-models/webhook-metrics';
import { providersByRole } from '@gateway/runtime';

/** Its providers, grouped by role (each role's group is documented on ProvidersByRole). */
const providers = providersByRole({
  commandHandlers: [RequestTestCallbackHandler],
  followers: [CallbackDispatcherProjection],
  callbackRenderers: [TestCallbackRenderer],
  services: [CallbackRenderers, DeliveryLog, ListenStream, WebhookMetrics],
});

/**
 * Callbacks (webhooks): endpoint configuration, the dispatcher subscription that turns events
 * into deliveries, and the delivery log. The sender runs in worker processes (CallbackSenderHost).
 */
@Module({
  imports: [CqrsModule, DiscoveryModule],
  controllers: [CallbackUrlsController, CallbackDeliveriesController, CallbackListenController],
  providers,
  // The dashboard shows the delivery log and resends through the same service as the API, and
  // listens (its listen page) through the same stream as `cli listen`.
  exports: [DeliveryLog, ListenStream],
})
export class WebhooksModule {}
