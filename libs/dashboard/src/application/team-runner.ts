import { CommandPipeline, type PipelineDecision } from '@gateway/event-store';
import type { RequestContext } from '@gateway/runtime';
import { Injectable } from '@nestjs/common';
import {
  type DashboardTeamCommand,
  dashboardTeamDecider,
  type DashboardTeamState,
} from '../domain/dashboard-team.decider';
import { type DashboardTeamEvent, dashboardTeamStream } from '../domain/dashboard-team.events';
import { DASHBOARD_USERS_PROJECTION } from '../read-models/dashboard-users.projection';

/** The team aggregate's declaration for the command pipeline: real time, the users read model awaited. */
@Injectable()
export class TeamRunner {
  constructor(private readonly pipeline: CommandPipeline) {}

  /** Real time: sessions and team changes are not business time (a test clock never moves them). */
  now(): Promise<Date> {
    return this.pipeline.now({ time: 'real' });
  }

  run(
    businessId: string,
    context: RequestContext,
    command: (now: Date) => DashboardTeamCommand,
  ): Promise<PipelineDecision<DashboardTeamState, DashboardTeamEvent>> {
    return this.pipeline.run({
      context,
      scope: { businessId },
      time: 'real',
      stream: dashboardTeamStream(businessId),
      decider: dashboardTeamDecider,
      command,
      readYourWrites: { projection: DASHBOARD_USERS_PROJECTION },
    });
  }
}
