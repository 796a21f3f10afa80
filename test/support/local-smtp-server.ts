import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The raw message (headers and body) as the server received it. */
  raw: string;
  /** The header block, unfolded; and the body decoded from its transfer encoding. */
  headers: string;
  text: string;
  /** The recipients of the envelope. */
  to: string[];
  /** Whether the session was encrypted when the message arrived. */
  secure: boolean;
}

export interface SeenLogin {
  username: string;
  password: string;
  secure: boolean;
}

export interface LocalSmtpServer {
  port: number;
  /** A PEM file holding the server's self-signed certificate (what SMTP_CA_FILE points at). */
  caFile: string;
  messages: ReceivedMail[];
  /** Every AUTH the server received, with whether it came over TLS. */
  logins: SeenLogin[];
  close(): Promise<void>;
}

export type LocalSmtpMode =
  /** Plain connection, STARTTLS offered (a submission port, 587). */
  | 'starttls'
  /** TLS from the first byte (465). */
  | 'implicit-tls'
  /** Plain connection, no STARTTLS, AUTH accepted in clear: a relay a careful client must refuse. */
  | 'plain-only';

/**
 * A real SMTP server (`smtp-server`, by nodemailer's authors) on 127.0.0.1 with a certificate made
 * for this run (`selfsigned`), for 'localhost' and 127.0.0.1. It accepts any credentials and every
 * message, and remembers them.
 */
export async function startLocalSmtpServer(mode: LocalSmtpMode): Promise<LocalSmtpServer> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const directory = mkdtempSync(join(tmpdir(), 'smtp-ca-'));
  const caFile = join(directory, 'ca.pem');
  writeFileSync(caFile, pems.cert);
  const messages: ReceivedMail[] = [];
  const logins: SeenLogin[] = [];
  const server = new SMTPServer({
    secure: mode === 'implicit-tls',
    key: pems.private,
    cert: pems.cert,
    name: 'localhost',
    logger: false,
    authOptional: true,
    ...(mode === 'plain-only' ? { disabledCommands: ['STARTTLS'], allowInsecureAuth: true } : {}),
    onAuth(auth, session, callback) {
      logins.push({ username: auth.username ?? '', password: auth.password ?? '', secure: session.secure });
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address);
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({ raw, ...decoded(raw), to, secure: session.secure });
        callback();
      });
    },
  });
  // A client that refuses our certificate hangs up mid-handshake: expected here, not a failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    caFile,
    messages,
    logins,
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          rmSync(directory, { recursive: true, force: true });
          resolve();
        }),
      ),
  };
}

/** Splits a single-part message and undoes its Content-Transfer-Encoding, so tests read the text. */
function decoded(raw: string): { headers: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return { headers, text: Buffer.from(body, 'base64').toString('utf8') };
  if (encoding !== 'quoted-printable') return { headers, text: body };
  const soft = body.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < soft.length; index += 1) {
    const hex = soft.slice(index + 1, index + 3);
    if (soft[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else bytes.push(soft.charCodeAt(index));
  }
  return { headers, text: Buffer.from(bytes).toString('utf8') };
}
