import { CaptureChargeCommand, type ChargeView, GetChargeQuery } from '@gateway/cards';
import { DomainError } from '@gateway/domain';
import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler } from '@gateway/scheduler';
import { Injectable, Logger } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';

export const CAPTURE_CARD_CHARGE_JOB = 'invoices.capture-card-charge';
/** Long enough for the paying request's own capture to have happened; short next to the 7-day authorization. */
export const CAPTURE_FOLLOW_UP_DELAY_MS = 60_000;

export interface CaptureCardChargePayload {
  invoiceId: string;
  chargeId: string;
  amount: number;
}

/**
 * `PayInvoiceByCardHandler` authorizes, pays the invoice, then captures. A crash between the last
 * two would leave the charge AUTHORIZED (to lapse after 7 days) while the invoice counts the
 * money. The invoices projection writes this job with the paid invoice's row (one transaction,
 * from the checkpointed InvoicePaid), due a minute later on the business's clock: it captures a
 * charge still AUTHORIZED and leaves a captured one alone, so it is idempotent, and it does not
 * race the paying request's own capture.
 */
@HandlesScheduledJob(CAPTURE_CARD_CHARGE_JOB)
@Injectable()
export class CaptureCardChargeJob implements ScheduledJobHandler<CaptureCardChargePayload> {
  private readonly logger = new Logger(CaptureCardChargeJob.name);

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  async handle(job: DueJob<CaptureCardChargePayload>): Promise<void> {
    const { invoiceId, chargeId, amount } = job.payload;
    const businessId = job.businessId!;
    const mode = job.mode!;
    try {
      const charge: ChargeView = await this.queries.execute(new GetChargeQuery(businessId, mode, chargeId));
      if (charge.status !== 'AUTHORIZED') return;
      await this.commands.execute(
        new CaptureChargeCommand(businessId, mode, chargeId, amount, {
          requestId: `job_${job.id}`,
          actor: 'system:invoice-card-capture',
          businessId,
          mode,
        }),
      );
      this.logger.log(
        `Captured charge ${chargeId} of invoice ${invoiceId}, left authorized after the invoice's payment`,
      );
    } catch (error) {
      if (error instanceof DomainError && error.code === 'INVALID_CHARGE_STATUS_ERROR') return; // captured meanwhile
      if (error instanceof DomainError) {
        this.logger.error(`Cannot capture charge ${chargeId} of invoice ${invoiceId}: ${error.code}`);
        return;
      }
      throw error;
    }
  }
}
