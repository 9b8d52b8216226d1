import { randomUUID } from 'node:crypto';
import { splitE164 } from '../../../lib/phone';
import {
  advanceStatus,
  MessagingError,
  type DeliveryStatus,
  type OutgoingText,
  type SandboxMessaging,
  type SandboxText,
  type TextState,
} from '../port';

/** How many texts the sandbox keeps per sender; older ones are dropped as new ones arrive. */
export const SANDBOX_TEXTS_KEEP = 500;

export interface SandboxMessagingOptions {
  now?: () => Date;
  /** After how long a queued text is `sent`, then `delivered`. */
  sentAfterMs?: number;
  deliveredAfterMs?: number;
}

interface Stored {
  idempotencyKey: string;
  from: string;
  to: string;
  body: string;
  sentAt: Date;
  status: DeliveryStatus;
}

/**
 * The built-in messaging adapter: nothing leaves the machine. Each text lands in its sender's inbox and
 * moves queued → sent → delivered as time passes, as a delivered Twilio text would. Kept in memory for now.
 */
export function createSandboxMessaging(options: SandboxMessagingOptions = {}): SandboxMessaging {
  const now = options.now ?? (() => new Date());
  const sentAfterMs = options.sentAfterMs ?? 1_000;
  const deliveredAfterMs = options.deliveredAfterMs ?? 3_000;
  const texts = new Map<string, Stored>();
  const bySender = new Map<string, string[]>();
  const byKey = new Map<string, string>();

  function current(id: string, text: Stored): TextState {
    const elapsed = now().getTime() - text.sentAt.getTime();
    const due: DeliveryStatus =
      elapsed >= deliveredAfterMs ? 'delivered' : elapsed >= sentAfterMs ? 'sent' : 'queued';
    text.status = advanceStatus(text.status, due);
    return { providerId: id, status: text.status };
  }

  function find(id: string): Stored {
    const text = texts.get(id);
    if (!text) throw new MessagingError('rejected', 'The sandbox holds no such text');
    return text;
  }

  function forget(id: string) {
    const text = texts.get(id);
    if (text) byKey.delete(text.idempotencyKey);
    texts.delete(id);
  }

  return {
    kind: 'sandbox',

    async send(text: OutgoingText) {
      const earlier = byKey.get(text.idempotencyKey);
      if (earlier) return current(earlier, find(earlier));
      if (!splitE164(text.to))
        throw new MessagingError('invalid_number', 'The recipient is not a phone number');
      if (!splitE164(text.from)) throw new MessagingError('rejected', 'The sender is not a phone number');
      if (!text.body) throw new MessagingError('rejected', 'A text needs a body');

      const id = `sandbox-${randomUUID()}`;
      const { idempotencyKey, from, to, body } = text;
      texts.set(id, { idempotencyKey, from, to, body, sentAt: now(), status: 'queued' });
      byKey.set(text.idempotencyKey, id);
      const inbox = bySender.get(text.from) ?? [];
      inbox.unshift(id);
      for (const dropped of inbox.splice(SANDBOX_TEXTS_KEEP)) forget(dropped);
      bySender.set(text.from, inbox);
      return { providerId: id, status: 'queued' };
    },

    async status(providerId) {
      return current(providerId, find(providerId));
    },

    async cancel(providerId) {
      const text = find(providerId);
      if (current(providerId, text).status !== 'queued')
        throw new MessagingError('rejected', 'The text is already on its way and cannot be canceled');
      text.status = 'canceled';
      return { providerId, status: text.status };
    },

    inbox(from) {
      return (bySender.get(from) ?? []).map((id): SandboxText => {
        const text = find(id);
        return {
          ...current(id, text),
          from: text.from,
          to: text.to,
          body: text.body,
          sentAt: text.sentAt.toISOString(),
        };
      });
    },
  };
}
