import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { AppConfig } from '@gateway/config';
import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import {
  discoverProjections,
  IdleCheckpointMover,
  ProjectionProgress,
  ProjectionResets,
  ProjectionRunner,
} from '@gateway/projections';
import { Pool } from 'pg';

/** Runs every provider marked @ReadModelProjection() as a durable subscription. */
@Injectable()
export class ProjectionHost implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ProjectionHost.name);
  private runners: ProjectionRunner[] = [];
  /** One LISTEN connection for every runner's rebuild resets (a listening backend is woken by every NOTIFY). */
  private resets?: ProjectionResets;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly progress: ProjectionProgress,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const projections = discoverProjections(this.discovery);
    const idleCheckpoints = new IdleCheckpointMover(this.pool, undefined, () => this.progress.othersListen());
    const resets = new ProjectionResets(this.pool);
    this.resets = resets;
    this.runners = projections.map(
      (projection) =>
        new ProjectionRunner(this.pool, this.store, projection, this.progress, {
          idleCheckpoints,
          resets,
          readIntervalMs: this.config.PROJECTION_READ_INTERVAL_MS,
          onError: (name, error) =>
            this.logger.error(
              `Projection ${name} failed a batch; retrying`,
              error instanceof Error ? error.stack : String(error),
            ),
        }),
    );
    for (const runner of this.runners) runner.start();
    this.logger.log(`Running ${this.runners.length} projection(s): ${this.runners.map((r) => r.name).join(', ')}`);
  }

  /** Each runner finishes (commits or rolls back) the batch in hand, then stops and gives up its lease. */
  async stop(): Promise<void> {
    await Promise.all(this.runners.map((runner) => runner.stop()));
    await this.resets?.close();
    this.resets = undefined;
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }
}
