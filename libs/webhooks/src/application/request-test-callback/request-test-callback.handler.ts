import { GetCallbackEndpointQuery } from '@gateway/accounts';
import { CommandPipeline, requestOrigin } from '@gateway/event-store';
import { IdGenerator } from '@gateway/runtime';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { callbackTestStream, type CallbackTestRequested } from '../../domain/callback-test.events';
import { deliveryIdOf } from '../../read-models/delivery-id';
import { RequestTestCallbackCommand, type TestCallbackRequested } from './request-test-callback.command';
import { WebhookErrors } from '../../domain/webhook.errors';

@CommandHandler(RequestTestCallbackCommand)
export class RequestTestCallbackHandler implements ICommandHandler<RequestTestCallbackCommand, TestCallbackRequested> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly queries: QueryBus,
    private readonly ids: IdGenerator,
  ) {}

  async execute(command: RequestTestCallbackCommand): Promise<TestCallbackRequested> {
    const { businessId, mode, kind } = command;
    const endpoint = await this.queries.execute(new GetCallbackEndpointQuery(businessId, mode, kind));
    if (!endpoint.url) throw WebhookErrors.callbackUrlNotFound(kind, mode);
    const testId = this.ids.uuid();
    const requested = (now: Date): CallbackTestRequested => ({
      type: 'CallbackTestRequested',
      data: { testId, kind, requestedAt: now.toISOString() },
    });
    // A keyed request executed again after a crash (same test id) gets its first request back: one callback.
    const created = await this.pipeline.create({
      ...requestOrigin(command),
      stream: callbackTestStream(testId),
      events: (now) => [requested(now)],
      // The answer names the delivery; nothing the caller reads next is a read model of this stream.
      readYourWrites: 'none',
    });
    return { testId, webhookId: deliveryIdOf(created.events[0].id, kind, endpoint.url), url: endpoint.url };
  }
}
