import { SmtpMailTransport } from '@gateway/invoices';
import { type LocalSmtpServer, startLocalSmtpServer } from './support/local-smtp-server';

const MAIL = {
  from: 'billing@toko.test',
  to: 'payer@example.test',
  subject: 'Invoice INV-1: Rp 25.000',
  // A line starting with "." (the end-of-data marker unless stuffed) and a non-ASCII line.
  text: 'Pay here: https://pay.example.test/invoices/abc\n.this line starts with a dot\nTerima kasih — Toko',
};

/**
 * Issue 22, item 6: the SMTP transport (nodemailer) against a real SMTP server (`smtp-server`)
 * with a certificate made for the run: STARTTLS (587 style) and implicit TLS (465 style),
 * credentials never in clear, the certificate verified unless SMTP_CA_FILE says whom to trust.
 */
describe('SMTP transport (nodemailer) against a local SMTP server', () => {
  const servers: LocalSmtpServer[] = [];
  const start = async (mode: Parameters<typeof startLocalSmtpServer>[0]) => {
    const server = await startLocalSmtpServer(mode);
    servers.push(server);
    return server;
  };
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it('upgrades smtp:// with credentials by STARTTLS before AUTH, and delivers the mail intact', async () => {
    const server = await start('starttls');
    const url = `smtp://mailer%40toko:p%40ss@localhost:${server.port}`;
    const transport = new SmtpMailTransport(url, { caFile: server.caFile });
    await transport.send(MAIL);
    expect(server.logins).toEqual([{ username: 'mailer@toko', password: 'p@ss', secure: true }]);
    expect(server.messages).toHaveLength(1);
    const [message] = server.messages;
    expect(message).toMatchObject({ to: ['payer@example.test'], secure: true });
    expect(message.headers).toMatch(/^From: billing@toko\.test$/m);
    expect(message.headers).toMatch(/^To: payer@example\.test$/m);
    expect(message.headers).toMatch(/^Subject: Invoice INV-1: Rp 25\.000$/m);
    expect(message.text.replace(/\r\n/g, '\n').trimEnd()).toBe(MAIL.text);
  });

  it('speaks TLS from the first byte with smtps://', async () => {
    const server = await start('implicit-tls');
    await new SmtpMailTransport(`smtps://mailer:secret@127.0.0.1:${server.port}`, { caFile: server.caFile }).send(MAIL);
    expect(server.logins).toEqual([{ username: 'mailer', password: 'secret', secure: true }]);
    expect(server.messages.map((message) => message.secure)).toEqual([true]);
  });

  it('refuses to send credentials to a server that offers no STARTTLS', async () => {
    const server = await start('plain-only');
    const transport = new SmtpMailTransport(`smtp://mailer:secret@127.0.0.1:${server.port}`, { caFile: server.caFile });
    await expect(transport.send(MAIL)).rejects.toThrow(/STARTTLS|TLS/i);
    expect(server.logins).toEqual([]);
    expect(server.messages).toEqual([]);
  });

  it('verifies the certificate by default: a self-signed one is refused without SMTP_CA_FILE', async () => {
    const starttls = await start('starttls');
    const viaStarttls = new SmtpMailTransport(`smtp://mailer:secret@localhost:${starttls.port}`);
    await expect(viaStarttls.send(MAIL)).rejects.toThrow(/certificate/i);
    const implicit = await start('implicit-tls');
    const viaImplicitTls = new SmtpMailTransport(`smtps://mailer:secret@localhost:${implicit.port}`);
    await expect(viaImplicitTls.send(MAIL)).rejects.toThrow(/certificate/i);
    expect([...starttls.logins, ...implicit.logins, ...starttls.messages, ...implicit.messages]).toEqual([]);
  });

  it('uses STARTTLS without credentials when the server offers it', async () => {
    const server = await start('starttls');
    await new SmtpMailTransport(`smtp://localhost:${server.port}`, { caFile: server.caFile }).send(MAIL);
    expect(server.messages.map((message) => message.secure)).toEqual([true]);
  });

  it('cannot be made to add headers or recipients through the subject or the address', async () => {
    const server = await start('starttls');
    const transport = new SmtpMailTransport(`smtp://localhost:${server.port}`, { caFile: server.caFile });
    await transport.send({ ...MAIL, subject: 'Hello\r\nBcc: thief@evil.test' });
    // An address is one address, never a list: a hostile one is refused, not split into two.
    const hostile = { ...MAIL, to: 'payer@example.test\r\nBcc: thief@evil.test' };
    await expect(transport.send(hostile)).rejects.toThrow(/recipient/i);
    await expect(transport.send({ ...MAIL, to: 'payer@example.test, thief@evil.test' })).rejects.toThrow(/recipient/i);
    expect(server.messages.map((message) => message.to)).toEqual([['payer@example.test']]);
    expect(server.messages[0].headers).not.toMatch(/^Bcc:/im);
    expect(server.messages[0].headers).toMatch(/^Subject: Hello Bcc: thief@evil\.test$/m);
  });
});
