import { DomainError } from '@gateway/domain';
import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { CreateInvoiceCommand, PayInvoiceByCardCommand } from '@gateway/invoices';
import { AppConfig, type DueJob, HandlesScheduledJob, type ScheduledJobHandler, Scheduler } from '@gateway/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { recurringDecider } from '../../domain/recurring.decider';
import { type RecurringSnapshot, recurringStream } from '../../domain/recurring.events';
import { cycleDueAt, hasMoreCycles } from '../../domain/recurring-schedule';

export const RUN_CYCLE_JOB = 'recurring.run-cycle';

export interface RunCyclePayload {
  recurringPaymentId: string;
  cycle: number;
}

/** The invoice of cycle n has an id derived from the recurring id and n: a retried job creates it once. */
export function cycleInvoiceId(recurringPaymentId: string, cycle: number): string {
  return createHash('sha256').update(`recurring:${recurringPaymentId}:${cycle}`).digest('hex').slice(0, 24);
}

export function scheduleCycle(scheduler: Scheduler, recurring: RecurringSnapshot, cycle: number, db?: Parameters<Scheduler['schedule']>[1]) {
  const payload: RunCyclePayload = { recurringPaymentId: recurring.recurringPaymentId, cycle };
  return scheduler.schedule(
    { kind: RUN_CYCLE_JOB, key: `recurring-cycle:${recurring.recurringPaymentId}:${cycle}`, payload, dueAt: cycleDueAt(recurring, cycle), businessId: recurring.businessId, mode: recurring.mode },
    db,
  );
}

/**
 * One cycle of the schedule, on the business's clock: ACTIVE issues the cycle's invoice, PAUSED
 * skips it, then the next cycle is scheduled (until `total_recurrence` or a stop).
 */
@HandlesScheduledJob(RUN_CYCLE_JOB)
@Injectable()
export class RunCycleJob implements ScheduledJobHandler<RunCyclePayload> {
  private readonly logger = new Logger(RunCycleJob.name);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly scheduler: Scheduler,
    private readonly config: AppConfig,
  ) {}

  async handle(job: DueJob<RunCyclePayload>): Promise<void> {
    const { recurringPaymentId, cycle } = job.payload;
    const invoiceId = cycleInvoiceId(recurringPaymentId, cycle);
    const metadata = { correlationId: `job_${job.id}`, actor: 'system:recurring-schedule', occurredAt: job.now, businessId: job.businessId ?? undefined, mode: job.mode ?? undefined };
    const decision = await decideAndAppend(
      this.store,
      recurringStream(recurringPaymentId),
      recurringDecider,
      { type: 'RunCycle', id: recurringPaymentId, cycle, invoiceId, invoiceUrl: `${this.config.publicBaseUrl()}/web/invoices/${invoiceId}`, now: job.now },
      metadata,
    );
    if (decision.state.status !== 'exists') return;
    const recurring = decision.state.recurring;
    // Issued now or by an earlier run of this job that died before the invoice: create it (once).
    if (recurring.lastCreatedInvoiceId === invoiceId) {
      await this.issueInvoice(recurring, invoiceId, job);
      if (recurring.creditCardToken !== undefined) await this.recharge(recurring, invoiceId, job);
    }
    if (recurring.nextCycle === cycle + 1 && hasMoreCycles(recurring)) await scheduleCycle(this.scheduler, recurring, cycle + 1);
  }

  private async issueInvoice(recurring: RecurringSnapshot, invoiceId: string, job: DueJob<RunCyclePayload>): Promise<void> {
    try {
      await this.commands.execute(
        new CreateInvoiceCommand(
          recurring.businessId,
          recurring.mode,
          {
            externalId: recurring.externalId,
            payerEmail: recurring.payerEmail,
            description: recurring.description,
            amount: recurring.amount,
            shouldSendEmail: recurring.shouldSendEmail,
            invoiceDuration: recurring.invoiceDuration,
            successRedirectUrl: recurring.successRedirectUrl,
            failureRedirectUrl: recurring.failureRedirectUrl,
          },
          { requestId: `job_${job.id}`, actor: 'system:recurring-schedule', businessId: recurring.businessId, mode: recurring.mode },
          { invoiceId, recurringPaymentId: recurring.recurringPaymentId },
        ),
      );
    } catch (error) {
      if (error instanceof DomainError && error.code === 'DUPLICATE_INVOICE_ERROR') return;
      throw error;
    }
  }

  /**
   * `recharge`: the saved card pays the cycle's invoice at once (merchant-initiated, no 3DS). A
   * refused charge leaves the invoice PENDING for the payer to pay on its page (and
   * `missed_payment_action` applies if it expires); a retried job finds the invoice paid.
   */
  private async recharge(recurring: RecurringSnapshot, invoiceId: string, job: DueJob<RunCyclePayload>): Promise<void> {
    const context = { requestId: `job_${job.id}`, actor: 'system:recurring-recharge', businessId: recurring.businessId, mode: recurring.mode };
    try {
      await this.commands.execute(new PayInvoiceByCardCommand(invoiceId, recurring.creditCardToken!, undefined, context, true));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.logger.warn(`Recurring ${recurring.recurringPaymentId}: invoice ${invoiceId} not charged to the saved card (${error.code})`);
    }
  }
}
