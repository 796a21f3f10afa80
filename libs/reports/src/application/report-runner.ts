import { aggregateRuns, CommandPipeline } from '@gateway/event-store';
import type { Mode } from '@gateway/clock';
import type { RequestContext } from '@gateway/runtime';
import { Injectable } from '@nestjs/common';
import { type ReportCommand, reportDecider } from '../domain/report.decider';
import { reportStream } from '../domain/report.events';
import { REPORTS_PROJECTION } from '../read-models/reports.projection';

const onReport = aggregateRuns({ streamOf: reportStream, decider: reportDecider, readModel: REPORTS_PROJECTION });

/** The report aggregate's declaration for the command pipeline: business time, the reports read model awaited. */
@Injectable()
export class ReportRunner {
  constructor(private readonly pipeline: CommandPipeline) {}

  async run(
    reportId: string,
    businessId: string,
    mode: Mode,
    context: RequestContext,
    command: (now: Date) => ReportCommand,
  ): Promise<void> {
    await this.pipeline.run(onReport({ context, scope: { businessId, mode } }, reportId, command));
  }

  now(businessId: string, mode: Mode): Promise<Date> {
    return this.pipeline.now({ scope: { businessId, mode } });
  }
}
