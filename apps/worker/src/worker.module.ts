import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobHost } from './job-host';
import { ProjectionHost } from './projection-host';

/** Subscriptions (projections, later the ledger and webhook dispatcher) and the scheduler. */
@Module({
  imports: [DiscoveryModule],
  providers: [ProjectionHost, JobHost],
})
export class WorkerModule {}
