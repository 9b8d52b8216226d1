import type { Callback, CallbackBooking, CallbackListQuery, CallbackUpdate } from '#shared/schemas/callbacks';
import { FIRST_AVAILABLE_PROVIDER, PAST_DATE_MESSAGE, type BookOutcome } from '#shared/schemas/schedule';
import { badRequest, conflict, notFound } from '../../errors';
import type { EventBus } from '../../events';
import { addMinutesToWall, instantFromWall, minutesOfDay, wallFromInstant } from '../../lib/wall-time';
import type { Viewer } from '../../plugins/auth';
import type { PracticeContext } from '../../practice';
import type { AuditService } from '../audit/audit.service';
import type { ScheduleService } from '../schedule/schedule.service';
import { visibleCalls } from '../scope';
import { createToolFunctions, type CallbackRequest } from '../voice-webhook/voice-webhook.service';
import { bookedDuringCall } from './analysis/booked-during-call';
import type { CallbackCandidate, CallbacksRepo, NewCallback } from './callbacks.repo';
import { bookNearestFreeTime } from './nearest-free-time';
import { readCall } from './read-call';

/** A hang-up this short is not a caller waiting for us. */
export const SHORT_CALL_SECONDS = 10;
const SYNC_BATCH = 200;
/** A close that found the task closed already (by someone else, a moment before). */
export const ALREADY_CLOSED =
  'This callback was already closed by someone else. Your note was not saved; read theirs in Closed.';
const SEARCH_DAYS = 14;

type Hours = { weekday: number; startMinute: number; endMinute: number }[];

/** The first whole hour at or after `after` when the practice is open (practice wall time); else `after`. */
export function nextOpenHour(after: Date, timeZone: string, hours: Hours): Date {
  const wall = wallFromInstant(after, timeZone);
  const pastHour = minutesOfDay(wall) % 60;
  let candidate = addMinutesToWall(
    `${wall.slice(0, 14)}00:00`,
    pastHour === 0 && wall.slice(17) === '00' ? 0 : 60,
  );
  for (let step = 0; step < SEARCH_DAYS * 24; step++) {
    const weekday = new Date(`${candidate.slice(0, 10)}T12:00:00Z`).getUTCDay();
    const minute = minutesOfDay(candidate);
    if (hours.some((h) => h.weekday === weekday && minute >= h.startMinute && minute < h.endMinute))
      return instantFromWall(candidate, timeZone);
    candidate = addMinutesToWall(candidate, 60);
  }
  return after;
}

type EndedCallFacts = Pick<CallbackCandidate, 'startedAt' | 'endedAt' | 'durationSeconds' | 'transcript'>;

/** Not a hang-up under 10 s, and nothing was booked during the call: the caller may be waiting for us. */
function mayBeWaiting(call: EndedCallFacts): boolean {
  const seconds =
    call.durationSeconds ??
    (call.startedAt && call.endedAt ? (call.endedAt.getTime() - call.startedAt.getTime()) / 1000 : null);
  if (seconds !== null && seconds < SHORT_CALL_SECONDS) return false;
  return !bookedDuringCall(call.transcript);
}

/** A call as stored when its end-of-call-report arrived. */
export interface EndedCall extends Omit<EndedCallFacts, 'transcript'> {
  id: string;
  type: string;
  transcript: string | null;
}

export function createCallbacksService(deps: {
  repo: CallbacksRepo;
  schedule: ScheduleService;
  audit: Pick<AuditService, 'record'>;
  /** A task closed by staff or by its booking publishes `callback.closed`. */
  events?: Pick<EventBus, 'publish'>;
  now?: () => Date;
}) {
  const { repo, schedule, audit, events, now = () => new Date() } = deps;
  const closed = (viewer: Viewer, task: Callback) =>
    events?.publish('callback.closed', {
      practiceId: viewer.practice.id,
      callbackId: task.id,
      callId: task.callId,
    });
  const tools = createToolFunctions(schedule);
  const recordCreated = (practiceId: string, id: string, detail: string) =>
    audit.record({
      actor: null,
      practiceId,
      action: 'callback.create',
      outcome: 'allowed',
      resourceType: 'callback',
      resourceId: id,
      detail,
    });

  /**
   * Turns ended inbound calls in which the caller asked for something and nothing was booked (not during the
   * call, not by the processor), and which are not hang-ups under 10 s, into one task each.
   */
  async function createTasks(practice: PracticeContext, candidates: CallbackCandidate[]): Promise<void> {
    const waiting = candidates.filter((call) => !call.bookedByProcessor && mayBeWaiting(call));
    // Most ended calls stop here, before anything else is read.
    if (waiting.length === 0) return;
    const { timeZone } = practice;
    const hours = await repo.openingHours(practice.id);
    const tasks: NewCallback[] = [];
    for (const call of waiting) {
      const { appointmentRequest: request } = readCall(call.transcript, call.structuredData, {
        callStartedAt: call.startedAt ?? now(),
        timeZone,
      });
      if (!request) continue;
      tasks.push({
        callId: call.id,
        callerName: request.patientName ?? call.customerName,
        callerNumber: request.phoneNumber ?? call.customerNumber,
        appointmentType: request.appointmentType,
        preferredDate: request.preferredDate,
        preferredTime: request.preferredTime,
        dueAt: nextOpenHour(call.endedAt ?? now(), timeZone, hours),
      });
    }
    // Only tasks this run created are logged: a call seen again (a report delivered twice) creates nothing.
    for (const created of await repo.insert(practice.id, tasks))
      await recordCreated(practice.id, created.id, `from call ${created.callId}`);
  }

  /** Catches up on calls that ended before they could be looked at (e.g. the demo practice's history). */
  const sync = async (practice: PracticeContext) => {
    await repo.linkToCalls(practice.id);
    await createTasks(practice, await repo.candidates(practice.id, SYNC_BATCH));
  };

  return {
    sync,
    /** A call's end-of-call-report arrived: its task, if it needs one, is created now. */
    async callEnded(practice: PracticeContext, call: EndedCall): Promise<void> {
      // A task a tool call opened before the call was stored becomes the call's.
      await repo.linkToCalls(practice.id, call.id);
      // What the stored call already shows settles most calls without reading anything more.
      if (call.type !== 'inboundPhoneCall' || call.transcript === null) return;
      if (!mayBeWaiting({ ...call, transcript: call.transcript })) return;
      await createTasks(practice, await repo.candidates(practice.id, 1, call.id));
    },
    async list(viewer: Viewer, query: CallbackListQuery): Promise<Callback[]> {
      await sync(viewer.practice);
      return repo.list(
        viewer.practice.id,
        { status: query.status, ...(query.takenBy === 'me' && { takenBy: viewer.userId }) },
        visibleCalls(viewer.principal),
      );
    },

    /** Who a task can be handed to; with `forTask`, only colleagues who see that task (404: not yours to see). */
    async assignees(viewer: Viewer, forTask?: string): Promise<{ id: string; name: string }[]> {
      if (forTask === undefined) return repo.assignees(viewer.practice.id);
      if (!(await repo.get(viewer.practice.id, forTask, visibleCalls(viewer.principal))))
        throw notFound('Callback not found.');
      return repo.assignees(viewer.practice.id, forTask);
    },

    /**
     * Taking succeeds only on a free task or your own (409 naming who has it). Releasing and handing over are
     * for whoever holds the task, or anyone while it is free; an admin may do both whoever holds it.
     */
    async update(viewer: Viewer, id: string, change: CallbackUpdate): Promise<Callback> {
      const practiceId = viewer.practice.id;
      const scope = visibleCalls(viewer.principal);
      const current = await repo.get(practiceId, id, scope);
      if (!current) throw notFound('Callback not found.');
      const holder = async () => (await repo.get(practiceId, id, scope))?.takenBy?.name ?? 'someone else';
      if (change.status === 'done' && current.status === 'done') throw conflict(ALREADY_CLOSED);
      if (change.take === true && !(await repo.assign(practiceId, id, viewer.userId, viewer.userId)))
        throw conflict(`${await holder()} has already taken this callback.`);
      if (change.take === false || change.assignTo !== undefined) {
        const to = change.assignTo ?? null;
        if (to !== null) {
          const colleague = (await repo.assignees(practiceId)).find((user) => user.id === to);
          if (!colleague)
            throw badRequest('Choose a colleague who can see the callbacks.', { assignTo: 'Unknown user' });
          // Every read is scoped: a colleague not assigned the task's number or assistant would never see it.
          if (!(await repo.assignees(practiceId, id)).some((user) => user.id === to))
            throw badRequest(
              `${colleague.name} cannot see this callback: it came in on a number or assistant they are not assigned to. Choose a colleague who can see it.`,
              { assignTo: 'Cannot see this callback' },
            );
        }
        const from = viewer.principal.role === 'admin' ? null : viewer.userId;
        if (!(await repo.assign(practiceId, id, to, from)))
          throw conflict(
            `${await holder()} has this callback. Only they or an admin can release it or hand it on.`,
          );
      }
      // Closing is conditional (only while open): of two people closing at once, the second is told, and the
      // first note stays.
      if (change.status === 'done' && !(await repo.close(practiceId, id, now(), change.note)))
        throw conflict(ALREADY_CLOSED);
      if (change.status !== 'done' && (change.note !== undefined || change.status !== undefined))
        await repo.update(practiceId, id, {
          ...(change.note !== undefined && { note: change.note }),
          ...(change.status !== undefined && { status: change.status, closedAt: null }),
        });
      const updated = (await repo.get(practiceId, id, scope))!;
      if (change.status === 'done') await closed(viewer, updated);
      return updated;
    },

    /**
     * Books what the task asks for through the receptionist's bookAppointment, with the first available
     * doctor: at the time given, else the nearest free one that day; a time taken meanwhile gives way to the
     * next nearest. A booking closes the task with its confirmation number.
     */
    async book(viewer: Viewer, id: string, input: CallbackBooking): Promise<BookOutcome> {
      const task = await repo.get(viewer.practice.id, id, visibleCalls(viewer.principal));
      if (!task) throw notFound('Callback not found.');
      if (task.status === 'done') throw conflict('This callback is closed. Reopen it to book from it.');
      const practice = await schedule.forUser(viewer);
      const type = await schedule.appointmentType(input.appointment_type);
      if (!type) throw badRequest(`Unknown appointment type "${input.appointment_type}".`);
      if (input.date < practice.today) throw badRequest(PAST_DATE_MESSAGE);
      const provider = input.provider_id ?? FIRST_AVAILABLE_PROVIDER;
      const doctor =
        provider === FIRST_AVAILABLE_PROVIDER
          ? undefined
          : (await schedule.listProviders(practice)).find((p) => p.remote_id === provider);
      if (provider !== FIRST_AVAILABLE_PROVIDER && !doctor)
        throw badRequest('Unknown doctor. Please choose one from the list.', {
          provider_id: 'Unknown doctor',
        });
      const outcome = await bookNearestFreeTime(
        schedule,
        practice,
        { date: input.date, wanted: input.time, durationMinutes: type.durationMinutes, provider },
        async (slot) =>
          (await tools.run(
            'bookAppointment',
            {
              appointment_type: type.code,
              date: input.date,
              time: slot.time,
              provider_id: slot.provider_id,
              patient_info: input.patient_info,
              notes: 'Booked from a callback task.',
            },
            // No idempotency key: a task books again once reopened. A repeat finds the task closed, and a
            // simultaneous one the patient's first booking (one patient, one place).
            { practice, source: { channel: 'callback' } },
          )) as BookOutcome,
      );
      if (!outcome)
        throw conflict(
          `Nothing is free on ${input.date} for ${type.label}${doctor ? ` with ${doctor.display_name}` : ''}. Please choose another day.`,
        );
      if (!outcome.success) return outcome;
      const booked = `Booked, confirmation ${outcome.appointment.confirmation_number}.`;
      // Closed only while still open. Someone closed it meanwhile: their note stays, and the booking, which is
      // made, is added to it rather than lost (the answer is still the booking).
      if (await repo.close(viewer.practice.id, id, now(), booked)) await closed(viewer, task);
      else await repo.addToNote(viewer.practice.id, id, booked);
      return outcome;
    },

    /**
     * A patient asked by text for a new time (a reply R): a task for the conversation, due the next hour the
     * practice is open; one already open for the conversation is kept (a second R opens nothing more).
     * `phoneNumberId`: our number the text came in on (the conversation's, phone_numbers.id): sub users assigned
     * it see the task, as they see the conversation; null: admins only.
     */
    async openForText(
      practice: PracticeContext,
      text: {
        conversationId: string;
        phoneNumberId: string | null;
        callerName: string | null;
        callerNumber: string;
        note: string;
      },
    ): Promise<{ id: string; created: boolean }> {
      const hours = await repo.openingHours(practice.id);
      const task = await repo.openForConversation(practice.id, {
        ...text,
        dueAt: nextOpenHour(now(), practice.timeZone, hours),
      });
      if (task.created) await recordCreated(practice.id, task.id, 'from a text reply');
      return task;
    },

    /**
     * A caller asked on the phone for a change the receptionist could not make there (issue 24): a task for
     * the call, due the next hour the practice is open. One per call: a second request adds its note to it.
     */
    async openForCall(practice: PracticeContext, request: CallbackRequest): Promise<void> {
      const hours = await repo.openingHours(practice.id);
      const task = await repo.openForCall(practice.id, request.providerCallId, {
        callerName: request.callerName,
        callerNumber: request.callerNumber,
        note: request.note,
        dueAt: nextOpenHour(now(), practice.timeZone, hours),
      });
      if (task.created) await recordCreated(practice.id, task.id, 'from a change asked for on a call');
      else await repo.addToNote(practice.id, task.id, request.note);
    },

    /** The processor booked the call: its open task is done. */
    closeForCall: (practice: PracticeContext, callId: string, note: string) =>
      repo.closeForCall(practice.id, callId, note),
  };
}
export type CallbacksService = ReturnType<typeof createCallbacksService>;
