import { AppConfig } from '@gateway/config';
import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler } from '@gateway/scheduler';
import { Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { MailTransport } from './mail-transport';

export const SEND_PAYER_EMAIL_JOB = 'invoices.send-payer-email';

export interface SendPayerEmailPayload {
  emailId: string;
}

/** Delivers one live-mode outbox email through the configured transport (retried by the scheduler). */
@HandlesScheduledJob(SEND_PAYER_EMAIL_JOB)
@Injectable()
export class SendPayerEmailJob implements ScheduledJobHandler<SendPayerEmailPayload> {
  constructor(
    private readonly pool: Pool,
    private readonly transport: MailTransport,
    private readonly config: AppConfig,
  ) {}

  async handle(job: DueJob<SendPayerEmailPayload>): Promise<void> {
    const { rows } = await this.pool.query<{ mode: string; recipient: string; subject: string; text_body: string }>(
      'SELECT mode, recipient, subject, text_body FROM invoice_emails WHERE email_id = $1',
      [job.payload.emailId],
    );
    // Test mode never sends, whatever the transport.
    if (rows.length === 0 || rows[0].mode !== 'live') return;
    await this.transport.send({
      from: this.config.MAIL_FROM,
      to: rows[0].recipient,
      subject: rows[0].subject,
      text: rows[0].text_body,
    });
  }
}
