import { setTimeout as sleep } from 'node:timers/promises';
import { isMessagingError, type Messaging } from '../../integrations/messaging/index';
import type { MessageRow, MessagingRepo } from './messaging.repo';
import { INVALID_NUMBER_CODE, OPTED_OUT_CODE } from './messaging.service';

export interface SenderDeps {
  repo: MessagingRepo;
  messaging: Messaging;
  now?: () => Date;
  /** Throughput per sender number (Twilio: about one segment per second per long code). */
  segmentsPerSecond?: number;
  /**
   * A text claimed this long ago and never answered for (its sender died) is sent again, same key. By default
   * the longer of `SEND_GRACE_MS` and twice the adapter's longest send, so a text still being sent is never
   * taken by a second sender.
   */
  graceMs?: number;
  /** Tries of a text the vendor could not be reached for, before it fails. */
  maxAttempts?: number;
  /** Waits before trying an unreachable vendor again: this times the attempt number. */
  retryDelayMs?: number;
  warn(detail: object, message: string): void;
}

export const SEND_GRACE_MS = 60_000;

/** The claim grace for a port: long enough that a send still under way is never taken again. */
export const graceFor = (messaging: Pick<Messaging, 'maxSendMs'>): number =>
  Math.max(SEND_GRACE_MS, 2 * (messaging.maxSendMs ?? 0));
const RUN_MS = 50_000;

/**
 * The outbox's sender (issue 23): takes each practice's due texts oldest first, at its sender number's pace.
 * A text is marked `sending` before the vendor is asked, and asked with the message id as its idempotency
 * key, so a sender that dies mid-send is followed by one that asks again with the same key and gets the same
 * text back (the sandbox keeps keys in the database) instead of texting twice.
 */
export function createSender(deps: SenderDeps) {
  const { repo, messaging, now = () => new Date() } = deps;
  const rate = deps.segmentsPerSecond ?? 1;
  const graceMs = deps.graceMs ?? graceFor(messaging);
  const maxAttempts = deps.maxAttempts ?? 5;
  const retryDelayMs = deps.retryDelayMs ?? 30_000;

  async function sendOne(message: MessageRow): Promise<void> {
    const at = () => now();
    if (await repo.isOptedOut(message.practiceId, message.toNumber)) {
      await repo.markFailed(message.id, OPTED_OUT_CODE, at());
      return;
    }
    try {
      const state = await messaging.send({
        from: message.fromNumber,
        to: message.toNumber,
        body: message.body,
        idempotencyKey: message.id,
        practiceId: message.practiceId,
        // Claimed before and not settled: that attempt may have reached the vendor (a lost answer, a sender
        // that died), so the adapter looks for the text before sending it again.
        ...(message.attempts > 1 && { earlierAttemptSince: message.createdAt }),
      });
      await repo.markSent(message.id, state.providerId, state.status, at());
    } catch (error) {
      if (!isMessagingError(error)) {
        deps.warn(
          { messageId: message.id, error: error instanceof Error ? error.name : 'unknown' },
          'text not sent',
        );
        await repo.retryLater(message.id, new Date(at().getTime() + retryDelayMs), at());
        return;
      }
      deps.warn({ messageId: message.id, kind: error.kind, code: error.vendorCode ?? null }, 'text not sent');
      switch (error.kind) {
        case 'opted_out':
          await repo.addOptOut(message.practiceId, message.toNumber, 'STOP', null, at());
          await repo.markFailed(message.id, OPTED_OUT_CODE, at());
          return;
        case 'invalid_number':
          await repo.markFailed(message.id, error.vendorCode ?? INVALID_NUMBER_CODE, at());
          return;
        case 'rate_limited':
          await repo.retryLater(
            message.id,
            new Date(at().getTime() + (error.retryAfterMs ?? 1_000)),
            at(),
            true,
          );
          return;
        case 'unavailable':
          if (message.attempts >= maxAttempts) await repo.markFailed(message.id, null, at());
          else
            await repo.retryLater(
              message.id,
              new Date(at().getTime() + retryDelayMs * message.attempts),
              at(),
            );
          return;
        case 'rejected':
          await repo.markFailed(message.id, error.vendorCode ?? null, at());
          return;
      }
    }
  }

  /** Sends one practice's due texts at its pace until none is due or time is up; returns how many. */
  async function drain(practiceId: string, deadline: number): Promise<number> {
    let sent = 0;
    while (Date.now() < deadline) {
      const claim = await repo.claimNext(practiceId, now(), new Date(now().getTime() - graceMs), rate);
      if (!claim) return sent;
      if ('waitUntil' in claim) {
        const wait = claim.waitUntil.getTime() - now().getTime();
        if (Date.now() + wait > deadline) return sent;
        await sleep(Math.max(1, wait));
        continue;
      }
      await sendOne(claim.message);
      sent++;
    }
    return sent;
  }

  return {
    /** Every practice's due texts (or one practice's), each practice at its own sender's pace, in parallel. */
    async run(maxMs = RUN_MS, practiceId?: string): Promise<{ sent: number }> {
      const deadline = Date.now() + maxMs;
      let sent = 0;
      for (;;) {
        const at = now();
        const practices = await repo.practicesWithDueTexts(at, new Date(at.getTime() - graceMs), practiceId);
        if (!practices.length || Date.now() >= deadline) return { sent };
        const counts = await Promise.all(practices.map((id) => drain(id, deadline)));
        const round = counts.reduce((a, b) => a + b, 0);
        sent += round;
        if (round === 0) return { sent };
      }
    },
  };
}

export type Sender = ReturnType<typeof createSender>;
