import { decideAndAppend, EVENT_STORE, type EventStore, loadAggregate } from '@gateway/event-store';
import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler } from '@gateway/platform';
import { Inject, Injectable } from '@nestjs/common';
import { paymentCodeDecider } from '../../domain/payment-code.decider';
import { paymentCodeStream } from '../../domain/payment-code.events';
import { EXPIRE_PAYMENT_CODE_JOB, type ExpirePaymentCodePayload } from '../../read-models/payment-codes.projection';

/** At `expiration_date` (on the business clock) the code becomes INACTIVE; idempotent. */
@HandlesScheduledJob(EXPIRE_PAYMENT_CODE_JOB)
@Injectable()
export class ExpirePaymentCodeJob implements ScheduledJobHandler<ExpirePaymentCodePayload> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async handle(job: DueJob<ExpirePaymentCodePayload>): Promise<void> {
    const stream = paymentCodeStream(job.payload.fpcId);
    const loaded = await loadAggregate(this.store, stream, paymentCodeDecider);
    if (!loaded.state.exists || loaded.state.snapshot.status === 'INACTIVE') return;
    const { businessId, mode } = loaded.state.snapshot;
    await decideAndAppend(
      this.store,
      stream,
      paymentCodeDecider,
      { type: 'ExpirePaymentCode', fpcId: job.payload.fpcId, now: job.now },
      { correlationId: `job_${job.id}`, actor: 'system:payment-code-expiry', occurredAt: job.now, businessId, mode },
    );
  }
}
