import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboundCalls } from '../../db/schema/index';
import type { PracticeContext } from '../../practice';
import { MAX_RETRIES, outcomeOf } from './call-outcome';

/** What the calls ingest read from a status-update or end-of-call-report. */
export interface CallEvent {
  providerId: string;
  status: string | null;
  endedReason: string | null;
  /** The platform's call type, when the message says. */
  type: string | null;
}

export interface CallEventsDeps {
  db: Db;
  /** Delay before a busy or unanswered call is tried again. */
  retryDelayMs: number;
  /** A slot was freed or a retry queued: the dispatcher has work for the practice. */
  wake(practiceId: string): Promise<void>;
  now?: () => Date;
}

/**
 * The platform's events for our outbound calls, matched by its call id: an ended call is completed, failed
 * with its reason, or (busy, no answer) pending again after a delay. Only a `calling` row with that very call
 * id changes, so repeated and late events change nothing.
 */
export function createCallEvents({ db, retryDelayMs, wake, now = () => new Date() }: CallEventsDeps) {
  return async function onCallEvent(practice: PracticeContext, event: CallEvent): Promise<void> {
    // Every call we place is outbound: an inbound call's report needs no lookup.
    if (event.type === 'inboundPhoneCall' || event.type === 'webCall') return;
    const current = and(
      eq(outboundCalls.practiceId, practice.id),
      eq(outboundCalls.vapiCallId, event.providerId),
      eq(outboundCalls.status, 'calling'),
    );
    const [row] = await db.select().from(outboundCalls).where(current);
    if (!row) return;
    if (event.status !== 'ended') {
      // Proof of life: the silent-call check counts from the last event.
      await db.update(outboundCalls).set({ updatedAt: now() }).where(current);
      return;
    }
    const outcome = outcomeOf(event.endedReason);
    if (outcome === 'retry' && row.attempts <= MAX_RETRIES) {
      await db
        .update(outboundCalls)
        .set({
          status: 'pending',
          notBefore: new Date(now().getTime() + retryDelayMs),
          lastError: event.endedReason,
          vapiCallId: null,
          placementKey: null,
          updatedAt: now(),
        })
        .where(current);
    } else {
      await db
        .update(outboundCalls)
        .set({
          status: outcome === 'completed' ? 'completed' : 'failed',
          lastError: outcome === 'completed' ? null : event.endedReason,
          updatedAt: now(),
        })
        .where(current);
    }
    await wake(practice.id);
  };
}
