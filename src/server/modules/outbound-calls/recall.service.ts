import { RECALL_MESSAGES as R, RECALL_REPEAT_DAYS, type RecallPatient } from '#shared/schemas/recall';
import type { OutboundCall, OutboundSettings, SkippedPatient } from '#shared/schemas/outbound-calls';
import type { RecallCallsInput, RecallTextsInput } from '#shared/schemas/recall';
import { foldForSearch } from '#shared/search-fold';
import type { Tx } from '../../db/client';
import type { Idempotency } from '../../db/idempotency';
import { badRequest, conflict } from '../../errors';
import { RECALL_LOOKBACK_MONTHS } from '../../integrations/practice-management/index';
import { toE164 } from '../../lib/phone';
import { addMonthsToDate, instantFromWall, wholeMonthsBetween } from '../../lib/wall-time';
import type { Viewer } from '../../plugins/auth';
import type { PracticeContext } from '../../practice';
import type { TextQueue, TextSkipReason } from '../messaging/messaging.service';
import type { Practice, ScheduleService } from '../schedule/schedule.service';
import { textSkippedMessage } from './appointment-texts';
import type { ResolveTargets } from './call-targets';
import { nextWindowStart } from './calling-window';
import { keyed } from './keyed';
import { countedReasons, TEXT_SKIP_COUNTS } from './outbound-calls.service';
import {
  toOutboundCall,
  type OutboundCallToQueue,
  type OutboundCallsRepo,
  type RecallLimits,
  type RecallSkip,
} from './outbound-calls.repo';

const DAY_MS = 24 * 3600_000;

/** What the assistant is told on a recall call (its `customMessage`); the booking tools do the rest. */
export const recallCallMessage = (lastVisit: string, patientId: string) =>
  `The patient is due for their routine visit (the last one was on ${lastVisit}). Offer the nearest free times and book the one they choose with bookAppointment, patient_id ${patientId}.`;

export interface RecallDeps {
  repo: OutboundCallsRepo;
  schedule: Pick<ScheduleService, 'forUser'>;
  resolveTargets: ResolveTargets;
  idempotency: Idempotency;
  texts: TextQueue;
  /** Wakes the dispatcher for the practice. */
  onQueued(practiceId: string): Promise<void>;
  now?: () => Date;
}

type Due = RecallPatient & { phone_number: string };

const hasPhone = (p: RecallPatient): p is Due => p.phone_number !== null;

function matches(patient: RecallPatient, q: string): boolean {
  const digits = q.replace(/\D/g, '');
  return (
    foldForSearch(patient.name).includes(foldForSearch(q)) ||
    (digits.length > 0 && (patient.phone_number ?? '').replace(/\D/g, '').includes(digits))
  );
}

const NO_PHONE_COUNT = (n: number) => `${n} without a phone number`;
/** A 409's reasons when no patient of several was queued or texted, counted. */
const CALL_SKIP_COUNTS: Record<RecallSkip | 'no_phone', (n: number) => string> = {
  no_phone: NO_PHONE_COUNT,
  recent: (n) => `${n} called for recall in the last ${RECALL_REPEAT_DAYS} days`,
  daily_limit: (n) => `${n} past the day's limit of recall calls`,
  open: (n) => `${n} with a recall call pending or in progress`,
};
const TEXT_SKIP_REASON_COUNTS: Record<TextSkipReason | 'no_phone', (n: number) => string> = {
  ...TEXT_SKIP_COUNTS,
  recent: (n) => `${n} texted for recall in the last ${RECALL_REPEAT_DAYS} days`,
  no_phone: NO_PHONE_COUNT,
};

function skipReason(name: string, skip: RecallSkip, maxPerDay: number): string {
  if (skip === 'recent') return R.recentlyCalled(name);
  if (skip === 'daily_limit') return R.dailyLimit(name, maxPerDay);
  return `${name} already has a recall call pending or in progress, so no new call was queued.`;
}

/**
 * Recall (issue 24): the patients due for their routine visit, through the practice system's port (the
 * built-in schedule or Kolla), and the calls and texts that bring them back. Calls are outbound calls of type
 * `recall` (dispatcher, calling window, one open call per patient), queued under the practice's recall lock so
 * that no patient is called twice within 30 days and no more than `maxPerDay` are queued a day. Texts go
 * through the messaging outbox (opt-outs, pace, one recall text per number within 30 days).
 */
export function createRecallService({
  repo,
  schedule,
  resolveTargets,
  idempotency,
  texts,
  onQueued,
  now = () => new Date(),
}: RecallDeps) {
  const midnight = (practice: PracticeContext, date: string) =>
    instantFromWall(`${date}T00:00:00`, practice.timeZone);

  /** Most overdue first. */
  async function due(practice: Practice, intervalMonths: number): Promise<RecallPatient[]> {
    const { today } = practice;
    const candidates = await practice.pms.dueForRecall({
      since: midnight(practice, addMonthsToDate(today, -RECALL_LOOKBACK_MONTHS)),
      dueBefore: midnight(practice, addMonthsToDate(today, -intervalMonths)),
      now: now(),
    });
    return candidates.map(({ patient, lastVisit }) => {
      const last = lastVisit.wallStart.slice(0, 10);
      return {
        id: patient.remoteId,
        name: patient.name,
        phone_number: (patient.phone && toE164(patient.phone)) || null,
        last_visit: last,
        months_overdue: wholeMonthsBetween(addMonthsToDate(last, intervalMonths), today),
      };
    });
  }

  /** The selected patients, in the due list's order; one no longer due is a 400. */
  async function selected(practice: Practice, settings: OutboundSettings, ids: string[]) {
    const wanted = new Set(ids);
    const list = (await due(practice, settings.recall.intervalMonths)).filter((p) => wanted.has(p.id));
    if (list.length < wanted.size) throw badRequest(R.notDue, { patient_ids: R.notDue });
    return list;
  }

  const limits = (practice: Practice, settings: OutboundSettings): RecallLimits => ({
    repeatSince: new Date(now().getTime() - RECALL_REPEAT_DAYS * DAY_MS),
    dayStart: midnight(practice, practice.today),
    maxPerDay: settings.recall.maxPerDay,
  });

  const callRow = (
    patient: Due,
    targets: { assistantId: string; phoneNumberId: string },
    notBefore: Date | null,
    createdBy: string | null,
  ): OutboundCallToQueue => ({
    patientId: patient.id,
    patientName: patient.name,
    phoneNumber: patient.phone_number,
    callType: 'recall',
    message: recallCallMessage(patient.last_visit, patient.id),
    ...targets,
    notBefore,
    createdBy,
    createdAt: now(),
  });

  return {
    async list(viewer: Viewer, q?: string): Promise<RecallPatient[]> {
      const practice = await schedule.forUser(viewer);
      const settings = await repo.settings(practice.id);
      const patients = await due(practice, settings.recall.intervalMonths);
      return q ? patients.filter((p) => matches(p, q)) : patients;
    },

    /**
     * "Call selected": a recall call per selected due patient, with the request's assistant and number or the
     * recall settings'. Left out, with the reason: no phone number, called within 30 days, past the day's
     * limit, a recall call still open; none queued is a 409. A repeat under the same Idempotency-Key gets the
     * first answer.
     */
    async call(
      viewer: Viewer,
      input: RecallCallsInput,
      idempotencyKey?: string,
    ): Promise<{ calls: OutboundCall[]; skipped: SkippedPatient[] }> {
      const practice = await schedule.forUser(viewer);
      const settings = await repo.settings(practice.id);
      const targets = await resolveTargets(
        viewer,
        {
          assistantId: input.assistant_id ?? settings.recall.assistantId,
          phoneNumberId: input.phone_number_id ?? settings.recall.phoneNumberId,
        },
        { assistant: R.noAssistant, number: R.noNumber },
      );
      const patients = await selected(practice, settings, input.patient_ids);
      const notBefore = nextWindowStart(settings.callingWindow, practice.timeZone, now());
      const rows = patients.filter(hasPhone).map((p) => callRow(p, targets, notBefore, viewer.userId));
      const queue = async (tx: Tx) => {
        const { inserted, skipped } = await repo.insertRecall(
          practice.id,
          tx,
          rows,
          limits(practice, settings),
        );
        const byPatient = new Map(inserted.map((row) => [row.patientId, row]));
        const left = patients.flatMap((p): SkippedPatient[] => {
          const reason = !hasPhone(p) ? R.noPhone(p.name) : skipped.get(p.id);
          if (reason === undefined) return [];
          const text = !hasPhone(p)
            ? reason
            : skipReason(p.name, reason as RecallSkip, settings.recall.maxPerDay);
          return [{ patient_id: p.id, patient_name: p.name, reason: text }];
        });
        if (inserted.length === 0) {
          const why = patients.flatMap((p) => (hasPhone(p) ? (skipped.get(p.id) ?? []) : 'no_phone'));
          throw conflict(
            left.length === 1 ? left[0]!.reason : R.noneQueued(countedReasons(why, CALL_SKIP_COUNTS)),
          );
        }
        const calls = patients.flatMap((p) => {
          const row = byPatient.get(p.id);
          return row ? [toOutboundCall(row)] : [];
        });
        return { calls, skipped: left };
      };
      const result = idempotencyKey
        ? await keyed(() =>
            idempotency.inTransaction(practice.id, `recall:${viewer.userId}:${idempotencyKey}`, input, queue),
          )
        : await repo.db.transaction(queue);
      await onQueued(practice.id);
      return result;
    },

    /**
     * "Text selected": the practice's recall template (first name only) to each selected due patient, through
     * the messaging outbox. Left out, with the reason: no number, opted out, no sender number, texted today or
     * within 30 days; none queued is a 409.
     */
    async text(
      viewer: Viewer,
      input: RecallTextsInput,
      idempotencyKey?: string,
    ): Promise<{ texts: number; skipped: SkippedPatient[] }> {
      const practice = await schedule.forUser(viewer);
      const patients = await selected(practice, await repo.settings(practice.id), input.patient_ids);
      const keyOf = (p: RecallPatient) => `recall:${p.id}:${practice.today}`;
      const send = async () => {
        const result = await texts.queueTexts(
          practice,
          patients.filter(hasPhone).map((p) => ({
            to: p.phone_number,
            kind: 'recall' as const,
            values: { firstName: p.name.trim().split(/\s+/)[0] ?? '' },
            patientId: p.id,
            patientName: p.name,
            idempotencyKey: keyOf(p),
          })),
        );
        const reasons = new Map(result.skipped.map((s) => [s.idempotencyKey, s.reason]));
        const skipped = patients.flatMap((p): SkippedPatient[] => {
          const reason = reasons.get(keyOf(p));
          const text = !hasPhone(p)
            ? R.noPhone(p.name)
            : reason === 'recent' || reason === 'duplicate'
              ? R.recentlyTexted(p.name)
              : reason && textSkippedMessage(p.name, 'recall', reason);
          return text ? [{ patient_id: p.id, patient_name: p.name, reason: text }] : [];
        });
        if (result.queued.length === 0) {
          const why = patients.flatMap((p) => {
            const reason = hasPhone(p) ? reasons.get(keyOf(p)) : 'no_phone';
            return reason === 'duplicate' ? 'recent' : (reason ?? []);
          });
          throw conflict(
            skipped.length === 1
              ? skipped[0]!.reason
              : R.noneTexted(countedReasons(why, TEXT_SKIP_REASON_COUNTS)),
          );
        }
        return { texts: result.queued.length, skipped };
      };
      return idempotencyKey
        ? keyed(() =>
            idempotency.outside(practice.id, `recall-texts:${viewer.userId}:${idempotencyKey}`, input, send),
          )
        : send();
    },

    /**
     * The daily recall campaign's run for one practice (the 15-minute campaign job, inside the calling window):
     * when automatic with an assistant and a number, due patients are queued most overdue first up to the day's
     * limit; the 30-day rule makes every later run that day (and the next 29) pass them by. How many queued.
     */
    async campaign(practice: Practice, settings: OutboundSettings): Promise<number> {
      const { automatic, assistantId, phoneNumberId, maxPerDay } = settings.recall;
      if (!automatic || !assistantId || !phoneNumberId) return 0;
      // The day's first run inside the window does the day's work: later ones skip reading years of history
      // (Kolla pages through them) once the campaign queued today or the day's limit is reached.
      const today = await repo.recallQueuedSince(practice.id, midnight(practice, practice.today));
      if (today.campaign > 0 || today.all >= maxPerDay) return 0;
      const patients = (await due(practice, settings.recall.intervalMonths)).filter(hasPhone);
      if (patients.length === 0) return 0;
      const rows = patients.map((p) => callRow(p, { assistantId, phoneNumberId }, null, null));
      const { inserted } = await repo.db.transaction((tx) =>
        repo.insertRecall(practice.id, tx, rows, limits(practice, settings)),
      );
      return inserted.length;
    },

    /** A booking made during a recall call becomes that call's appointment (the link the analytics read). */
    linkBooking: (practiceId: string, providerCallId: string, appointmentRef: string): Promise<boolean> =>
      repo.linkRecallBooking(practiceId, providerCallId, appointmentRef),
  };
}

export type RecallService = ReturnType<typeof createRecallService>;
