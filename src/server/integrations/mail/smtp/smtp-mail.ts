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

function describe(error: unknown): string {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  if (code === 'EENVELOPE' || (responseCode !== undefined && responseCode >= 500 && responseCode < 600))
    return `The mail server refused the mail (${responseCode ?? code}).`;
  if (code === 'ETIMEDOUT') return 'The mail server did not answer in time.';
  if (code === 'ECONNECTION' || code === 'ESOCKET' || code === 'EDNS')
    return 'The mail server could not be reached.';
  if (code === 'EAUTH') return 'The mail server did not accept our credentials.';
  return `The mail could not be sent${code ? ` (${code})` : ''}.`;
}
