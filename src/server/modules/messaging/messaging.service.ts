import type { TemplateKind, TemplateValues } from '#shared/schemas/messaging';
import type { PracticeContext } from '../../practice';

/**
 * The contract other modules use to text patients (issue 23). The implementation (createMessagingService)
 * is written in this file; outbound-calls (campaigns, start with a channel) codes against `TextQueue` only.
 */

/** One text to queue, rendered from the practice's template of `kind`. */
export interface TextToQueue {
  /** The patient's number, E.164. */
  to: string;
  kind: TemplateKind;
  /** firstName, day, time (and confirmationNumber for `booking`); practiceName and practicePhone are filled in. */
  values: TemplateValues;
  patientId?: string;
  patientName?: string;
  /** The practice system's appointment id, when the text is about one (a reply C/N/R acts on it). */
  appointmentRef?: string;
  /** The appointment in the practice's wall time: date YYYY-MM-DD, time HH:MM. */
  appointment?: { date: string; time: string };
  /** Unique per practice: the same key queues once (`campaign:reminder:<appointmentRef>`, `booking:<ref>`). */
  idempotencyKey: string;
}

export type TextSkipReason = 'opted_out' | 'no_sender' | 'daily_limit' | 'weekly_limit' | 'duplicate';

export interface QueueTextsResult {
  /** Ids of the messages queued. */
  queued: string[];
  skipped: { to: string; idempotencyKey: string; reason: TextSkipReason }[];
}

export interface TextQueue {
  /**
   * Queues texts for the sender (which honours the vendor's throughput); campaign kinds (reminder,
   * confirmation, followup) respect at most one text per patient per day and three per week.
   */
  queueTexts(practice: PracticeContext, texts: readonly TextToQueue[]): Promise<QueueTextsResult>;
  /**
   * The text queued under `idempotencyKey` and whether the patient wrote back after it (any inbound message
   * on that number since it was created); undefined when there is none. For `sms_then_call` escalation.
   */
  textState(
    practiceId: string,
    idempotencyKey: string,
  ): Promise<{ createdAt: Date; status: string; answered: boolean } | undefined>;
}
