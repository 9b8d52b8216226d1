import { DELIVERY_STATUSES, type DeliveryStatus } from '#shared/schemas/messaging';

export { DELIVERY_STATUSES, type DeliveryStatus };

const FINAL: ReadonlySet<DeliveryStatus> = new Set(['delivered', 'undelivered', 'failed', 'canceled']);
const STEP: Record<DeliveryStatus, number> = {
  queued: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
  canceled: 3,
};

export const isFinalStatus = (status: DeliveryStatus): boolean => FINAL.has(status);

/**
 * The status to keep when `next` is reported while the text is `current`. Reports arrive late and out of
 * order (a `sent` callback after `delivered`; one segment of a long text failing while another is
 * delivered), so a status never moves back and a final one never changes.
 */
export function advanceStatus(current: DeliveryStatus, next: DeliveryStatus): DeliveryStatus {
  if (isFinalStatus(current)) return current;
  return STEP[next] >= STEP[current] ? next : current;
}

/** A text to send: numbers in E.164, `from` one of the practice's numbers. */
export interface OutgoingText {
  from: string;
  to: string;
  body: string;
  /**
   * The same key sends once. The vendors take no key of their own, so an adapter remembers recent keys in
   * this process only; across restarts the caller's own record must keep a text from going twice.
   */
  idempotencyKey: string;
  /** The practice sending it (the built-in sandbox files the text under it; Twilio needs none). */
  practiceId?: string;
  /**
   * Set when an earlier attempt at this text may have reached the vendor without its answer reaching us (a
   * timeout once the request was sent, an answer that did not parse, a sender that died): the time the text
   * was queued. An adapter whose vendor takes no key looks for the text created since then before sending.
   */
  earlierAttemptSince?: Date;
}

export interface TextState {
  /** The vendor's id for the text (Twilio's message sid). */
  providerId: string;
  status: DeliveryStatus;
  /** The vendor's code for why a text was not delivered (Twilio 30003: unreachable handset, …). */
  errorCode?: number;
}

export type MessagingErrorKind = 'opted_out' | 'invalid_number' | 'rate_limited' | 'rejected' | 'unavailable';

/**
 * A text was not accepted, or its state could not be read.
 * - `opted_out`: the recipient replied STOP to this sender (Twilio 21610); never retry.
 * - `invalid_number`: not a number a text can go to (Twilio 21211).
 * - `rate_limited`: the vendor did not take the request (Twilio 20429); safe to send again, after
 *   `retryAfterMs` when the vendor said.
 * - `rejected`: any other refusal of our request (credentials, unknown message, cannot be canceled, …).
 * - `unavailable`: the vendor failed or could not be reached; a send may or may not have gone through.
 * The message holds codes, never the text or a phone number.
 */
export class MessagingError extends Error {
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  /** The vendor's error code (Twilio's `code`). */
  readonly vendorCode?: number;
  /** The HTTP status, when the vendor answered. */
  readonly status?: number;

  constructor(
    readonly kind: MessagingErrorKind,
    message: string,
    options: { retryAfterMs?: number; vendorCode?: number; status?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'MessagingError';
    this.retryable = kind === 'rate_limited';
    this.retryAfterMs = options.retryAfterMs;
    this.vendorCode = options.vendorCode;
    this.status = options.status;
  }
}

export const isMessagingError = (error: unknown): error is MessagingError => error instanceof MessagingError;

/** Sends texts: the built-in sandbox (nothing leaves the machine) or Twilio. Failures are `MessagingError`s. */
export interface Messaging {
  readonly kind: 'sandbox' | 'twilio';
  /**
   * The longest one `send` can take, every try, wait and lookup included: a sender's claim on a text must
   * outlast it, or a second sender takes the text while the first is still sending it.
   */
  readonly maxSendMs?: number;
  /** Resolves once the vendor has taken the text (usually `queued`). */
  send(text: OutgoingText): Promise<TextState>;
  status(providerId: string): Promise<TextState>;
  /** Calls a text off before it leaves; one already on its way is `rejected`. */
  cancel(providerId: string): Promise<TextState>;
}

/** A text the sandbox "sent". */
export interface SandboxText extends TextState {
  from: string;
  to: string;
  body: string;
  sentAt: string;
}

/** A delivery report as Twilio would post it to the status webhook (form fields). */
export type StatusReport = Record<string, string>;

/** The built-in adapter also shows what each of our numbers "sent". */
export interface SandboxMessaging extends Messaging {
  readonly kind: 'sandbox';
  /** The secret the sandbox signs its webhook posts with (random per process), as Twilio's auth token. */
  readonly authToken: string;
  /** What `from` "sent", newest first, with statuses as of now. */
  inbox(practiceId: string, from: string): Promise<SandboxText[]>;
  /**
   * Where the sandbox reports delivery: `sent`, then `delivered`, posted like Twilio's status callbacks (the
   * app hands in a poster to its own status webhook). Without one, `status()` still tells.
   */
  onStatus(deliver: (report: StatusReport) => Promise<void>): void;
  /**
   * Reports again the delivery of these texts (those it holds): after a restart, for texts a dead process had
   * sent whose reports died with it. A report is idempotent.
   */
  resume(providerIds: readonly string[]): Promise<void>;
  /** Calls off the pending reports (the app is closing). */
  stop(): void;
}
