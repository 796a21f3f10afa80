import { Global, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { CommandPipeline, EVENT_STORE, type EventStore, ReadYourWritesLagLog } from '@gateway/event-store';
import { Clock } from '@gateway/clock';
import { Pool } from 'pg';
import { ProjectionProgress } from '../projection-progress';
import { ProjectionMetrics } from './projection-metrics';

@Injectable()
class ProjectionProgressShutdown implements OnApplicationShutdown {
  constructor(private readonly progress: ProjectionProgress) {}

  async onApplicationShutdown(): Promise<void> {
    await this.progress.close();
  }
}

/** Services every app shares: read-your-writes progress, its metrics, and the command pipeline. */
const services = [
  { provide: ProjectionProgress, useFactory: (pool: Pool) => new ProjectionProgress(pool), inject: [Pool] },
  ProjectionProgressShutdown,
  ProjectionMetrics,
  // The one command pipeline (issue 22): here because read-your-writes waits on ProjectionProgress.
  ReadYourWritesLagLog,
  {
    provide: CommandPipeline,
    useFactory: (store: EventStore, clock: Clock, progress: ProjectionProgress, lags: ReadYourWritesLagLog) =>
      new CommandPipeline(store, clock, progress, lags),
    inject: [EVENT_STORE, Clock, ProjectionProgress, ReadYourWritesLagLog],
  },
];

/** Read-your-writes for every app: command handlers wait on ProjectionProgress. */
@Global()
@Module({
  providers: [...services],
  exports: [ProjectionProgress, CommandPipeline, ReadYourWritesLagLog],
})
export class ProjectionsModule {}
