import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Clock, type Mode, type RequestContext, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { Inject, Injectable } from '@nestjs/common';
import { type ReportCommand, reportDecider } from '../domain/report.decider';
import { reportStream } from '../domain/report.events';
import { REPORTS_PROJECTION } from '../read-models/reports.projection';

/** Decide and append on a report stream with the business clock, then wait for the read model. */
@Injectable()
export class ReportRunner {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
  ) {}

  async run(reportId: string, businessId: string, mode: Mode, context: RequestContext, command: (now: Date) => ReportCommand): Promise<void> {
    const now = await this.clock.now({ businessId, mode });
    const decision = await decideAndAppend(this.store, reportStream(reportId), reportDecider, command(now), toCommandMetadata(context, now, { businessId, mode }));
    if (decision.appended) await this.progress.waitFor(REPORTS_PROJECTION, decision.appended.position, 10_000);
  }

  now(businessId: string, mode: Mode): Promise<Date> {
    return this.clock.now({ businessId, mode });
  }
}
