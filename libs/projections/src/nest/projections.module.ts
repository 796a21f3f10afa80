import { Global, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { ProjectionProgress } from '../projection-progress';

@Injectable()
class ProjectionProgressShutdown implements OnApplicationShutdown {
  constructor(private readonly progress: ProjectionProgress) {}

  async onApplicationShutdown(): Promise<void> {
    await this.progress.close();
  }
}

/** Read-your-writes for every app: command handlers wait on ProjectionProgress. */
@Global()
@Module({
  providers: [
    { provide: ProjectionProgress, useFactory: (pool: Pool) => new ProjectionProgress(pool), inject: [Pool] },
    ProjectionProgressShutdown,
  ],
  exports: [ProjectionProgress],
})
export class ProjectionsModule {}
