import { assertNever } from '@gateway/domain';
import { Scheduler } from '@gateway/scheduler';
import type { RecordedEvent } from '@gateway/event-store';
import { DescribedProjection, InjectableProjection, runPlannedStatements, typedEvents } from '@gateway/projections';
import type { ClientBase, QueryConfig } from 'pg';
import { EXPIRE_INVOICE_JOB, type ExpireInvoicePayload } from '../application/expire-invoice/expire-invoice.job';
import {
  CAPTURE_CARD_CHARGE_JOB,
  CAPTURE_FOLLOW_UP_DELAY_MS,
  type CaptureCardChargePayload,
} from '../application/pay-by-card/capture-card-charge.job';
import { INVOICE_EVENT_TYPES, type InvoiceOwnEvent, type InvoiceSnapshot } from '../domain/invoice.events';

export const INVOICES_PROJECTION = 'invoices.invoices';

/**
 * The invoice GETs and list read this table; a created invoice gets its expiry timer (due at
 * `expiry_date` on the business's clock) in the same transaction as its row.
 */
@InjectableProjection()
export class InvoicesProjection extends DescribedProjection {
  constructor(private readonly scheduler: Scheduler) {
    super({ name: INVOICES_PROJECTION, tables: ['invoices'], eventTypes: INVOICE_EVENT_TYPES });
  }

  /**
   * Events apply in log order; new invoices, the bulk of a busy log, are gathered and written
   * together (one row statement, one timer statement), flushed before any other event (which may
   * update one of those rows) and at the end.
   */
  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    const created: InvoiceSnapshot[] = [];
    for (const { event } of typedEvents<InvoiceOwnEvent>(events)) {
      if (event.type === 'InvoiceCreated') {
        created.push(event.data.invoice);
        continue;
      }
      await this.insertCreated(created.splice(0), tx);
      const invoice = event.data.invoice;
      switch (event.type) {
        case 'InvoicePaid':
          await this.update(tx, invoice);
          await this.followUpCardCapture(tx, invoice);
          break;
        case 'InvoiceExpired':
        case 'InvoiceSettled':
          await this.update(tx, invoice);
          break;
        default:
          assertNever(event, 'invoice event');
      }
    }
    await this.insertCreated(created, tx);
  }

  /**
   * A batch of new invoices only (the bulk of a busy log) reads nothing: their rows and expiry
   * timers, planned, sent with the batch's framing.
   */
  plannedStatements(events: RecordedEvent[]): QueryConfig[] | undefined {
    const created: InvoiceSnapshot[] = [];
    for (const { event } of typedEvents<InvoiceOwnEvent>(events)) {
      if (event.type !== 'InvoiceCreated') return undefined;
      created.push(event.data.invoice);
    }
    return this.createdStatements(created);
  }

  private async insertCreated(invoices: InvoiceSnapshot[], tx: ClientBase): Promise<void> {
    await runPlannedStatements(tx, this.createdStatements(invoices));
  }

  /**
   * New invoices' rows and their expiry timers. A replayed invoice keeps its row; its timer, if
   * still pending, is set to the same expiry again (the scheduler's upsert), one that ran is left.
   */
  private createdStatements(invoices: InvoiceSnapshot[]): QueryConfig[] {
    if (invoices.length === 0) return [];
    const rows: QueryConfig = {
      name: 'invoices_insert_created',
      text:
        `INSERT INTO invoices (invoice_id, business_id, mode, external_id, status, client_type, ` +
        `recurring_payment_id, created_at, snapshot)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], ` +
        `$8::timestamptz[], $9::jsonb[])
       ON CONFLICT (invoice_id) DO NOTHING`,
      values: [
        invoices.map((invoice) => invoice.invoiceId),
        invoices.map((invoice) => invoice.businessId),
        invoices.map((invoice) => invoice.mode),
        invoices.map((invoice) => invoice.externalId),
        invoices.map((invoice) => invoice.status),
        invoices.map((invoice) => invoice.clientType),
        invoices.map((invoice) => invoice.recurringPaymentId ?? null),
        invoices.map((invoice) => invoice.createdAt),
        invoices.map((invoice) => JSON.stringify(invoice)),
      ],
    };
    const timers = this.scheduler.scheduleManyStatement(
      invoices.map((invoice) => ({
        kind: EXPIRE_INVOICE_JOB,
        key: `invoice-expire:${invoice.invoiceId}`,
        payload: { invoiceId: invoice.invoiceId } satisfies ExpireInvoicePayload,
        dueAt: new Date(invoice.expiryDate),
        businessId: invoice.businessId,
        mode: invoice.mode,
      })),
    );
    return timers ? [rows, timers] : [rows];
  }

  private async update(tx: ClientBase, invoice: InvoiceSnapshot): Promise<void> {
    await tx.query(
      `UPDATE invoices SET status = $2, payment_channel = $3, paid_at = $4, expired_at = $5, ` +
        `snapshot = $6 WHERE invoice_id = $1`,
      [
        invoice.invoiceId,
        invoice.status,
        invoice.payment?.channel ?? null,
        invoice.payment?.paidAt ?? null,
        invoice.expiredAt ?? null,
        invoice,
      ],
    );
  }

  /** A card-paid invoice: the crash-safe follow-up of the capture (a no-op when the charge is captured). */
  private async followUpCardCapture(tx: ClientBase, invoice: InvoiceSnapshot): Promise<void> {
    const chargeId = invoice.payment?.method === 'CREDIT_CARD' ? invoice.payment.creditCardChargeId : undefined;
    if (!chargeId) return;
    const payload: CaptureCardChargePayload = {
      invoiceId: invoice.invoiceId,
      chargeId,
      amount: invoice.payment!.amount,
    };
    await this.scheduler.schedule(
      {
        kind: CAPTURE_CARD_CHARGE_JOB,
        key: `invoice-card-capture:${invoice.invoiceId}`,
        payload,
        dueAt: new Date(Date.parse(invoice.payment!.paidAt) + CAPTURE_FOLLOW_UP_DELAY_MS),
        businessId: invoice.businessId,
        mode: invoice.mode,
      },
      tx,
    );
  }
}
