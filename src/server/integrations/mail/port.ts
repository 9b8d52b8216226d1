import type { SandboxMail } from '#shared/schemas/mail';

/** An e-mail as we send it: plain text only, one recipient. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** A mail could not be handed over (server down, recipient refused, timeout); never holds the mail's text. */
export class MailError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailError';
  }
}

/**
 * Sends e-mail: the built-in sandbox (stored for the operator to read) or an SMTP server. Resolves once the
 * mail is accepted for delivery; rejects with a `MailError`.
 */
export interface MailPort {
  /** `sandbox`: nothing leaves the machine; the operator reads what was "sent". */
  readonly kind: 'sandbox' | 'smtp';
  send(mail: Mail): Promise<void>;
}

/** The built-in adapter also lists what it "sent", for the operator. */
export interface SandboxMailPort extends MailPort {
  readonly kind: 'sandbox';
  /** What was "sent", newest first. */
  list(): Promise<SandboxMail[]>;
}
