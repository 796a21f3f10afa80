import { CommandPipeline, originOf } from '@gateway/event-store';
import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler } from '@gateway/scheduler';
import { Injectable } from '@nestjs/common';
import { cardChargeDecider } from '../../domain/card-charge.decider';
import { cardChargeStream } from '../../domain/card-charge.events';
import { cardTokenDecider } from '../../domain/card-token.decider';
import { cardTokenStream } from '../../domain/card-token.events';
import {
  type ChargeJobPayload,
  EXPIRE_AUTHENTICATION_JOB,
  EXPIRE_AUTHORIZATION_JOB,
  type ExpireAuthenticationPayload,
} from '../../read-models/cards.projection';

const metadataOf = (job: DueJob<unknown>, actor: string) => ({
  correlationId: `job_${job.id}`,
  actor,
  occurredAt: job.now,
  ...(job.businessId && { businessId: job.businessId }),
  ...(job.mode && { mode: job.mode }),
});

/** Spec: an authorization expires after 7 days (a no-op when it was captured or reversed first). */
@HandlesScheduledJob(EXPIRE_AUTHORIZATION_JOB)
@Injectable()
export class ExpireAuthorizationJob implements ScheduledJobHandler<ChargeJobPayload> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async handle(job: DueJob<ChargeJobPayload>): Promise<void> {
    await this.pipeline.run({
      ...originOf(metadataOf(job, 'system:card-authorizations')),
      stream: cardChargeStream(job.payload.chargeId),
      decider: cardChargeDecider,
      command: { type: 'ExpireAuthorization', now: job.now },
      readYourWrites: 'none',
    });
  }
}

/**
 * A 3DS challenge nobody answered (abandoned, or an issuer that times out) fails: AUTHENTICATION_FAILED, retry allowed.
 */
@HandlesScheduledJob(EXPIRE_AUTHENTICATION_JOB)
@Injectable()
export class ExpireAuthenticationJob implements ScheduledJobHandler<ExpireAuthenticationPayload> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async handle(job: DueJob<ExpireAuthenticationPayload>): Promise<void> {
    await this.pipeline.run({
      ...originOf(metadataOf(job, 'system:card-3ds')),
      stream: cardTokenStream(job.payload.tokenId),
      decider: cardTokenDecider,
      command: { type: 'ExpireAuthentication', authenticationId: job.payload.authenticationId, now: job.now },
      readYourWrites: 'none',
    });
  }
}
