import type {
  QueueTextsResult,
  TextQueue,
  TextSkipReason,
  TextToQueue,
} from '../modules/messaging/messaging.service';
import type { PracticeContext } from '../practice';

/**
 * An in-memory `TextQueue` for tests of the modules that text patients through it (outbound calls): it
 * queues each key once per practice, skips opted-out numbers or everything (`refuse`), and says when a patient
 * answered (`answer`). The messaging module's own tests cover the real one.
 */
export function createFakeTextQueue(now: () => Date = () => new Date()) {
  const texts: (TextToQueue & { practiceId: string; id: string; createdAt: Date })[] = [];
  const answered = new Set<string>();
  const optedOut = new Set<string>();
  let refuseAll: TextSkipReason | undefined;
  const keyOf = (practiceId: string, key: string) => `${practiceId}|${key}`;
  const queue: TextQueue = {
    async queueTexts(practice: PracticeContext, batch: readonly TextToQueue[]): Promise<QueueTextsResult> {
      const result: QueueTextsResult = { queued: [], skipped: [] };
      for (const text of batch) {
        const skip = (reason: TextSkipReason) =>
          result.skipped.push({ to: text.to, idempotencyKey: text.idempotencyKey, reason });
        if (refuseAll) skip(refuseAll);
        else if (optedOut.has(text.to)) skip('opted_out');
        else if (
          texts.some((t) => keyOf(t.practiceId, t.idempotencyKey) === keyOf(practice.id, text.idempotencyKey))
        )
          skip('duplicate');
        else {
          const id = `text-${texts.length + 1}`;
          texts.push({ ...text, practiceId: practice.id, id, createdAt: now() });
          result.queued.push(id);
        }
      }
      return result;
    },
    async textState(practiceId: string, idempotencyKey: string) {
      const text = texts.find((t) => t.practiceId === practiceId && t.idempotencyKey === idempotencyKey);
      return (
        text && {
          createdAt: text.createdAt,
          status: 'sent',
          answered: answered.has(keyOf(practiceId, idempotencyKey)),
        }
      );
    },
  };
  return {
    ...queue,
    texts,
    answer: (practiceId: string, idempotencyKey: string) => answered.add(keyOf(practiceId, idempotencyKey)),
    optOut: (phone: string) => optedOut.add(phone),
    refuse: (reason: TextSkipReason | undefined) => {
      refuseAll = reason;
    },
  };
}
export type FakeTextQueue = ReturnType<typeof createFakeTextQueue>;
