import { MailTransport, SmtpMailTransport } from '@gateway/invoices';
import { AppConfig } from '@gateway/platform';
import { Injectable, Logger } from '@nestjs/common';
import { Pool } from 'pg';

export interface DashboardMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Mail to dashboard users (password resets), through the same MAIL_TRANSPORT as payer emails:
 * every message is kept in `dashboard_mail_outbox` (what an operator without SMTP, and the
 * tests, read), and with MAIL_TRANSPORT=smtp also sent through SMTP_URL. A failed send is
 * recorded on the message and logged; the user can ask again.
 */
@Injectable()
export class DashboardMailer {
  private readonly logger = new Logger('DashboardMailer');
  private readonly transport: MailTransport | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly config: AppConfig,
  ) {
    this.transport = config.MAIL_TRANSPORT === 'smtp' && config.SMTP_URL ? new SmtpMailTransport(config.SMTP_URL) : undefined;
  }

  async send(mail: DashboardMail, now: Date): Promise<void> {
    const { rows } = await this.pool.query<{ mail_id: string }>(
      'INSERT INTO dashboard_mail_outbox (to_address, subject, body, created_at) VALUES ($1, $2, $3, $4) RETURNING mail_id',
      [mail.to, mail.subject, mail.text, now],
    );
    if (!this.transport) return;
    try {
      await this.transport.send({ from: this.config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
      await this.pool.query('UPDATE dashboard_mail_outbox SET sent_at = now() WHERE mail_id = $1', [rows[0].mail_id]);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.error(`Could not send dashboard mail ${rows[0].mail_id}: ${reason}`);
      await this.pool.query('UPDATE dashboard_mail_outbox SET error = $2 WHERE mail_id = $1', [rows[0].mail_id, reason.slice(0, 500)]);
    }
  }
}
