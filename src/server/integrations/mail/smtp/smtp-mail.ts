import nodemailer from 'nodemailer';
import { MailError, type Mail, type MailPort } from '../port';

export const DEFAULT_MAIL_FROM = 'Servc <no-reply@servc.example>';

export interface SmtpConfig {
  /** SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465 or smtp://127.0.0.1:2525 */
  url: string;
  /** MAIL_FROM */
  from?: string;
  /** Connecting, greeting and each command; a server that stops answering fails instead of hanging. */
  timeoutMs?: number;
}

/** Mail through an SMTP server (nodemailer). Errors say what failed, never the mail or the credentials. */
export function createSmtpMail(config: SmtpConfig): MailPort {
  const timeout = config.timeoutMs ?? 10_000;
  const transport = nodemailer.createTransport({
    url: config.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  const from = config.from ?? DEFAULT_MAIL_FROM;

  return {
    kind: 'smtp',
    async send(mail: Mail): Promise<void> {
      try {
        const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        if (info.rejected.length > 0) throw new MailError('The mail server refused the recipient.');
      } catch (error) {
        if (error instanceof MailError) throw error;
        throw new MailError(describe(error), { cause: error });
      }
    },
  };
}

/** TLS trouble as nodemailer reports it: its own ETLS, or a socket error from OpenSSL or the certificate check. */
const TLS_TROUBLE = /\b(ssl|tls)\b|certificate|wrong version number/i;

/** Built from the error's codes only: never its message, which can hold the server's text or the user name. */
function describe(error: unknown): string {
  const { code, responseCode, message } = error as { code?: string; responseCode?: number; message?: string };
  // Before the 5xx check: a refused login is EAUTH with 535.
  if (code === 'EAUTH') return 'The mail server did not accept our credentials.';
  if (code === 'ETLS' || (code === 'ESOCKET' && TLS_TROUBLE.test(message ?? '')))
    return 'A secure connection to the mail server failed: check smtp:// versus smtps:// and its certificate.';
  if (code === 'EENVELOPE' || (responseCode !== undefined && responseCode >= 500 && responseCode < 600))
    return `The mail server refused the mail (${responseCode ?? code}).`;
  if (code === 'ETIMEDOUT') return 'The mail server did not answer in time.';
  if (code === 'ECONNECTION' || code === 'ESOCKET' || code === 'EDNS')
    return 'The mail server could not be reached.';
  return `The mail could not be sent${code ? ` (${code})` : ''}.`;
}
