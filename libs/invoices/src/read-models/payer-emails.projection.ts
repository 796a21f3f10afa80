import type { RecordedEvent } from '@gateway/event-store';
import { Scheduler } from '@gateway/scheduler';
import { EventByEventProjection, InjectableProjection } from '@gateway/projections';
import type { ClientBase } from 'pg';
import { type PayerEmailTemplate, renderPayerEmail } from '../application/emails/payer-email.templates';
import { SEND_PAYER_EMAIL_JOB, type SendPayerEmailPayload } from '../application/emails/send-payer-email.job';
import type { InvoiceOwnEvent } from '../domain/invoice.events';

export const PAYER_EMAILS_PROJECTION = 'invoices.payer-emails';

const TEMPLATE_OF: Partial<Record<InvoiceOwnEvent['type'], PayerEmailTemplate>> = {
  InvoiceCreated: 'invoice_created',
  InvoicePaid: 'invoice_paid',
  InvoiceExpired: 'invoice_expired',
};

/**
 * The payer email outbox: when `should_send_email` is true, each created, paid or expired
 * invoice leaves one rendered email here (keyed by the event id: a replay writes it once).
 * Live-mode emails also get a delivery job; the transport decides whether anything leaves.
 */
@InjectableProjection()
export class PayerEmailsProjection extends EventByEventProjection<InvoiceOwnEvent> {
  constructor(private readonly scheduler: Scheduler) {
    super({
      name: PAYER_EMAILS_PROJECTION,
      tables: ['invoice_emails'],
      eventTypes: ['InvoiceCreated', 'InvoicePaid', 'InvoiceExpired'],
    });
  }

  protected async applyEvent(event: InvoiceOwnEvent, tx: ClientBase, recorded: RecordedEvent): Promise<void> {
    const template = TEMPLATE_OF[event.type];
    const invoice = event.data.invoice;
    if (!template || !invoice.shouldSendEmail) return;
    const { subject, text } = renderPayerEmail(template, invoice);
    const { rowCount } = await tx.query(
      `INSERT INTO invoice_emails (email_id, business_id, mode, invoice_id, recurring_payment_id, template, ` +
        `recipient, subject, text_body, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (email_id) DO NOTHING`,
      [
        recorded.id,
        invoice.businessId,
        invoice.mode,
        invoice.invoiceId,
        invoice.recurringPaymentId ?? null,
        template,
        invoice.payerEmail,
        subject,
        text,
        invoice.updatedAt,
      ],
    );
    if (rowCount === 0 || invoice.mode !== 'live') return;
    const payload: SendPayerEmailPayload = { emailId: recorded.id };
    await this.scheduler.schedule(
      {
        kind: SEND_PAYER_EMAIL_JOB,
        key: `payer-email:${recorded.id}`,
        payload,
        dueAt: new Date(invoice.updatedAt),
        businessId: invoice.businessId,
        mode: invoice.mode,
      },
      tx,
    );
  }
}
