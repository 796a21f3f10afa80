import { DomainError } from '@gateway/domain';
import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler } from '@gateway/platform';
import { Inject, Injectable } from '@nestjs/common';
import { invoiceDecider } from '../../domain/invoice.decider';
import { invoiceStream } from '../../domain/invoice.events';

export const EXPIRE_INVOICE_JOB = 'invoices.expire';

export interface ExpireInvoicePayload {
  invoiceId: string;
}

/** At `expiry_date` on the business's clock, a still-PENDING invoice expires; a paid one is left alone. */
@HandlesScheduledJob(EXPIRE_INVOICE_JOB)
@Injectable()
export class ExpireInvoiceJob implements ScheduledJobHandler<ExpireInvoicePayload> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async handle(job: DueJob<ExpireInvoicePayload>): Promise<void> {
    try {
      await decideAndAppend(this.store, invoiceStream(job.payload.invoiceId), invoiceDecider, { type: 'ExpireInvoice', invoiceId: job.payload.invoiceId, now: job.now }, {
        correlationId: `job_${job.id}`,
        actor: 'system:invoice-expiry',
        occurredAt: job.now,
        businessId: job.businessId ?? undefined,
        mode: job.mode ?? undefined,
      });
    } catch (error) {
      // Paid or expired by hand before the timer: nothing to do.
      if (error instanceof DomainError && error.code === 'INVOICE_NOT_PENDING_ERROR') return;
      throw error;
    }
  }
}
