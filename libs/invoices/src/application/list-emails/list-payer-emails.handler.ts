import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { ListPayerEmailsQuery, type PayerEmailView } from './list-payer-emails.query';

interface PayerEmailRow {
  email_id: string;
  invoice_id: string;
  recurring_payment_id: string | null;
  template: string;
  recipient: string;
  subject: string;
  text_body: string;
  created_at: Date | string;
}

@QueryHandler(ListPayerEmailsQuery)
export class ListPayerEmailsHandler implements IQueryHandler<ListPayerEmailsQuery, PayerEmailView[]> {
  constructor(private readonly pool: Pool) {}

  async execute(query: ListPayerEmailsQuery): Promise<PayerEmailView[]> {
    const { rows } = await this.pool.query<PayerEmailRow>(
      `SELECT email_id, invoice_id, recurring_payment_id, template, recipient, subject, text_body, ` +
        `created_at FROM invoice_emails
        WHERE business_id = $1 AND mode = $2 AND ($3::text IS NULL OR invoice_id = $3) AND ($4::text IS NULL OR ` +
        `recurring_payment_id = $4)
        ORDER BY created_at DESC, email_id DESC LIMIT $5`,
      [
        query.businessId,
        query.mode,
        query.filter.invoiceId ?? null,
        query.filter.recurringPaymentId ?? null,
        query.filter.limit ?? 100,
      ],
    );
    return rows.map((row) => ({
      id: row.email_id,
      invoiceId: row.invoice_id,
      recurringPaymentId: row.recurring_payment_id,
      template: row.template,
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      created: new Date(row.created_at).toISOString(),
    }));
  }
}
