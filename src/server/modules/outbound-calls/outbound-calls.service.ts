import {
  allAlreadyQueuedMessage,
  appointmentChangedMessage,
  alreadyQueuedMessage,
  OUTBOUND_MESSAGES as M,
  type CallType,
  type OutboundCall,
  type OutboundSettings,
  type SkippedPatient,
  type StartOutboundCallsInput,
  type UpdateOutboundSettingsInput,
} from '#shared/schemas/outbound-calls';
import type { Queryable } from '../../db/client';
import type { Idempotency } from '../../db/idempotency';
import { IdempotencyKeyBusyError, IdempotencyKeyReusedError } from '../../db/idempotency';
import { badRequest, conflict, idempotencyKeyReused } from '../../errors';
import { toE164 } from '../../lib/phone';
import type { Viewer } from '../../plugins/auth';
import type { PracticeContext } from '../../practice';
import type { AssistantsService } from '../assistants/assistants.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { ScheduleService } from '../schedule/schedule.service';
import { assignedPhoneNumbers } from '../scope';
import { nextWindowStart, type CallingWindow } from './calling-window';
import {
  toOutboundCall,
  withDefaults,
  type OutboundCallToQueue,
  type OutboundCallsRepo,
} from './outbound-calls.repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OutboundCallsDeps {
  repo: OutboundCallsRepo;
  assistants: AssistantsService;
  phoneNumbers: PhoneNumbersService;
  schedule: ScheduleService;
  idempotency: Idempotency;
  /** Tells the dispatcher the practice has work (a job on the durable queue); absent where no queue runs. */
  onQueued?: (practiceId: string) => Promise<void>;
  now?: () => Date;
}

type StartInput = Omit<StartOutboundCallsInput, 'patient_ids'> & { patient_ids: string[] };

export interface StartResult {
  calls: OutboundCall[];
  skipped: SkippedPatient[];
}

export function createOutboundCallsService({
  repo,
  assistants,
  phoneNumbers,
  schedule,
  idempotency,
  onQueued,
  now = () => new Date(),
}: OutboundCallsDeps) {
  /** The assistant and number for the call: the request's, else the practice's choice for the call type. */
  async function resolveTargets(viewer: Viewer, input: StartInput, settings: OutboundSettings) {
    const chosen = settings.callTypes[input.call_type];
    const assistantId = input.assistant_id ?? chosen.assistantId;
    const phoneNumberId = input.phone_number_id ?? chosen.phoneNumberId;
    if (!assistantId) throw badRequest(M.noAssistantConfigured, { assistant_id: M.noAssistantConfigured });
    if (!phoneNumberId) throw badRequest(M.noNumberConfigured, { phone_number_id: M.noNumberConfigured });
    const assistant = UUID.test(assistantId) && (await assistants.visible(viewer, assistantId));
    if (!assistant) throw badRequest(M.unknownAssistant, { assistant_id: M.unknownAssistant });
    const number = UUID.test(phoneNumberId) && (await phoneNumbers.visibleById(viewer, phoneNumberId));
    if (!number) throw badRequest(M.unknownNumber, { phone_number_id: M.unknownNumber });
    return { assistantId: assistant.id, phoneNumberId: number.id };
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

  async function buildRows(viewer: Viewer, input: StartInput): Promise<OutboundCallToQueue[]> {
    const settings = await repo.settings(viewer.practice.id);
    const targets = await resolveTargets(viewer, input, settings);
    const practice = await schedule.forUser(viewer);
    const patients = new Map((await schedule.patientsWithAppointments(practice)).map((p) => [p.id, p]));
    const notBefore = nextWindowStart(settings.callingWindow, viewer.practice.timeZone, now());
    const ids = [...new Set(input.patient_ids)];
    return ids.map((id) => {
      const patient = patients.get(id);
      // Every outbound call is about an appointment: a confirmation call confirms it by its id.
      if (!patient) throw badRequest(M.noUpcomingAppointment, { patient_ids: M.noUpcomingAppointment });
      const phone = patient.phone_number ? toE164(patient.phone_number) : undefined;
      if (!phone) throw badRequest(M.unknownPatient, { patient_ids: M.unknownPatient });
      const { id: appointmentRef, ...appointment } = patient.next_appointment;
      const shown = input.appointment_ids?.[id];
      if (shown !== undefined && shown !== appointmentRef) {
        const message = appointmentChangedMessage(patient.name);
        throw badRequest(message, { appointment_ids: message });
      }
      return {
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
      };
    });
  }

  return {
    list: (viewer: Viewer): Promise<OutboundCall[]> =>
      repo.list(viewer.practice.id, assignedPhoneNumbers(viewer.principal)),

    /**
     * One pending call per patient, unless the patient already has an open call of that type (left out, and
     * told why; all left out is a 409). A repeat under the same Idempotency-Key gets the first answer.
     */
    async start(viewer: Viewer, input: StartInput, idempotencyKey?: string): Promise<StartResult> {
      const rows = await buildRows(viewer, input);
      const queue = async (executor: Queryable): Promise<StartResult> => {
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
          throw conflict(
            skipped.length === 1 ? skipped[0]!.reason : allAlreadyQueuedMessage(input.call_type),
          );
        }
        // In the order asked (the insert went in patient order).
        const calls = rows.flatMap((row) => {
          const call = queued.get(row.patientId);
          return call ? [toOutboundCall(call)] : [];
        });
        return { calls, skipped };
      };
      let result: StartResult;
      if (!idempotencyKey) {
        result = await queue(repo.db);
      } else {
        try {
          result = await idempotency.inTransaction(
            viewer.practice.id,
            `outbound:${viewer.userId}:${idempotencyKey}`,
            input,
            queue,
          );
        } catch (error) {
          if (error instanceof IdempotencyKeyReusedError) throw idempotencyKeyReused(error.message);
          if (error instanceof IdempotencyKeyBusyError) throw conflict(error.message);
          throw error;
        }
      }
      await onQueued?.(viewer.practice.id);
      return result;
    },

    settings: (viewer: Viewer) => repo.settings(viewer.practice.id),

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
      });
      if (next.callingWindow.end <= next.callingWindow.start) {
        throw badRequest(M.invalidWindow, { 'callingWindow.end': M.invalidWindow });
      }
      for (const type of ['reminder', 'confirmation', 'followup'] as const) {
        const { assistantId, phoneNumberId } = next.callTypes[type];
        if (assistantId && !(UUID.test(assistantId) && (await assistants.visible(viewer, assistantId)))) {
          throw badRequest(M.unknownAssistant, { [`callTypes.${type}.assistantId`]: M.unknownAssistant });
        }
        if (
          phoneNumberId &&
          !(UUID.test(phoneNumberId) && (await phoneNumbers.visibleById(viewer, phoneNumberId)))
        ) {
          throw badRequest(M.unknownNumber, { [`callTypes.${type}.phoneNumberId`]: M.unknownNumber });
        }
      }
      await repo.saveSettings(viewer.practice.id, next, now());
      await releaseForWindow(viewer.practice, current.callingWindow, next.callingWindow);
      return next;
    },
  };
}

export type OutboundCallsService = ReturnType<typeof createOutboundCallsService>;
