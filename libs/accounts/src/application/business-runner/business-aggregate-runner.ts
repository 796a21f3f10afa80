import { Inject, Injectable } from '@nestjs/common';
import { type Decision, decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Clock, type Mode, type RequestContext, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { type BusinessCommand, businessDecider, type BusinessState } from '../../domain/business.decider';
import { type BusinessEvent, businessStream } from '../../domain/business.events';
import { BUSINESSES_PROJECTION } from '../../read-models/businesses.projection';

/**
 * The one way accounts commands reach the business aggregate: the business clock's time,
 * decide and append with the expected revision, then wait until the read models (which the
 * auth guard reads) include the change, so a key works the moment it is returned.
 */
@Injectable()
export class BusinessAggregateRunner {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
  ) {}

  async run(
    businessId: string,
    context: RequestContext,
    mode: Mode | undefined,
    command: (now: Date) => BusinessCommand,
  ): Promise<Decision<BusinessState, BusinessEvent>> {
    const now = await this.clock.now({ businessId, mode });
    const decision = await decideAndAppend(
      this.store,
      businessStream(businessId),
      businessDecider,
      command(now),
      toCommandMetadata(context, now, { businessId, mode }),
    );
    if (decision.appended) await this.progress.waitFor(BUSINESSES_PROJECTION, decision.appended.position, 10_000);
    return decision;
  }
}
