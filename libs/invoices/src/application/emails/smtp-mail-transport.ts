import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { MailTransport, type OutboundMail } from './mail-transport';

const TIMEOUT_MS = 15_000;

/**
 * A minimal SMTP client (RFC 5321: EHLO, AUTH PLAIN, MAIL, RCPT, DATA, QUIT) configured by
 * SMTP_URL (`smtp://user:pass@host:587`, `smtps://` for implicit TLS). Small on purpose: the
 * gateway sends short plain-text mails to one recipient, so a mail library is not needed.
 */
export class SmtpMailTransport extends MailTransport {
  readonly name = 'smtp';
  private readonly url: URL;

  constructor(smtpUrl: string) {
    super();
    this.url = new URL(smtpUrl);
  }

  async send(mail: OutboundMail): Promise<void> {
    const secure = this.url.protocol === 'smtps:';
    const port = Number(this.url.port || (secure ? 465 : 25));
    const socket: Socket = secure ? connectTls({ host: this.url.hostname, port, servername: this.url.hostname }) : connectTcp({ host: this.url.hostname, port });
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error('SMTP timeout')));
    const replies = replyReader(socket);
    try {
      await expect(replies, 220);
      await command(socket, replies, `EHLO gateway`, 250);
      if (this.url.username) {
        const credentials = Buffer.from(`\0${decodeURIComponent(this.url.username)}\0${decodeURIComponent(this.url.password)}`).toString('base64');
        await command(socket, replies, `AUTH PLAIN ${credentials}`, 235);
      }
      await command(socket, replies, `MAIL FROM:<${clean(mail.from)}>`, 250);
      await command(socket, replies, `RCPT TO:<${clean(mail.to)}>`, 250);
      await command(socket, replies, 'DATA', 354);
      const message = [
        `From: ${clean(mail.from)}`,
        `To: ${clean(mail.to)}`,
        `Subject: ${clean(mail.subject)}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        // Dot-stuffing: a line starting with "." would end the DATA section.
        ...mail.text.split(/\r?\n/).map((line) => (line.startsWith('.') ? `.${line}` : line)),
      ].join('\r\n');
      await command(socket, replies, `${message}\r\n.`, 250);
      await command(socket, replies, 'QUIT', 221);
    } finally {
      socket.end();
    }
  }
}

/** Header-safe: no CR/LF can inject headers or commands. */
const clean = (value: string) => value.replace(/[\r\n<>]/g, ' ').trim();

type Replies = () => Promise<{ code: number; text: string }>;

function replyReader(socket: Socket): Replies {
  let buffer = '';
  const waiting: ((line: { code: number; text: string } | Error) => void)[] = [];
  const ready: ({ code: number; text: string } | Error)[] = [];
  const push = (item: { code: number; text: string } | Error) => {
    const next = waiting.shift();
    if (next) next(item);
    else ready.push(item);
  };
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    let index: number;
    while ((index = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, index).replace(/\r$/, '');
      buffer = buffer.slice(index + 1);
      // Multi-line replies ("250-...") end with "250 ...".
      if (/^\d{3} /.test(line) || /^\d{3}$/.test(line)) push({ code: Number(line.slice(0, 3)), text: line });
    }
  });
  socket.on('error', (error) => push(error));
  socket.on('close', () => push(new Error('SMTP connection closed')));
  return () =>
    new Promise((resolve, reject) => {
      const handle = (item: { code: number; text: string } | Error) => (item instanceof Error ? reject(item) : resolve(item));
      const queued = ready.shift();
      if (queued) handle(queued);
      else waiting.push(handle);
    });
}

async function expect(replies: Replies, code: number): Promise<void> {
  const reply = await replies();
  if (reply.code !== code) throw new Error(`SMTP: expected ${code}, got "${reply.text}"`);
}

async function command(socket: Socket, replies: Replies, line: string, code: number): Promise<void> {
  socket.write(`${line}\r\n`);
  await expect(replies, code);
}
