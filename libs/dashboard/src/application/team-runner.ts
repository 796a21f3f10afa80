import { type Decision, decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Clock, type RequestContext, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { Inject, Injectable } from '@nestjs/common';
import { type DashboardTeamCommand, dashboardTeamDecider, type DashboardTeamState } from '../domain/dashboard-team.decider';
import { type DashboardTeamEvent, dashboardTeamStream } from '../domain/dashboard-team.events';
import { DASHBOARD_USERS_PROJECTION } from '../read-models/dashboard-users.projection';

/** Decide on a business's team stream with real time, then wait until the users read model has it. */
@Injectable()
export class TeamRunner {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
  ) {}

  /** Real time: sessions and team changes are not business time (a test clock never moves them). */
  now(): Promise<Date> {
    return this.clock.now();
  }

  async run(
    businessId: string,
    context: RequestContext,
    command: (now: Date) => DashboardTeamCommand,
  ): Promise<Decision<DashboardTeamState, DashboardTeamEvent>> {
    const now = await this.now();
    const decision = await decideAndAppend(this.store, dashboardTeamStream(businessId), dashboardTeamDecider, command(now), toCommandMetadata(context, now, { businessId }));
    if (decision.appended) await this.progress.waitFor(DASHBOARD_USERS_PROJECTION, decision.appended.position, 10_000);
    return decision;
  }
}
