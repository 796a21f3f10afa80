import { decideAndAppend, EVENT_STORE, type EventStore, loadAggregate } from '@gateway/event-store';
import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler } from '@gateway/platform';
import { Inject, Injectable } from '@nestjs/common';
import { virtualAccountDecider } from '../../domain/virtual-account.decider';
import { virtualAccountStream } from '../../domain/virtual-account.events';
import { EXPIRE_VIRTUAL_ACCOUNT_JOB, type ExpireVirtualAccountPayload } from '../../read-models/virtual-accounts.projection';

/** At `expiration_date` (on the business clock) the account becomes INACTIVE; idempotent. */
@HandlesScheduledJob(EXPIRE_VIRTUAL_ACCOUNT_JOB)
@Injectable()
export class ExpireVirtualAccountJob implements ScheduledJobHandler<ExpireVirtualAccountPayload> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async handle(job: DueJob<ExpireVirtualAccountPayload>): Promise<void> {
    const stream = virtualAccountStream(job.payload.vaId);
    const loaded = await loadAggregate(this.store, stream, virtualAccountDecider);
    if (!loaded.state.exists || loaded.state.snapshot.status === 'INACTIVE') return;
    const { businessId, mode } = loaded.state.snapshot;
    await decideAndAppend(
      this.store,
      stream,
      virtualAccountDecider,
      { type: 'ExpireVirtualAccount', vaId: job.payload.vaId, now: job.now },
      { correlationId: `job_${job.id}`, actor: 'system:virtual-account-expiry', occurredAt: job.now, businessId, mode },
    );
  }
}
