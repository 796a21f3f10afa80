import { DomainError } from '@gateway/domain';
import { CommandPipeline } from '@gateway/event-store';
import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler } from '@gateway/scheduler';
import { Injectable } from '@nestjs/common';
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
  constructor(private readonly pipeline: CommandPipeline) {}

  async handle(job: DueJob<ExpireInvoicePayload>): Promise<void> {
    try {
      await this.pipeline.run({
        context: { requestId: `job_${job.id}`, actor: 'system:invoice-expiry' },
        scope: { businessId: job.businessId ?? undefined, mode: job.mode ?? undefined },
        at: job.now,
        stream: invoiceStream(job.payload.invoiceId),
        decider: invoiceDecider,
        command: { type: 'ExpireInvoice', invoiceId: job.payload.invoiceId, now: job.now },
        readYourWrites: 'none',
      });
    } catch (error) {
      // Paid or expired by hand before the timer: nothing to do.
      if (error instanceof DomainError && error.code === 'INVOICE_NOT_PENDING_ERROR') return;
      throw error;
    }
  }
}
