import { MailTransport, SmtpMailTransport } from '@gateway/invoices';
import { AppConfig } from '@gateway/config';
import { Injectable, Logger } from '@nestjs/common';
import { Pool } from 'pg';

export interface DashboardMail {
  to: string;
  subject: string;
  text: string;
  /** What in `text` grants access (a reset link's token): never stored in the outbox's body. */
  secret?: string;
  /** How long the one deliverable copy waits without SMTP (the secret's own lifetime). */
  readableForMs?: number;
}

/** What the outbox's body shows instead of the secret. */
export const REDACTED_SECRET = '[link sent by mail only]';

/**
 * Mail to dashboard users (password resets), through the same MAIL_TRANSPORT as payer emails:
 * every message is kept in `dashboard_mail_outbox` with its secret redacted (whoever reads the
 * table cannot take over an account), and with MAIL_TRANSPORT=smtp sent through SMTP_URL. Without
 * SMTP (outbox transport: tests, an operator without mail), the full text waits in `readable_body`
 * until read once (`takeReadable`) or `readableForMs` passes. A failed send is recorded on the
 * message and logged; the user can ask again. Rows are purged by DashboardMailOutboxPurgeJob.
 */
@Injectable()
export class DashboardMailer {
  private readonly logger = new Logger('DashboardMailer');
  private readonly transport: MailTransport | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly config: AppConfig,
  ) {
    this.transport =
      config.MAIL_TRANSPORT === 'smtp' && config.SMTP_URL
        ? new SmtpMailTransport(config.SMTP_URL, { caFile: config.SMTP_CA_FILE })
        : undefined;
  }

  async send(mail: DashboardMail, now: Date): Promise<void> {
    const stored = mail.secret ? mail.text.split(mail.secret).join(REDACTED_SECRET) : mail.text;
    const readable = !this.transport && mail.secret ? mail.text : null;
    const readableUntil = readable ? new Date(now.getTime() + (mail.readableForMs ?? 0)) : null;
    const { rows } = await this.pool.query<{ mail_id: string }>(
      `INSERT INTO dashboard_mail_outbox (to_address, subject, body, created_at, readable_body, readable_until)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING mail_id`,
      [mail.to, mail.subject, stored, now, readable, readableUntil],
    );
    if (!this.transport) return;
    try {
      await this.transport.send({ from: this.config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
      await this.pool.query('UPDATE dashboard_mail_outbox SET sent_at = now() WHERE mail_id = $1', [rows[0].mail_id]);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.error(`Could not send dashboard mail ${rows[0].mail_id}: ${reason}`);
      await this.pool.query('UPDATE dashboard_mail_outbox SET error = $2 WHERE mail_id = $1', [
        rows[0].mail_id,
        reason.slice(0, 500),
      ]);
    }
  }

  /**
   * The deliverable copy of the newest unread mail to this address (outbox transport only), once:
   * reading it clears it. Undefined when there is none, it was read, or it expired.
   */
  async takeReadable(to: string, now: Date): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ readable_body: string }>(
      `WITH taken AS (
         SELECT mail_id, readable_body FROM dashboard_mail_outbox
          WHERE to_address = $1 AND readable_until > $2 ORDER BY mail_id DESC LIMIT 1 FOR UPDATE
       )
       UPDATE dashboard_mail_outbox o SET readable_body = NULL, readable_until = NULL
         FROM taken WHERE o.mail_id = taken.mail_id
       RETURNING taken.readable_body`,
      [to, now],
    );
    return rows[0]?.readable_body;
  }
}
