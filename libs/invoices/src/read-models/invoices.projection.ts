import { assertNever } from '@gateway/domain';
import { Scheduler } from '@gateway/scheduler';
import { EventByEventProjection, InjectableProjection } from '@gateway/projections';
import type { ClientBase } from 'pg';
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
export class InvoicesProjection extends EventByEventProjection<InvoiceOwnEvent> {
  constructor(private readonly scheduler: Scheduler) {
    super({ name: INVOICES_PROJECTION, tables: ['invoices'], eventTypes: INVOICE_EVENT_TYPES });
  }

  protected async applyEvent(event: InvoiceOwnEvent, tx: ClientBase): Promise<void> {
    const invoice = event.data.invoice;
    switch (event.type) {
      case 'InvoiceCreated': {
        const { rowCount } = await tx.query(
          `INSERT INTO invoices (invoice_id, business_id, mode, external_id, status, client_type, ` +
            `recurring_payment_id, created_at, snapshot)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (invoice_id) DO NOTHING`,
          [
            invoice.invoiceId,
            invoice.businessId,
            invoice.mode,
            invoice.externalId,
            invoice.status,
            invoice.clientType,
            invoice.recurringPaymentId ?? null,
            invoice.createdAt,
            invoice,
          ],
        );
        if (rowCount === 0) return;
        const payload: ExpireInvoicePayload = { invoiceId: invoice.invoiceId };
        await this.scheduler.schedule(
          {
            kind: EXPIRE_INVOICE_JOB,
            key: `invoice-expire:${invoice.invoiceId}`,
            payload,
            dueAt: new Date(invoice.expiryDate),
            businessId: invoice.businessId,
            mode: invoice.mode,
          },
          tx,
        );
        break;
      }
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
