import { CallbackSenderHost } from '@gateway/webhooks';
import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobHost } from './job-host';
import { ProjectionHost } from './projection-host';

/** Subscriptions (projections, the webhook dispatcher), the scheduler and the callback sender. */
@Module({
  imports: [DiscoveryModule],
  providers: [ProjectionHost, JobHost, CallbackSenderHost],
})
export class WorkerModule {}
