import { DomainError } from '@gateway/domain';
import { CommandPipeline, EVENT_STORE, type EventStore, type ReadYourWrites } from '@gateway/event-store';
import { CreateInvoiceCommand, invoicePageUrl, invoiceStream, PayInvoiceByCardCommand } from '@gateway/invoices';
import { AppConfig } from '@gateway/config';
import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler, Scheduler } from '@gateway/scheduler';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { type RecurringCommand, recurringDecider } from '../../domain/recurring.decider';
import { type RecurringSnapshot, recurringStream } from '../../domain/recurring.events';
import { cycleDueAt, hasMoreCycles, notDueYet } from '../../domain/recurring-schedule';
import { RECURRING_PROJECTION } from '../../read-models/recurring.projection';
import { RUN_CYCLE_JOB, RUN_CYCLE_MAX_ATTEMPTS, type RunCyclePayload, scheduleCycle } from './schedule-cycle';

/** `errorCode` of a cycle whose invoice could not be created for a reason other than a refusal. */
const CYCLE_BILLING_ERROR = 'CYCLE_BILLING_ERROR';

/** The invoice of cycle n has an id derived from the recurring id and n: a retried job creates it once. */
export function cycleInvoiceId(recurringPaymentId: string, cycle: number): string {
  return createHash('sha256').update(`recurring:${recurringPaymentId}:${cycle}`).digest('hex').slice(0, 24);
}

/**
 * One run of a cycle: by its scheduled job, or in the request that created the payment when its
 * first cycle is due at once (`issueFirstCycleNow`).
 */
interface CycleRun {
  payload: RunCyclePayload;
  businessId: string | undefined;
  mode: NonNullable<DueJob['mode']> | undefined;
  /** The business's clock. */
  now: Date;
  /** 1 on the first run; the last of RUN_CYCLE_MAX_ATTEMPTS records the cycle as failed. */
  attempt: number;
  requestId: string;
  /** The creating request answers with the cycle's invoice: its GET right after shows it too. */
  readYourWrites: ReadYourWrites;
}

function cycleRunOf(job: DueJob<RunCyclePayload>): CycleRun {
  return {
    payload: job.payload,
    businessId: job.businessId ?? undefined,
    mode: job.mode ?? undefined,
    now: job.now,
    attempt: job.attempt,
    requestId: `job_${job.id}`,
    readYourWrites: 'none',
  };
}

/** The invoice of an issued cycle: created, or refused for good (the cycle cannot be billed). */
type InvoiceOutcome = { created: true } | { created: false; errorCode: string; message: string };

/**
 * One cycle of the schedule, on the business's clock: ACTIVE issues the cycle's invoice (and
 * charges it to the saved card, at most once), PAUSED skips it, a cycle whose period already
 * passed lapses (the decider moves to the cycle due now), then the next cycle is scheduled (until
 * `total_recurrence` or a stop). Every step is idempotent by cycle number: a retried job, a
 * re-run of a done one or a second worker adds nothing.
 */
@HandlesScheduledJob(RUN_CYCLE_JOB)
@Injectable()
export class RunCycleJob implements ScheduledJobHandler<RunCyclePayload> {
  private readonly logger = new Logger(RunCycleJob.name);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly pipeline: CommandPipeline,
    private readonly commands: CommandBus,
    private readonly scheduler: Scheduler,
    private readonly config: AppConfig,
  ) {}

  async handle(job: DueJob<RunCyclePayload>): Promise<void> {
    await this.run(cycleRunOf(job));
  }

  /**
   * Runs the first cycle of a payment just created, when it is due at once (no `start_date`, or
   * `charge_immediately`), so that the creation's answer carries its invoice
   * (`last_created_invoice_url`, spec: "returned"). Its scheduled job still runs and finds the cycle
   * done (every step is idempotent by cycle number). An error that is not a refusal leaves the cycle
   * to that job: the payment exists either way.
   */
  async issueFirstCycleNow(recurring: RecurringSnapshot, requestId: string, now: Date): Promise<RecurringSnapshot> {
    if (recurring.nextCycle !== 1 || notDueYet(recurring, 1, now)) return recurring;
    try {
      return await this.run({
        payload: { recurringPaymentId: recurring.recurringPaymentId, cycle: 1 },
        businessId: recurring.businessId,
        mode: recurring.mode,
        now,
        attempt: 1,
        requestId,
        readYourWrites: { projection: RECURRING_PROJECTION },
      });
    } catch (error) {
      this.logger.warn(`Recurring ${recurring.recurringPaymentId}: first cycle left to its job (${String(error)})`);
      return recurring;
    }
  }

  /** The payment as the run left it. */
  private async run(job: CycleRun): Promise<RecurringSnapshot> {
    const { recurringPaymentId: id, cycle } = job.payload;
    const invoiceId = cycleInvoiceId(id, cycle);
    const decision = await this.decide(
      {
        type: 'RunCycle',
        id,
        cycle,
        invoiceId,
        invoiceUrl: invoicePageUrl(this.config.publicBaseUrl(), invoiceId),
        now: job.now,
      },
      job,
    );
    if (decision.state.status !== 'exists') throw new Error(`Recurring payment ${id} not found`);
    let recurring = decision.state.recurring;
    // A PATCH moved this cycle later while its job was under way (the projection moves only a
    // pending job): run it again at its new date.
    if (
      decision.events.length === 0 &&
      recurring.nextCycle === cycle &&
      hasMoreCycles(recurring) &&
      notDueYet(recurring, cycle, job.now)
    ) {
      await scheduleCycle(this.scheduler, recurring, cycle, undefined, cycleDueAt(recurring, cycle));
      return recurring;
    }
    // Issued now or by an earlier run of this job that died before the invoice: create it (once).
    if (recurring.lastCreatedInvoiceId === invoiceId) {
      const outcome = await this.issueInvoice(recurring, invoiceId, job);
      if (outcome.created) {
        if (recurring.creditCardToken !== undefined) await this.recharge(recurring, cycle, invoiceId, job);
      } else {
        this.logger.warn(`Recurring ${id}: cycle ${cycle} cannot be billed (${outcome.errorCode}: ${outcome.message})`);
        const failed = await this.decide(
          {
            type: 'RecordCycleFailed',
            id,
            cycle,
            invoiceId,
            errorCode: outcome.errorCode,
            message: outcome.message,
            now: job.now,
          },
          job,
        );
        if (failed.state.status === 'exists') recurring = failed.state.recurring;
      }
    }
    // The next cycle (or, after lapsed cycles, the one due now); idempotent by job key.
    if (recurring.nextCycle > cycle && hasMoreCycles(recurring))
      await scheduleCycle(this.scheduler, recurring, recurring.nextCycle);
    return recurring;
  }

  private decide(command: RecurringCommand, job: CycleRun) {
    return this.pipeline.run({
      context: { requestId: job.requestId, actor: 'system:recurring-schedule' },
      scope: { businessId: job.businessId, mode: job.mode },
      at: job.now,
      stream: recurringStream(job.payload.recurringPaymentId),
      decider: recurringDecider,
      command,
      readYourWrites: job.readYourWrites,
    });
  }

  /**
   * A refusal of the invoices context (a `DomainError`: no channel enabled, an amount it does not
   * take, ...) will not change on a retry: the cycle fails at once. Anything else is retried by the
   * scheduler, and on the last attempt the cycle fails unless the invoice was in fact created.
   */
  private async issueInvoice(recurring: RecurringSnapshot, invoiceId: string, job: CycleRun): Promise<InvoiceOutcome> {
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
          {
            requestId: job.requestId,
            actor: 'system:recurring-schedule',
            businessId: recurring.businessId,
            mode: recurring.mode,
          },
          { invoiceId, recurringPaymentId: recurring.recurringPaymentId },
        ),
      );
      return { created: true };
    } catch (error) {
      if (error instanceof DomainError) {
        if (error.code === 'DUPLICATE_INVOICE_ERROR') return { created: true };
        return { created: false, errorCode: error.code, message: error.message };
      }
      if (job.attempt < RUN_CYCLE_MAX_ATTEMPTS) throw error;
      const written = await this.store.readStream(invoiceStream(invoiceId), { maxCount: 1 });
      if (written.length > 0) return { created: true };
      // The error itself goes to the log only: events are read by auditors and keep no internals.
      this.logger.error(
        `Recurring ${recurring.recurringPaymentId}: invoice ${invoiceId} not created on the last attempt: ` +
          `${String(error)}`,
      );
      return {
        created: false,
        errorCode: CYCLE_BILLING_ERROR,
        message: `the invoice could not be created in ${RUN_CYCLE_MAX_ATTEMPTS} attempts`,
      };
    }
  }

  /**
   * `recharge`: the saved card pays the cycle's invoice at once (merchant-initiated, no 3DS). The
   * attempt is recorded on the recurring stream first, so a cycle is charged at most once: a retried
   * or re-run job, or a second worker, finds it started and does not charge again (a crash between
   * the record and the charge leaves the invoice for the payer: never a second charge). A refused
   * charge leaves the invoice PENDING for the payer to pay on its page (and `missed_payment_action`
   * applies if it expires).
   */
  private async recharge(recurring: RecurringSnapshot, cycle: number, invoiceId: string, job: CycleRun): Promise<void> {
    const started = await this.decide(
      { type: 'StartCycleRecharge', id: recurring.recurringPaymentId, cycle, invoiceId, now: job.now },
      job,
    );
    if (started.events.length === 0) return;
    const context = {
      requestId: job.requestId,
      actor: 'system:recurring-recharge',
      businessId: recurring.businessId,
      mode: recurring.mode,
    };
    try {
      await this.commands.execute(
        new PayInvoiceByCardCommand(invoiceId, recurring.creditCardToken!, undefined, context, true),
      );
    } catch (error) {
      // Not retried (at most once per cycle): the invoice waits for the payer.
      if (error instanceof DomainError)
        this.logger.warn(
          `Recurring ${recurring.recurringPaymentId}: invoice ${invoiceId} not charged to the saved card ` +
            `(${error.code})`,
        );
      else
        this.logger.error(
          `Recurring ${recurring.recurringPaymentId}: charging invoice ${invoiceId} to the saved card failed: ` +
            `${String(error)}`,
        );
    }
  }
}
