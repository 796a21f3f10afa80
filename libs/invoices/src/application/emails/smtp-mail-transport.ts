import { readFileSync } from 'node:fs';
import { createTransport, type Transporter } from 'nodemailer';
import { MailTransport, type OutboundMail } from './mail-transport';

/** Connecting, the server's greeting and each later reply: a stuck relay fails the send (the job retries). */
const TIMEOUT_MS = 15_000;

export interface SmtpTransportOptions {
  /**
   * A PEM file of certificate authorities to trust instead of Node's bundled ones (SMTP_CA_FILE):
   * for a private relay or a test server. Verification itself is never turned off.
   */
  caFile?: string;
}

/**
 * Sends through SMTP_URL with nodemailer:
 * - `smtps://host[:465]`: implicit TLS from the first byte;
 * - `smtp://user:password@host[:587]`: STARTTLS is REQUIRED before AUTH; a server that does not
 *   offer it fails the send, so credentials never cross the network in clear;
 * - `smtp://host[:25]` (no credentials): STARTTLS when the server offers it, else plain (nothing
 *   secret to protect but the mail, as with any MTA-to-MTA hop).
 * The server's certificate is always verified (against SMTP_CA_FILE when given).
 */
export class SmtpMailTransport extends MailTransport {
  readonly name = 'smtp';
  private readonly transporter: Transporter;

  constructor(smtpUrl: string, options: SmtpTransportOptions = {}) {
    super();
    const url = new URL(smtpUrl);
    const secure = url.protocol === 'smtps:';
    const user = decodeURIComponent(url.username);
    this.transporter = createTransport({
      host: url.hostname,
      port: Number(url.port || (secure ? 465 : 25)),
      secure,
      requireTLS: !secure && user !== '',
      auth: user ? { user, pass: decodeURIComponent(url.password) } : undefined,
      tls: {
        rejectUnauthorized: true,
        minVersion: 'TLSv1.2',
        ...(options.caFile ? { ca: readFileSync(options.caFile) } : {}),
      },
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
      name: 'gateway',
    });
  }

  async send(mail: OutboundMail): Promise<void> {
    // Plain text to one recipient. Addresses go as objects: nodemailer would otherwise parse a
    // string as an address LIST ("a@x, b@y"), so a hostile value could add recipients.
    await this.transporter.sendMail({
      from: { name: '', address: mail.from },
      to: { name: '', address: mail.to },
      subject: mail.subject,
      text: mail.text,
    });
  }
}
