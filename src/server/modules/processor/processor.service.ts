import type {
  AnalyzeTranscriptResponse,
  CallProcessingItem,
  ProcessAppointmentResponse,
  ProcessPendingResponse,
} from '#shared/schemas/processor';
import type { AppointmentType } from '#shared/schemas/schedule';
import { AppError, badRequest, notFound } from '../../errors';
import type { Viewer } from '../../plugins/auth';
import type { ScheduleService } from '../schedule/schedule.service';
import { createToolFunctions } from '../voice-webhook/voice-webhook.service';
import type { TranscriptAnalysis } from './analysis/analyze-transcript';
import { bookedDuringCall } from './analysis/booked-during-call';
import { bookNearestFreeTime } from './nearest-free-time';
import type { EventBus } from '../../events';
import type { CallForProcessing, ProcessingRecord, ProcessorRepo } from './processor.repo';
import { readCall } from './read-call';
import { isUuid } from '../../lib/uuid';

export const MISSING_TRANSCRIPT_MESSAGE = 'Please enter a transcript to analyze';
export const BATCH_SIZE = 10;
const LISTED_CALLS = 50;
/** A type is needed to book; a call that asks for a visit without naming one gets an examination. */
const DEFAULT_TYPE: AppointmentType = 'dental_examination';
const DEFAULT_TIME = '09:00';

interface Outcome {
  record: ProcessingRecord;
  message: string;
}

export function createProcessorService(deps: {
  repo: ProcessorRepo;
  schedule: ScheduleService;
  /** A booking publishes `appointment.booked` with the call, in the transaction that records it. */
  events?: Pick<EventBus, 'publishWithin'>;
  now?: () => Date;
}) {
  const { repo, schedule, events, now = () => new Date() } = deps;
  const tools = createToolFunctions(schedule);

  /** The request in a transcript; the call's own extraction (ADR 046) counts when it is the call's transcript. */
  async function analyse(
    viewer: Viewer,
    transcript: string,
    call: CallForProcessing | undefined,
  ): Promise<TranscriptAnalysis> {
    const practice = await schedule.forUser(viewer);
    const extraction = call && call.transcript === transcript ? call.analysis?.structuredData : undefined;
    return readCall(transcript, extraction, {
      callStartedAt: call?.startedAt ?? now(),
      timeZone: practice.timeZone,
    });
  }

  /** What processing the call would find, without booking: for calls the processor has not run on. */
  function preview(call: CallForProcessing, analysis: TranscriptAnalysis | null): CallProcessingItem {
    const base = { callId: call.id, processed: false, confirmationNumber: null };
    if (call.transcript && bookedDuringCall(call.transcript))
      return { ...base, state: 'booked', reason: 'Booked during the call' };
    if (!analysis?.appointmentRequest)
      return { ...base, state: 'nothing_to_book', reason: 'No Appointment Found' };
    return { ...base, state: 'needs_callback', reason: 'Not processed yet' };
  }

  async function book(viewer: Viewer, call: CallForProcessing): Promise<Outcome> {
    const nothing = (
      state: ProcessingRecord['state'],
      reason: string,
      details: Partial<ProcessingRecord> = {},
    ) => ({
      record: {
        callId: call.id,
        state,
        confirmationNumber: null,
        reason,
        appointmentType: null,
        date: null,
        time: null,
        ...details,
      },
      message: reason,
    });
    if (!call.transcript?.trim()) return nothing('nothing_to_book', 'No transcript available for this call');
    if (bookedDuringCall(call.transcript))
      return {
        record: { ...nothing('booked', 'Booked during the call').record, reason: 'Booked during the call' },
        message: 'The caller booked during the call; nothing more was booked.',
      };
    const practice = await schedule.forUser(viewer);
    const { appointmentRequest: request } = readCall(call.transcript, call.analysis?.structuredData, {
      callStartedAt: call.startedAt ?? now(),
      timeZone: practice.timeZone,
    });
    if (!request) return nothing('nothing_to_book', 'No Appointment Found');
    const type = request.appointmentType ?? DEFAULT_TYPE;
    const details = { appointmentType: type, date: request.preferredDate, time: request.preferredTime };
    const name = request.patientName ?? call.customerName;
    const phone = request.phoneNumber ?? call.customerNumber;
    if (!request.preferredDate) return nothing('needs_callback', 'The caller did not say a day', details);
    if (!name) return nothing('needs_callback', 'The caller did not give a name', details);
    if (!phone) return nothing('needs_callback', 'No phone number for the caller', details);
    if (request.preferredDate < practice.today)
      return nothing('needs_callback', 'The day the caller asked for has passed', details);

    // The asked-for time, else the nearest free one that day (a part of the day gives its first hour), for
    // the visit's length; a time taken meanwhile gives way to the next nearest.
    const duration = (await schedule.appointmentType(type))?.durationMinutes;
    try {
      const outcome = await bookNearestFreeTime(
        schedule,
        practice,
        {
          date: request.preferredDate,
          wanted: request.preferredTime ?? DEFAULT_TIME,
          durationMinutes: duration,
        },
        (slot) =>
          tools.run(
            'bookAppointment',
            {
              appointment_type: type,
              date: request.preferredDate,
              time: slot.time,
              provider_id: slot.provider_id,
              patient_info: { name, phone_number: phone, ...(request.email && { email: request.email }) },
              notes: 'Booked by the Appointment Processor from a call transcript.',
            },
            {
              practice,
              callerNumber: call.customerNumber ?? undefined,
              idempotencyKey: `processor:call:${call.id}`,
              source: { channel: 'processor', providerCallId: call.providerId },
            },
          ),
      );
      if (!outcome) return nothing('needs_callback', `No free time on ${request.preferredDate}`, details);
      if ('success' in outcome && outcome.success && 'appointment' in outcome) {
        const booked = { ...details, date: outcome.appointment.date, time: outcome.appointment.time };
        return {
          record: {
            callId: call.id,
            state: 'booked',
            confirmationNumber: outcome.appointment.confirmation_number,
            reason: null,
            ...booked,
          },
          message:
            outcome.message ?? `Booked. Confirmation number ${outcome.appointment.confirmation_number}.`,
        };
      }
      const reason =
        ('message' in outcome && outcome.message) || 'The practice system did not take the booking';
      return nothing('needs_callback', reason, details);
    } catch (error) {
      // A refused booking (taken time, bad details, practice system down) leaves the call for a person.
      if (error instanceof AppError && error.status < 500)
        return nothing('needs_callback', error.message, details);
      if (error instanceof AppError)
        return nothing('needs_callback', 'The practice system is not responding', details);
      throw error;
    }
  }

  async function process(
    viewer: Viewer,
    call: CallForProcessing,
  ): Promise<ProcessingRecord & { message: string }> {
    const practiceId = viewer.practice.id;
    const existing = await repo.record(practiceId, call.id);
    if (existing?.state === 'booked')
      return { ...existing, message: 'This call was already processed; nothing more was booked.' };
    const outcome = await book(viewer, call);
    let published: (() => Promise<void>) | undefined;
    const saved = await repo.save(practiceId, outcome.record, async (tx, record) => {
      if (record.state !== 'booked' || !events) return;
      published = await events.publishWithin(tx, 'appointment.booked', {
        practiceId,
        confirmationNumber: record.confirmationNumber,
        callId: call.id,
      });
    });
    await published?.();
    return { ...saved, message: outcome.message };
  }

  return {
    async analyzeTranscript(
      viewer: Viewer,
      transcript: string,
      callId: string,
    ): Promise<AnalyzeTranscriptResponse> {
      if (!transcript.trim())
        throw badRequest(MISSING_TRANSCRIPT_MESSAGE, { transcript: MISSING_TRANSCRIPT_MESSAGE });
      let call: CallForProcessing | undefined;
      if (callId !== 'manual') {
        call = isUuid(callId) ? await repo.call(viewer.practice.id, callId) : undefined;
        if (!call) throw notFound('Call not found.');
      }
      const { appointmentRequest, evidence } = await analyse(viewer, transcript, call);
      return {
        success: true,
        message: appointmentRequest ? 'Appointment request detected in transcript' : 'No Appointment Found',
        appointmentRequest,
        evidence,
      };
    },

    async processCall(viewer: Viewer, callId: string): Promise<ProcessAppointmentResponse> {
      const call = await repo.call(viewer.practice.id, callId);
      if (!call) throw notFound('Call not found.');
      const result = await process(viewer, call);
      return result.state === 'booked'
        ? {
            success: true,
            message: result.message,
            appointment: { confirmationNumber: result.confirmationNumber },
          }
        : { success: false, message: result.message, appointment: null };
    },

    async processPending(viewer: Viewer): Promise<ProcessPendingResponse> {
      const pending = await repo.unprocessed(viewer.practice.id, BATCH_SIZE);
      const results: ProcessPendingResponse['results'] = { successful: [], alreadyBooked: [], failed: [] };
      for (const call of pending) {
        const result = await process(viewer, call);
        const which = {
          callId: call.id,
          caller: { name: call.customerName, number: call.customerNumber },
          startedAt: call.startedAt?.toISOString() ?? null,
        };
        // A booking without a confirmation number is the caller's own, made during the call.
        if (result.state === 'booked' && result.confirmationNumber === null)
          results.alreadyBooked.push(which);
        else if (result.state === 'booked')
          results.successful.push({
            ...which,
            confirmationNumber: result.confirmationNumber,
            details: { type: result.appointmentType, date: result.date, time: result.time },
          });
        else results.failed.push({ ...which, reason: result.reason ?? result.message });
      }
      return {
        success: true,
        summary: {
          total: pending.length,
          successful: results.successful.length,
          alreadyBooked: results.alreadyBooked.length,
          failed: results.failed.length,
        },
        results,
      };
    },

    async callStates(viewer: Viewer): Promise<CallProcessingItem[]> {
      const rows = await repo.endedCalls(viewer.practice.id, LISTED_CALLS);
      const practice = rows.some((r) => !r.record) ? await schedule.forUser(viewer) : undefined;
      return rows.map((row) => {
        if (row.record)
          return {
            callId: row.id,
            state: row.record.state,
            processed: true,
            confirmationNumber: row.record.confirmationNumber,
            reason: row.record.reason,
          };
        const analysis = row.transcript
          ? readCall(row.transcript, row.analysis?.structuredData, {
              callStartedAt: row.startedAt ?? now(),
              timeZone: practice!.timeZone,
            })
          : null;
        return preview(row, analysis);
      });
    },
  };
}

export type ProcessorService = ReturnType<typeof createProcessorService>;
