import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MailError } from '../port';
import { createSmtpMail, DEFAULT_MAIL_FROM } from './smtp-mail';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on 127.0.0.1 (random port): it refuses any recipient at refused.example. */
function startSmtpServer(): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@refused.example')) {
        const error = Object.assign(new Error('No such user here'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({ server, port, received });
    });
  });
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => new Promise<void>((resolve) => smtp.server.close(() => resolve())));
afterEach(() => {
  smtp.received.length = 0;
});

describe('the SMTP mail adapter', () => {
  it('delivers the mail with its recipient, subject and text, from MAIL_FROM', async () => {
    const mail = createSmtpMail({ url: `smtp://127.0.0.1:${smtp.port}`, timeoutMs: 2_000 });
    await mail.send({
      to: 'new.person@example.com',
      subject: "You're invited to Bright Smile on Servc",
      text: 'Choose your password here:\nhttps://servc.example/invite/abc',
    });
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.to).toEqual(['new.person@example.com']);
    expect(message!.from).toBe('no-reply@servc.example');
    expect(message!.data).toContain(`From: ${DEFAULT_MAIL_FROM}`);
    expect(message!.data).toContain("Subject: You're invited to Bright Smile on Servc");
    expect(message!.data).toContain('https://servc.example/invite/abc');
  });

  it('uses the configured sender', async () => {
    const mail = createSmtpMail({
      url: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Front Office <office@clinic.example>',
    });
    await mail.send({ to: 'a@example.com', subject: 'Hi', text: 'Hello' });
    expect(smtp.received[0]!.from).toBe('office@clinic.example');
  });

  it('a refused recipient is a MailError saying so', async () => {
    const mail = createSmtpMail({ url: `smtp://127.0.0.1:${smtp.port}`, timeoutMs: 2_000 });
    const error = await mail
      .send({ to: 'ghost@refused.example', subject: 'Hi', text: 'secret text' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailError);
    expect((error as Error).message).toMatch(/refused/);
    expect((error as Error).message).not.toContain('secret text');
    expect(smtp.received).toHaveLength(0);
  });

  it('a refused login says the credentials, not "refused the mail", and never the user or server text', async () => {
    const strict = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(_auth, _session, callback) {
        callback(Object.assign(new Error('Bad password for mailer-user'), { responseCode: 535 }));
      },
    });
    await new Promise<void>((resolve) => strict.listen(0, '127.0.0.1', resolve));
    const { port } = strict.server.address() as AddressInfo;
    try {
      const mail = createSmtpMail({
        url: `smtp://mailer-user:s3cret-pass@127.0.0.1:${port}`,
        timeoutMs: 2_000,
      });
      const error = await mail
        .send({ to: 'a@example.com', subject: 'Hi', text: 'Hello' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailError);
      expect((error as Error).message).toBe('The mail server did not accept our credentials.');
      expect((error as Error).message).not.toMatch(/mailer-user|s3cret-pass|Bad password/);
    } finally {
      await new Promise<void>((resolve) => strict.close(() => resolve()));
    }
  });

  it('smtps:// to a plain server is a TLS failure that says to check smtp:// versus smtps://', async () => {
    const mail = createSmtpMail({
      url: `smtps://mailer-user:s3cret-pass@127.0.0.1:${smtp.port}`,
      timeoutMs: 2_000,
    });
    const error = await mail
      .send({ to: 'a@example.com', subject: 'Hi', text: 'Hello' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailError);
    expect((error as Error).message).toBe(
      'A secure connection to the mail server failed: check smtp:// versus smtps:// and its certificate.',
    );
    expect((error as Error).message).not.toMatch(/mailer-user|s3cret-pass|version number/);
    expect(smtp.received).toHaveLength(0);
  });

  it('a certificate we do not trust is a TLS failure too', async () => {
    // smtp-server's built-in certificate is self-signed.
    const secure = new SMTPServer({ secure: true, authOptional: true, logger: false });
    // It reports the client's hang-up on its side: expected here.
    secure.on('error', () => undefined);
    await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
    const { port } = secure.server.address() as AddressInfo;
    try {
      const mail = createSmtpMail({ url: `smtps://127.0.0.1:${port}`, timeoutMs: 2_000 });
      const error = await mail
        .send({ to: 'a@example.com', subject: 'Hi', text: 'Hello' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailError);
      expect((error as Error).message).toMatch(/^A secure connection to the mail server failed/);
    } finally {
      await new Promise<void>((resolve) => secure.close(() => resolve()));
    }
  });

  it('a server that is down is a MailError, not a hang', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const mail = createSmtpMail({ url: `smtp://127.0.0.1:${port}`, timeoutMs: 2_000 });
    const error = await mail
      .send({ to: 'a@example.com', subject: 'Hi', text: 'Hello' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailError);
    expect((error as Error).message).toMatch(/could not be reached/);
  });

  it('a server that accepts the connection but never answers times out', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const mail = createSmtpMail({ url: `smtp://127.0.0.1:${port}`, timeoutMs: 300 });
      const started = Date.now();
      const error = await mail
        .send({ to: 'a@example.com', subject: 'Hi', text: 'Hello' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailError);
      expect((error as Error).message).toMatch(/did not answer in time/);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
