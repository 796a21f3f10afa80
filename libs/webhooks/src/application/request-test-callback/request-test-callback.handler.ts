import { GetCallbackEndpointQuery } from '@gateway/accounts';
import { DomainError } from '@gateway/domain';
import { createStream, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Clock, IdGenerator, toCommandMetadata } from '@gateway/platform';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { callbackTestStream, type CallbackTestRequested } from '../../domain/callback-test.events';
import { deliveryIdOf } from '../../read-models/delivery-id';
import { RequestTestCallbackCommand, type TestCallbackRequested } from './request-test-callback.command';

@CommandHandler(RequestTestCallbackCommand)
export class RequestTestCallbackHandler implements ICommandHandler<RequestTestCallbackCommand, TestCallbackRequested> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(command: RequestTestCallbackCommand): Promise<TestCallbackRequested> {
    const { businessId, mode, kind } = command;
    const endpoint = await this.queries.execute(new GetCallbackEndpointQuery(businessId, mode, kind));
    if (!endpoint.url) throw new DomainError('CALLBACK_URL_NOT_FOUND_ERROR', `No ${kind} callback URL is set for this business in ${mode} mode`);
    const now = await this.clock.now({ businessId, mode });
    const testId = this.ids.uuid();
    const event: CallbackTestRequested = { type: 'CallbackTestRequested', data: { testId, kind, requestedAt: now.toISOString() } };
    // A keyed request executed again after a crash (same test id) gets its first request back: one callback.
    const created = await createStream(this.store, callbackTestStream(testId), [event], toCommandMetadata(command.context, now, { businessId, mode }));
    return { testId, webhookId: deliveryIdOf(created.events[0].id, kind, endpoint.url), url: endpoint.url };
  }
}
