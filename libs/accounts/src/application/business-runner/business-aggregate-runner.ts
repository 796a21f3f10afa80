import { aggregateRuns, CommandPipeline, type PipelineDecision } from '@gateway/event-store';
import type { Mode } from '@gateway/clock';
import type { RequestContext } from '@gateway/runtime';
import { Injectable } from '@nestjs/common';
import { type BusinessCommand, businessDecider, type BusinessState } from '../../domain/business.decider';
import { type BusinessEvent, businessStream } from '../../domain/business.events';
import { BUSINESSES_PROJECTION } from '../../read-models/businesses.projection';

const onBusiness = aggregateRuns({
  streamOf: businessStream,
  decider: businessDecider,
  readModel: BUSINESSES_PROJECTION,
});

/**
 * The business aggregate's declaration for the command pipeline: its stream and decider at the
 * business clock's time, and its read-your-writes policy: the businesses read model (which the
 * auth guard reads) includes the change before the answer, so a key works the moment it is returned.
 */
@Injectable()
export class BusinessAggregateRunner {
  constructor(private readonly pipeline: CommandPipeline) {}

  run(
    businessId: string,
    context: RequestContext,
    mode: Mode | undefined,
    command: (now: Date) => BusinessCommand,
  ): Promise<PipelineDecision<BusinessState, BusinessEvent>> {
    return this.pipeline.run(onBusiness({ context, scope: { businessId, mode } }, businessId, command));
  }
}
