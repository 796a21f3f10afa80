import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler } from '@gateway/platform';
import { Inject, Injectable } from '@nestjs/common';
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
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async handle(job: DueJob<ChargeJobPayload>): Promise<void> {
    await decideAndAppend(this.store, cardChargeStream(job.payload.chargeId), cardChargeDecider, { type: 'ExpireAuthorization', now: job.now }, metadataOf(job, 'system:card-authorizations'));
  }
}

/** A 3DS challenge nobody answered (abandoned, or an issuer that times out) fails: AUTHENTICATION_FAILED, retry allowed. */
@HandlesScheduledJob(EXPIRE_AUTHENTICATION_JOB)
@Injectable()
export class ExpireAuthenticationJob implements ScheduledJobHandler<ExpireAuthenticationPayload> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async handle(job: DueJob<ExpireAuthenticationPayload>): Promise<void> {
    await decideAndAppend(
      this.store,
      cardTokenStream(job.payload.tokenId),
      cardTokenDecider,
      { type: 'ExpireAuthentication', authenticationId: job.payload.authenticationId, now: job.now },
      metadataOf(job, 'system:card-3ds'),
    );
  }
}
