import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxTexts } from '../../../db/schema/index';
import { splitE164 } from '../../../lib/phone';
import {
  advanceStatus,
  MessagingError,
  type DeliveryStatus,
  type OutgoingText,
  type SandboxMessaging,
  type SandboxText,
  type StatusReport,
  type TextState,
} from '../port';

/** How many texts `inbox` shows per sender. */
export const SANDBOX_INBOX_LIMIT = 500;
/** The account sid the sandbox signs its reports with (Twilio's shape: AC + 32 hex). */
export const SANDBOX_ACCOUNT_SID = `AC${'0'.repeat(32)}`;

export interface SandboxMessagingOptions {
  now?: () => Date;
  /** After how long a text is reported `sent`, then `delivered` (default 1 s and 2 s). */
  sentAfterMs?: number;
  deliveredAfterMs?: number;
}

type Row = typeof sandboxTexts.$inferSelect;

/**
 * The built-in messaging adapter: nothing leaves the machine. Each text is a row of `sandbox_texts` keyed by
 * its idempotency key, so a key sends once across restarts (a sender that died after asking and before
 * storing the answer gets the same text back). Delivery is reported as Twilio reports it: `sent`, then
 * `delivered`, posted to the same status webhook, signed with the sandbox's own secret.
 */
export function createSandboxMessaging(db: Db, options: SandboxMessagingOptions = {}): SandboxMessaging {
  const now = options.now ?? (() => new Date());
  const sentAfterMs = options.sentAfterMs ?? 1_000;
  const deliveredAfterMs = options.deliveredAfterMs ?? 2_000;
  const authToken = randomBytes(24).toString('hex');
  let deliver: ((report: StatusReport) => Promise<void>) | undefined;
  const timers = new Set<NodeJS.Timeout>();

  const statusAt = (row: Row): DeliveryStatus => {
    const elapsed = now().getTime() - row.createdAt.getTime();
    return elapsed >= deliveredAfterMs ? 'delivered' : elapsed >= sentAfterMs ? 'sent' : 'queued';
  };
  const state = (row: Row): TextState => ({ providerId: row.providerId, status: statusAt(row) });

  function report(row: Row, status: DeliveryStatus, afterMs: number) {
    if (!deliver) return;
    const post = deliver;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        post({
          MessageSid: row.providerId,
          MessageStatus: status,
          AccountSid: SANDBOX_ACCOUNT_SID,
          From: row.fromNumber,
          To: row.toNumber,
        }).catch(() => undefined);
      },
      Math.max(0, afterMs),
    );
    timer.unref();
    timers.add(timer);
  }

  /** The reports still due for a text (after a restart too: a report is idempotent). */
  function reportsFor(row: Row) {
    const elapsed = now().getTime() - row.createdAt.getTime();
    report(row, 'sent', sentAfterMs - elapsed);
    report(row, 'delivered', deliveredAfterMs - elapsed);
  }

  async function find(providerId: string): Promise<Row> {
    const [row] = await db.select().from(sandboxTexts).where(eq(sandboxTexts.providerId, providerId));
    if (!row) throw new MessagingError('rejected', 'The sandbox holds no such text');
    return row;
  }

  return {
    kind: 'sandbox',
    authToken,

    async send(text: OutgoingText) {
      if (!text.practiceId) throw new MessagingError('rejected', 'The sandbox files texts by practice');
      if (!splitE164(text.to))
        throw new MessagingError('invalid_number', 'The recipient is not a phone number');
      if (!splitE164(text.from)) throw new MessagingError('rejected', 'The sender is not a phone number');
      if (!text.body) throw new MessagingError('rejected', 'A text needs a body');
      const [inserted] = await db
        .insert(sandboxTexts)
        .values({
          idempotencyKey: text.idempotencyKey,
          practiceId: text.practiceId,
          providerId: `SM${randomBytes(16).toString('hex')}`,
          fromNumber: text.from,
          toNumber: text.to,
          body: text.body,
          createdAt: now(),
        })
        .onConflictDoNothing({ target: sandboxTexts.idempotencyKey })
        .returning();
      const row =
        inserted ??
        (
          await db.select().from(sandboxTexts).where(eq(sandboxTexts.idempotencyKey, text.idempotencyKey))
        )[0]!;
      reportsFor(row);
      return inserted ? { providerId: row.providerId, status: 'queued' } : state(row);
    },

    async status(providerId) {
      return state(await find(providerId));
    },

    async cancel(providerId) {
      const row = await find(providerId);
      if (statusAt(row) !== 'queued')
        throw new MessagingError('rejected', 'The text is already on its way and cannot be canceled');
      return { providerId, status: advanceStatus('queued', 'canceled') };
    },

    async inbox(practiceId, from) {
      const rows = await db
        .select()
        .from(sandboxTexts)
        .where(and(eq(sandboxTexts.practiceId, practiceId), eq(sandboxTexts.fromNumber, from)))
        .orderBy(desc(sandboxTexts.createdAt))
        .limit(SANDBOX_INBOX_LIMIT);
      return rows.map((row): SandboxText => ({
        ...state(row),
        from: row.fromNumber,
        to: row.toNumber,
        body: row.body,
        sentAt: row.createdAt.toISOString(),
      }));
    },

    onStatus(poster) {
      deliver = poster;
    },

    async resume(providerIds) {
      if (!providerIds.length) return;
      const rows = await db
        .select()
        .from(sandboxTexts)
        .where(inArray(sandboxTexts.providerId, [...providerIds]));
      for (const row of rows) reportsFor(row);
    },

    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      deliver = undefined;
    },
  };
}
