import { CommandPipeline, originOf } from '@gateway/event-store';
import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler } from '@gateway/scheduler';
import { Injectable } from '@nestjs/common';
import {
  type ChargeJobPayload,
  EXPIRE_AUTHENTICATION_JOB,
  EXPIRE_AUTHORIZATION_JOB,
  type ExpireAuthenticationPayload,
} from '../../read-models/cards.projection';
import { onCharge } from '../charge-loader';
import { onCardToken } from '../token-loader';

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
    const origin = originOf(metadataOf(job, 'system:card-authorizations'));
    const expire = onCharge(origin, job.payload.chargeId, { type: 'ExpireAuthorization', now: job.now });
    // A job: no request waits for the read model.
    await this.pipeline.run({ ...expire, readYourWrites: 'none' });
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
    const { tokenId, authenticationId } = job.payload;
    const origin = originOf(metadataOf(job, 'system:card-3ds'));
    const expire = onCardToken(origin, tokenId, { type: 'ExpireAuthentication', authenticationId, now: job.now });
    // A job: no request waits for the read model.
    await this.pipeline.run({ ...expire, readYourWrites: 'none' });
  }
}
