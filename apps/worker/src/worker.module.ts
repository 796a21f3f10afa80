import { CallbackSenderHost } from '@gateway/webhooks';
import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobHost } from './job-host';
import { ProjectionHost } from './projection-host';

/** Hosts that discover every context's projections, followers, jobs and renderers and run them. */
const hosts = [ProjectionHost, JobHost, CallbackSenderHost];

/** Subscriptions (projections, the webhook dispatcher), the scheduler and the callback sender. */
@Module({
  imports: [DiscoveryModule],
  providers: [...hosts],
})
export class WorkerModule {}
