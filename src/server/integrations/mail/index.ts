import { createSmtpMail } from './smtp/smtp-mail';
import type { MailPort, SandboxMailPort } from './port';

export type { Mail, MailPort, SandboxMailPort } from './port';
export { MailError } from './port';
export { DEFAULT_MAIL_FROM } from './smtp/smtp-mail';

export interface MailConfig {
  /** SMTP_URL; without it the built-in sandbox keeps the mails for the operator to read. */
  smtpUrl?: string;
  /** MAIL_FROM */
  from?: string;
  timeoutMs?: number;
}

/** SMTP when `SMTP_URL` is set, otherwise the sandbox (built by the composition root, which has the database). */
export function createMail(config: MailConfig, sandbox: () => SandboxMailPort): MailPort | SandboxMailPort {
  if (!config.smtpUrl) return sandbox();
  return createSmtpMail({ url: config.smtpUrl, from: config.from, timeoutMs: config.timeoutMs });
}

export const isSandboxMail = (mail: MailPort): mail is SandboxMailPort => mail.kind === 'sandbox';
