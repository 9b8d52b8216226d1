import {
  allAlreadyQueuedMessage,
  appointmentChangedMessage,
  alreadyQueuedMessage,
  OUTBOUND_MESSAGES as M,
  type CallType,
  type Channel,
  type OutboundCall,
  type OutboundSettings,
  type SkippedPatient,
  type StartOutboundCallsInput,
  type UpdateOutboundSettingsInput,
} from '#shared/schemas/outbound-calls';
import type { Queryable } from '../../db/client';
import type { Idempotency } from '../../db/idempotency';
import { badRequest, conflict } from '../../errors';
import { toE164 } from '../../lib/phone';
import type { Viewer } from '../../plugins/auth';
import type { PracticeContext } from '../../practice';
import type { AssistantsService } from '../assistants/assistants.service';
import type { TextQueue, TextSkipReason } from '../messaging/messaging.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { ScheduleService } from '../schedule/schedule.service';
import { assignedPhoneNumbers } from '../scope';
import { appointmentKey, appointmentText, textSkippedMessage } from './appointment-texts';
import { createCallTargets } from './call-targets';
import { keyed } from './keyed';
import { nextWindowStart, type CallingWindow } from './calling-window';
import {
  toOutboundCall,
  withDefaults,
  type OutboundCallToQueue,
  type OutboundCallsRepo,
} from './outbound-calls.repo';
import { isUuid } from '../../lib/uuid';

export interface OutboundCallsDeps {
  repo: OutboundCallsRepo;
  assistants: AssistantsService;
  phoneNumbers: PhoneNumbersService;
  schedule: ScheduleService;
  idempotency: Idempotency;
  /** Texts for the `sms` and `sms_then_call` channels (the messaging module). */
  texts: TextQueue;
  /** Tells the dispatcher the practice has work (a job on the durable queue); absent where no queue runs. */
  onQueued?: (practiceId: string) => Promise<void>;
  now?: () => Date;
}

type StartInput = Omit<StartOutboundCallsInput, 'patient_ids'> & { patient_ids: string[] };

export interface StartResult {
  calls: OutboundCall[];
  skipped: SkippedPatient[];
  /** How many texts were queued (channels `sms` and `sms_then_call`). */
  texts: number;
}

/** 400: `sms_then_call` by hand needs the settings the campaign run escalates by. */
export const escalationNotSetMessage = (type: CallType) =>
  `Text, then call needs the ${type} call type set to "Text, then call" with an assistant and a phone number in the outbound settings: the call that follows an unanswered text is placed with them.`;

export const TEXT_SKIP_COUNTS: Record<TextSkipReason, (n: number) => string> = {
  opted_out: (n) => `${n} opted out of texts`,
  no_sender: () => 'no sender number is set in the messaging settings',
  daily_limit: (n) => `${n} already texted today`,
  weekly_limit: (n) => `${n} already texted three times this week`,
  duplicate: (n) => `${n} already sent this text for the appointment`,
  recent: (n) => `${n} texted recently`,
};

/** Why patients were left out, counted by reason in the order first met: "2 opted out of texts, 1 texted recently". */
export function countedReasons<K extends string>(
  reasons: readonly K[],
  phrases: Record<K, (n: number) => string>,
): string {
  const counts = new Map<K, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, n]) => phrases[reason](n)).join(', ');
}

/** 409 when no text of a start was queued: why, counted by reason. */
export function noTextsMessage(type: CallType, reasons: readonly TextSkipReason[]): string {
  return `No ${type} text was sent: ${countedReasons(reasons, TEXT_SKIP_COUNTS)}.`;
}

/** What the assistant is told on a call placed because the patient replied R to a text. */
export const RESCHEDULE_CALL_MESSAGE =
  'The patient replied R to our text: they would like a new time for their visit. Offer the nearest free times and book the one they choose.';

export function createOutboundCallsService({
  repo,
  assistants,
  phoneNumbers,
  schedule,
  idempotency,
  texts,
  onQueued,
  now = () => new Date(),
}: OutboundCallsDeps) {
  const callTargets = createCallTargets({ assistants, phoneNumbers });
  /** The assistant and number for the call: the request's, else the practice's choice for the call type. */
  function resolveTargets(viewer: Viewer, input: StartInput, settings: OutboundSettings) {
    const chosen = settings.callTypes[input.call_type];
    return callTargets(viewer, {
      assistantId: input.assistant_id ?? chosen.assistantId,
      phoneNumberId: input.phone_number_id ?? chosen.phoneNumberId,
    });
  }

  /**
   * Calls waiting for the old window's next start wait for the new one's instead (none, when the new window
   * is open now): widening the window releases them at once rather than at the old start.
   */
  async function releaseForWindow(practice: PracticeContext, before: CallingWindow, after: CallingWindow) {
    if (before.start === after.start && before.end === after.end) return;
    const oldStart = nextWindowStart(before, practice.timeZone, now());
    if (!oldStart) return;
    const newStart = nextWindowStart(after, practice.timeZone, now());
    const moved = await repo.moveNotBefore(practice.id, oldStart, newStart);
    if (moved > 0 && (!newStart || newStart < oldStart)) await onQueued?.(practice.id);
  }

  /**
   * Each selected patient's next appointment (the one the screen showed, else 400) and number: every
   * outbound call or text is about an appointment (a confirmation confirms it by its id).
   */
  async function selectAppointments(viewer: Viewer, input: StartInput) {
    const practice = await schedule.forUser(viewer);
    const patients = new Map((await schedule.patientsWithAppointments(practice)).map((p) => [p.id, p]));
    const ids = [...new Set(input.patient_ids)];
    return ids.map((id) => {
      const patient = patients.get(id);
      if (!patient) throw badRequest(M.noUpcomingAppointment, { patient_ids: M.noUpcomingAppointment });
      const phone = patient.phone_number ? toE164(patient.phone_number) : undefined;
      if (!phone) throw badRequest(M.unknownPatient, { patient_ids: M.unknownPatient });
      const { id: appointmentRef, ...appointment } = patient.next_appointment;
      const shown = input.appointment_ids?.[id];
      if (shown !== undefined && shown !== appointmentRef) {
        const message = appointmentChangedMessage(patient.name);
        throw badRequest(message, { appointment_ids: message });
      }
      return { patient, phone, appointmentRef, appointment };
    });
  }

  async function buildRows(
    viewer: Viewer,
    input: StartInput,
    settings: OutboundSettings,
  ): Promise<OutboundCallToQueue[]> {
    const targets = await resolveTargets(viewer, input, settings);
    const notBefore = nextWindowStart(settings.callingWindow, viewer.practice.timeZone, now());
    return (await selectAppointments(viewer, input)).map(
      ({ patient, phone, appointmentRef, appointment }) => ({
        patientId: patient.id,
        patientName: patient.name,
        phoneNumber: phone,
        callType: input.call_type,
        message: input.message || null,
        ...targets,
        appointment,
        appointmentRef,
        notBefore,
        createdBy: viewer.userId,
      }),
    );
  }

  async function startCalls(
    viewer: Viewer,
    input: StartInput,
    settings: OutboundSettings,
    idempotencyKey?: string,
  ): Promise<StartResult> {
    const rows = await buildRows(viewer, input, settings);
    const queue = async (executor: Queryable): Promise<Omit<StartResult, 'texts'>> => {
      const inserted = await repo.insertOpen(viewer.practice.id, executor, rows);
      const queued = new Map(inserted.map((row) => [row.patientId, row]));
      const skipped = rows
        .filter((row) => !queued.has(row.patientId))
        .map((row) => ({
          patient_id: row.patientId,
          patient_name: row.patientName,
          reason: alreadyQueuedMessage(row.patientName, input.call_type),
        }));
      if (inserted.length === 0) {
        throw conflict(skipped.length === 1 ? skipped[0]!.reason : allAlreadyQueuedMessage(input.call_type));
      }
      // In the order asked (the insert went in patient order).
      const calls = rows.flatMap((row) => {
        const call = queued.get(row.patientId);
        return call ? [toOutboundCall(call)] : [];
      });
      return { calls, skipped };
    };
    const result = idempotencyKey
      ? await keyed(() =>
          idempotency.inTransaction(
            viewer.practice.id,
            `outbound:${viewer.userId}:${idempotencyKey}`,
            input,
            queue,
          ),
        )
      : await queue(repo.db);
    await onQueued?.(viewer.practice.id);
    return { ...result, texts: 0 };
  }

  /**
   * A text per selected patient's appointment, under the same key as the campaign's (`campaign:<type>:<ref>`):
   * an appointment gets one text per call type, by hand or by campaign. `sms_then_call`: the campaign run
   * places the call for those who have not answered within the type's hours.
   */
  async function startTexts(
    viewer: Viewer,
    input: StartInput,
    settings: OutboundSettings,
    channel: Exclude<Channel, 'call'>,
    idempotencyKey?: string,
  ): Promise<StartResult> {
    const type = input.call_type;
    const chosen = settings.callTypes[type];
    if (
      channel === 'sms_then_call' &&
      (chosen.channel !== 'sms_then_call' || !chosen.assistantId || !chosen.phoneNumberId)
    ) {
      const message = escalationNotSetMessage(type);
      throw badRequest(message, { channel: message });
    }
    const selected = await selectAppointments(viewer, input);
    const send = async (): Promise<StartResult> => {
      const result = await texts.queueTexts(
        viewer.practice,
        selected.map(({ patient, phone, appointmentRef, appointment }) =>
          appointmentText({
            type,
            appointmentRef,
            date: appointment.date,
            time: appointment.time,
            patientId: patient.id,
            patientName: patient.name,
            phone,
          }),
        ),
      );
      const byKey = new Map(selected.map((s) => [appointmentKey(type, s.appointmentRef), s.patient]));
      const skipped = result.skipped.flatMap(({ idempotencyKey: key, reason }) => {
        const patient = byKey.get(key);
        return patient
          ? [
              {
                patient_id: patient.id,
                patient_name: patient.name,
                reason: textSkippedMessage(patient.name, type, reason),
              },
            ]
          : [];
      });
      if (result.queued.length === 0) {
        throw conflict(
          skipped.length === 1
            ? skipped[0]!.reason
            : noTextsMessage(
                type,
                result.skipped.map((s) => s.reason),
              ),
        );
      }
      return { calls: [], skipped, texts: result.queued.length };
    };
    return idempotencyKey
      ? keyed(() =>
          idempotency.outside(viewer.practice.id, `outbound:${viewer.userId}:${idempotencyKey}`, input, send),
        )
      : send();
  }

  return {
    list: (viewer: Viewer): Promise<OutboundCall[]> =>
      repo.list(viewer.practice.id, assignedPhoneNumbers(viewer.principal)),

    /**
     * By the channel asked, else the call type's channel in the settings. `call`: one pending call per
     * patient, unless the patient already has an open call of that type (left out, and told why; all left out
     * is a 409). `sms`, `sms_then_call`: one text per patient's appointment (left out, with the reason: opted
     * out, a limit, already texted, no sender number; none queued is a 409). A repeat under the same
     * Idempotency-Key gets the first answer.
     */
    async start(viewer: Viewer, input: StartInput, idempotencyKey?: string): Promise<StartResult> {
      const settings = await repo.settings(viewer.practice.id);
      const channel = input.channel ?? settings.callTypes[input.call_type].channel;
      return channel === 'call'
        ? startCalls(viewer, input, settings, idempotencyKey)
        : startTexts(viewer, input, settings, channel, idempotencyKey);
    },

    /**
     * A patient asked by text for a new time (reply R, with the practice's "also call" on): a follow-up call
     * with the follow-up type's assistant and number, the receptionist offering new times. None chosen: no call
     * (the callback task the reply opened stays for staff). Left out while the patient has an open follow-up
     * call. True when a call was queued.
     */
    async callToReschedule(
      practice: PracticeContext,
      patient: { phoneNumber: string; patientId: string | null; patientName: string | null },
    ): Promise<boolean> {
      const { assistantId, phoneNumberId } = (await repo.settings(practice.id)).callTypes.followup;
      if (!assistantId || !phoneNumberId) return false;
      const [queued] = await repo.insertOpen(practice.id, repo.db, [
        {
          patientId: patient.patientId ?? patient.phoneNumber,
          patientName: patient.patientName ?? patient.phoneNumber,
          phoneNumber: patient.phoneNumber,
          callType: 'followup',
          assistantId,
          phoneNumberId,
          message: RESCHEDULE_CALL_MESSAGE,
        },
      ]);
      if (queued) await onQueued?.(practice.id);
      return Boolean(queued);
    },

    settings: (viewer: Viewer) => repo.settings(viewer.practice.id),
    /** Hours before a visit inside which a change by phone goes to staff (the practice's policy). */
    lateChangeHours: async (practice: PracticeContext) => (await repo.settings(practice.id)).lateChangeHours,

    /** Partial: what is sent replaces that part; the window must end after it starts. */
    async updateSettings(viewer: Viewer, input: UpdateOutboundSettingsInput): Promise<OutboundSettings> {
      const current = await repo.settings(viewer.practice.id);
      const types = input.callTypes ?? {};
      const next = withDefaults({
        callingWindow: { ...current.callingWindow, ...input.callingWindow },
        maxConcurrentCalls: input.maxConcurrentCalls ?? current.maxConcurrentCalls,
        callTypes: Object.fromEntries(
          (['reminder', 'confirmation', 'followup'] as const).map((type: CallType) => [
            type,
            { ...current.callTypes[type], ...types[type] },
          ]),
        ) as OutboundSettings['callTypes'],
        lateChangeHours: input.lateChangeHours ?? current.lateChangeHours,
        recall: { ...current.recall, ...input.recall },
      });
      if (next.callingWindow.end <= next.callingWindow.start) {
        throw badRequest(M.invalidWindow, { 'callingWindow.end': M.invalidWindow });
      }
      const chosen = [
        ...(['reminder', 'confirmation', 'followup'] as const).map((type) => ({
          field: `callTypes.${type}`,
          ...next.callTypes[type],
        })),
        { field: 'recall', ...next.recall },
      ];
      for (const { field, assistantId, phoneNumberId } of chosen) {
        if (assistantId && !(isUuid(assistantId) && (await assistants.visible(viewer, assistantId)))) {
          throw badRequest(M.unknownAssistant, { [`${field}.assistantId`]: M.unknownAssistant });
        }
        if (
          phoneNumberId &&
          !(isUuid(phoneNumberId) && (await phoneNumbers.visibleById(viewer, phoneNumberId)))
        ) {
          throw badRequest(M.unknownNumber, { [`${field}.phoneNumberId`]: M.unknownNumber });
        }
      }
      await repo.saveSettings(viewer.practice.id, next, now());
      await releaseForWindow(viewer.practice, current.callingWindow, next.callingWindow);
      return next;
    },
  };
}

export type OutboundCallsService = ReturnType<typeof createOutboundCallsService>;
