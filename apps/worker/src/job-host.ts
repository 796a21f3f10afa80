import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { JobRunner, SCHEDULED_JOB_METADATA, type ScheduledJobHandler } from '@gateway/scheduler';
import { hostname } from 'node:os';
import { Pool } from 'pg';

/** Runs the durable scheduler for every provider marked @HandlesScheduledJob(kind). */
@Injectable()
export class JobHost implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobHost.name);
  private readonly runner: JobRunner;

  constructor(
    private readonly discovery: DiscoveryService,
    pool: Pool,
  ) {
    this.runner = new JobRunner(pool, { workerId: `${hostname()}:${process.pid}`, logger: this.logger });
  }

  onApplicationBootstrap(): void {
    const kinds: string[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const kind = wrapper.metatype
        ? (Reflect.getMetadata(SCHEDULED_JOB_METADATA, wrapper.metatype) as string | undefined)
        : undefined;
      if (!kind || !wrapper.instance) continue;
      const handler = wrapper.instance as ScheduledJobHandler;
      this.runner.register(kind, (job) => handler.handle(job));
      kinds.push(kind);
    }
    this.runner.start();
    this.logger.log(`Scheduler running job kinds: ${kinds.join(', ') || '(none yet)'}`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.runner.stop();
  }
}
