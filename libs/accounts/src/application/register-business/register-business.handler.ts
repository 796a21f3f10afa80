import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Clock, IdGenerator, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { businessDecider } from '../../domain/business.decider';
import { businessStream } from '../../domain/business.events';
import { BUSINESSES_PROJECTION } from '../../read-models/businesses.projection';
import { RegisterBusinessCommand, type RegisteredBusiness } from './register-business.command';

@CommandHandler(RegisterBusinessCommand)
export class RegisterBusinessHandler implements ICommandHandler<RegisterBusinessCommand, RegisteredBusiness> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly progress: ProjectionProgress,
  ) {}

  async execute(command: RegisterBusinessCommand): Promise<RegisteredBusiness> {
    const businessId = command.businessId ?? this.ids.prefixed('biz_');
    const now = await this.clock.now();
    const decision = await decideAndAppend(
      this.store,
      businessStream(businessId),
      businessDecider,
      { type: 'RegisterBusiness', businessId, name: command.name, now },
      toCommandMetadata(command.context, now, { businessId }),
    );
    if (decision.appended) await this.progress.waitFor(BUSINESSES_PROJECTION, decision.appended.position);
    return { businessId, name: command.name.trim() };
  }
}
