import type { z } from 'zod';
import {
  AppointmentActionParamsSchema,
  type AppointmentActionParams,
  type AppointmentActionResult,
  BookAppointmentParamsSchema,
  CheckAvailabilityParamsSchema,
  FindAppointmentsParamsSchema,
  FindPatientParamsSchema,
  FIRST_AVAILABLE_PROVIDER,
  FAR_DATE_MESSAGE,
  lastBookableDate,
  PAST_DATE_MESSAGE,
  RescheduleAppointmentParamsSchema,
  TOOL_FUNCTIONS,
  type BookAppointmentParams,
  type BookOutcome,
  type CheckAvailabilityParams,
  type CheckAvailabilityResult,
  type FindAppointmentsParams,
  type FindAppointmentsResult,
  type FindPatientParams,
  type FindPatientResult,
  type RescheduleAppointmentParams,
  type RescheduleAppointmentResult,
  type ToolFunction,
  type ToolResult,
} from '#shared/schemas/schedule';
import { phoneNumberProblem } from '#shared/phone';
import { formatVisitDay, formatVisitTime } from '#shared/visit-time';
import { badRequest, notFound } from '../../errors';
import { toE164 } from '../../lib/phone';
import { refuseInvalidText } from '../../plugins/input-text';
import { sameFirstName, sameName } from '../../lib/person-name';
import type { Appointment, NewPatient, Patient } from '../../integrations/practice-management/port';
import { addMinutesToWall, formatHm, minutesOfDay } from '../../lib/wall-time';
import {
  matchesPreference,
  parseCallerDate,
  weekdayClash,
  parseCallerTime,
  parseTimePreference,
} from './caller-input';
import { appointmentNotes } from '../../lib/appointment-notes';
import type { PracticeContext } from '../../practice';
import {
  PatientAlreadyBookedError,
  TimeTakenError,
  type ChangeSource,
  type Practice,
  type ScheduleService,
} from '../schedule/schedule.service';

/** The receptionist's functions, shared by the console and the voice platform. */

export interface ToolContext {
  practice: Practice;
  /** The caller's own number, used when a phone number is not given. */
  callerNumber?: string;
  idempotencyKey?: string;
  /**
   * A voice call (the platform's id and direction). On a call, patients are reached only through the number
   * calling (issue 24); without it the asker is signed-in staff or one of our own jobs.
   */
  call?: { id: string; direction: 'inbound' | 'outbound' | 'web' };
  /** Where a booking or change comes from, for the appointment ledger (default: staff). */
  source?: ChangeSource;
}

/** A task for staff when a change by phone cannot be made on the call (issue 24). */
export interface CallbackRequest {
  providerCallId: string | null;
  callerName: string | null;
  callerNumber: string | null;
  note: string;
}

/** What the changes by phone need besides the schedule: the practice's policy and the callback inbox. */
export interface PhoneChangeDeps {
  /** Hours before a visit inside which changes by phone go to staff. */
  lateChangeHours(practice: PracticeContext): Promise<number>;
  requestCallback(practice: PracticeContext, request: CallbackRequest): Promise<void>;
  now?: () => Date;
}

/** Said whenever a change cannot be made on the call: the same words whatever the reason, so nothing leaks. */
export const STAFF_WILL_CALL =
  'I cannot change that appointment on this call. I have asked our staff to call you back at this number.';
/** The same, to a caller whose number is withheld: staff have no number to call back, so none is promised. */
export const STAFF_CANNOT_CALL =
  'I cannot change that appointment on this call, and your number is withheld, so our staff cannot call you back. Please call us again from a number that is not withheld.';
const NAME_NEEDED =
  "patient_name is required: ask the caller for the patient's full name, as the practice has it.";
const ON_A_CALL_ONLY = 'This function works on a phone call: it looks up the number calling.';

const LOOKAHEAD_DAYS = 7;
const NEAREST_SLOTS = 6;

export const unknownFunctionMessage = (name: string) =>
  `Unknown function "${name}". Available functions: ${TOOL_FUNCTIONS.join(', ')}.`;

function parseParams<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  let value = raw ?? {};
  if (typeof value === 'string') {
    try {
      value = value.trim() ? JSON.parse(value) : {};
    } catch {
      throw badRequest('The function parameters are not valid JSON.');
    }
    refuseInvalidText(value);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`${issue?.path.join('.') || 'parameters'} is not valid.`);
  }
  return parsed.data;
}

function phoneOf(raw: string | undefined): string {
  const e164 = raw ? toE164(raw) : undefined;
  if (!e164) throw badRequest(phoneNumberProblem(raw ?? '') ?? 'Please give a valid phone number.');
  return e164;
}

export function createToolFunctions(schedule: ScheduleService, phone?: PhoneChangeDeps) {
  const now = phone?.now ?? (() => new Date());
  const sourceOf = (ctx: ToolContext): ChangeSource =>
    ctx.source ??
    (ctx.call ? { channel: 'call', providerCallId: ctx.call.id || null } : { channel: 'staff' });
  const sameNumber = (a: string | undefined, b: string | undefined) =>
    Boolean(a && b && toE164(a) === toE164(b));

  function callerDate(practice: Practice, value: string | undefined, field: string): string {
    if (!value) throw badRequest(`${field} is required.`);
    const date = parseCallerDate(value, practice.today, practice.timeZone);
    if (!date) throw badRequest(`I could not understand the date "${value}". Please give it as YYYY-MM-DD.`);
    const clash = weekdayClash(value, date);
    if (clash) throw badRequest(clash);
    if (date < practice.today) throw badRequest(PAST_DATE_MESSAGE);
    if (date > lastBookableDate(practice.today)) throw badRequest(FAR_DATE_MESSAGE);
    return date;
  }

  async function appointmentType(value: string | undefined) {
    if (!value) throw badRequest('appointment_type is required.');
    const type = await schedule.appointmentType(value);
    if (!type) throw badRequest(`Unknown appointment type "${value}".`);
    return type;
  }

  /** A provider id, matched by name when only a name is given; first available when neither. */
  async function providerId(practice: Practice, id?: string, name?: string): Promise<string> {
    if (id) return id;
    const wanted = name
      ?.toLowerCase()
      .replace(/\bdr\.?\s*/g, '')
      .trim();
    if (!wanted || wanted.replace(/\s+/g, '_') === FIRST_AVAILABLE_PROVIDER) return FIRST_AVAILABLE_PROVIDER;
    const providers = await practice.pms.listProviders();
    const match = providers.find((p) => `${p.name} ${p.displayName}`.toLowerCase().includes(wanted));
    if (!match) throw badRequest(`There is no provider named "${name}".`);
    return match.remoteId;
  }

  /**
   * Staff find anyone by number. On a call the record behind the number calling is named: the one whose name
   * the caller said (a household shares a number; a recycled number reaches a stranger), or its only record
   * when no name was said. Behind another number a record is named only to a caller who says that patient's
   * full name (issue 24), else only its existence.
   */
  async function findPatient(params: FindPatientParams, ctx: ToolContext): Promise<FindPatientResult> {
    const phone = phoneOf(params.phone_number ?? ctx.callerNumber);
    const found = await ctx.practice.pms.findPatientsByPhone(phone);
    const ownNumber = sameNumber(phone, ctx.callerNumber);
    const said = params.patient_name;
    if (found.length === 0)
      return { success: false, patient: null, message: 'No patient found with that phone number.' };
    let patient: Patient | undefined;
    if (!ctx.call) patient = (said && found.find((p) => sameName(said, p))) || found[0];
    else if (!ownNumber) patient = said ? found.find((p) => sameName(said, p)) : undefined;
    else if (said) patient = found.find((p) => sameName(said, p) || sameFirstName(said, p));
    else if (found.length > 1)
      return {
        success: false,
        patient: null,
        message:
          'Several patients share this number. Ask which of them the call is for (their full name) and call findPatient again with patient_name.',
      };
    else patient = found[0];
    if (!patient)
      return {
        success: false,
        patient: null,
        message: said
          ? 'The name does not match the record for that number, so I cannot use it. Offer to book as a new patient, or to have staff call back.'
          : "There is a record for that number. To keep patients' details private, ask for the patient's full name and call findPatient again with patient_name.",
      };
    return {
      success: true,
      patient: {
        id: patient.remoteId,
        name: patient.name,
        phone_number: patient.phone ?? null,
        email: patient.email ?? null,
      },
      message: `Found ${patient.name}.`,
    };
  }

  async function checkAvailability(
    params: CheckAvailabilityParams,
    ctx: ToolContext,
  ): Promise<CheckAvailabilityResult> {
    const { practice } = ctx;
    const type = params.appointment_type ? await appointmentType(params.appointment_type) : undefined;
    const first = params.preferred_date
      ? callerDate(practice, params.preferred_date, 'preferred_date')
      : practice.today;
    const preference = parseTimePreference(params.time_preference);
    const provider = await providerId(practice, params.provider_id, params.provider_name);
    // Nothing on the preferred day: offer the next day that has something.
    for (let offset = 0; offset < LOOKAHEAD_DAYS; offset++) {
      const date = addMinutesToWall(`${first}T00:00:00`, offset * 1440).slice(0, 10);
      let slots = await schedule.slots(practice, date, provider, type?.durationMinutes);
      if (typeof preference === 'string') {
        slots = slots.filter((s) => matchesPreference(minutesOfDay(s.start_time), preference));
      } else if (typeof preference === 'number') {
        const distance = (s: (typeof slots)[number]) => Math.abs(minutesOfDay(s.start_time) - preference);
        slots = [...slots].sort((a, b) => distance(a) - distance(b)).slice(0, NEAREST_SLOTS);
        slots.sort((a, b) => a.start_time.localeCompare(b.start_time));
      }
      if (slots.length === 0) continue;
      return {
        success: true,
        date,
        available_slots: slots.map((s) => ({
          date,
          time: s.time,
          provider_id: s.provider_id,
          provider_name: s.provider_name,
          available: true,
        })),
        message:
          date === first
            ? `${slots.length} open times on ${date}.`
            : `Nothing open on ${first}; the next open day is ${date} with ${slots.length} times.`,
      };
    }
    return {
      success: true,
      date: first,
      available_slots: [],
      message: `No open times in the ${LOOKAHEAD_DAYS} days from ${first}.`,
    };
  }

  async function bookAppointment(params: BookAppointmentParams, ctx: ToolContext): Promise<BookOutcome> {
    const { practice } = ctx;
    const type = await appointmentType(params.appointment_type);
    const date = callerDate(practice, params.date, 'date');
    if (!params.time) throw badRequest('time is required.');
    const minutes = parseCallerTime(params.time);
    if (minutes === undefined) throw badRequest(`I could not understand the time "${params.time}".`);
    if (date === practice.today && minutes < minutesOfDay(practice.nowWall)) {
      throw badRequest('The selected time has already passed. Please choose a later time.');
    }
    const time = formatHm(minutes);

    const info = params.patient_info;
    let patient: { remoteId: string } | NewPatient;
    let phone: string | undefined;
    // On a call, whether the patient is on the number calling: a visit of anyone else is never described.
    let callers = !ctx.call;
    if (params.patient_id) {
      phone = info?.phone_number ? toE164(info.phone_number) : undefined;
      const may = ctx.call ? await mayBookFor(ctx, params.patient_id, info?.name, phone) : 'caller';
      if (!may)
        throw badRequest(
          'On a call, patient_id must be a patient on the number calling; for anyone else give patient_info with the name and phone number the caller said.',
        );
      callers = may === 'caller';
      patient = { remoteId: params.patient_id };
    } else if (info?.name) {
      phone = phoneOf(info.phone_number ?? ctx.callerNumber);
      callers ||= sameNumber(phone, ctx.callerNumber);
      const [givenName = '', ...rest] = info.name.split(/\s+/);
      patient = { givenName, familyName: rest.join(' '), phone, ...(info.email && { email: info.email }) };
    } else {
      throw badRequest(
        'Patient details are required: patient_id, or patient_info with name and phone_number.',
      );
    }

    try {
      return await schedule.book(
        practice,
        {
          patient,
          providerId: await providerId(practice, params.provider_id, params.provider_name),
          startTime: `${date}T${time}:00`,
          durationMinutes: type.durationMinutes,
          appointmentType: type.code,
          notes: appointmentNotes({ phone, email: info?.email, type: type.label, notes: params.notes }),
        },
        { date, time, typeLabel: type.label },
        ctx.idempotencyKey ? { key: ctx.idempotencyKey, request: params } : undefined,
        sourceOf(ctx),
      );
    } catch (error) {
      // The overlap's answer names that visit's day, time and confirmation number: said only to its patient's
      // own number. Anyone else hears what a taken time says, so a name and a number walk no one's schedule.
      if (error instanceof PatientAlreadyBookedError && !callers) throw new TimeTakenError(time, date);
      throw error;
    }
  }

  /**
   * On a call a booking by patient id names (in its answer) whom it booked: only a patient on the number calling,
   * or one on the number the caller gave whose name they said (as findPatient answers them).
   */
  async function mayBookFor(
    ctx: ToolContext,
    id: string,
    said?: string,
    phone?: string,
  ): Promise<'caller' | 'named' | false> {
    if ((await callersPatients(ctx, undefined)).some((p) => p.remoteId === id)) return 'caller';
    if (!said || !phone) return false;
    const theirs = await ctx.practice.pms.findPatientsByPhone(phone);
    return theirs.some((p) => p.remoteId === id && sameName(said, p)) && 'named';
  }

  /** The patients on the number calling whose name is `said` (all of them when no name is given). */
  async function callersPatients(ctx: ToolContext, said: string | undefined): Promise<Patient[]> {
    if (!ctx.callerNumber || !toE164(ctx.callerNumber)) return [];
    const patients = await ctx.practice.pms.findPatientsByPhone(toE164(ctx.callerNumber)!);
    return said === undefined ? patients : patients.filter((p) => sameName(said, p));
  }

  /** A task for staff, and the words that say so (never why, so nothing about anyone leaks). */
  async function staffWillCall(
    ctx: ToolContext,
    said: string | undefined,
    note: string,
    answer = STAFF_WILL_CALL,
  ) {
    const callerNumber = (ctx.callerNumber && toE164(ctx.callerNumber)) || null;
    await phone?.requestCallback(ctx.practice, {
      providerCallId: ctx.call?.id || null,
      callerName: said ?? null,
      callerNumber,
      note,
    });
    // "At this number" only when there is one: a withheld number leaves the task without any.
    return { success: false as const, error: callerNumber ? answer : STAFF_CANNOT_CALL };
  }

  /**
   * The appointment, when the caller may change it: a live, future visit of a patient on the number calling
   * whose name the caller said (any of them without a name). Undefined otherwise, whatever the reason.
   */
  async function callersAppointment(
    ctx: ToolContext,
    id: string,
    said: string | undefined,
  ): Promise<Appointment | undefined> {
    const patients = await callersPatients(ctx, said);
    if (patients.length === 0) return undefined;
    const appointment = await schedule.appointment(ctx.practice, id);
    const owner = appointment?.contact.remoteId;
    if (!appointment || !owner || !patients.some((p) => p.remoteId === owner)) return undefined;
    if (appointment.cancelled || appointment.completed || appointment.start <= now()) return undefined;
    return appointment;
  }

  const visitWords = (a: Appointment) =>
    `${formatVisitDay(a.wallStart.slice(0, 10))} at ${formatVisitTime(a.wallStart.slice(11, 16))}`;

  /** Inside the practice's late-change hours: the words to say after opening the task, else undefined. */
  async function tooLate(ctx: ToolContext, a: Appointment): Promise<number | undefined> {
    if (!phone) return undefined;
    const hours = await phone.lateChangeHours(ctx.practice);
    return a.start.getTime() - now().getTime() < hours * 3600_000 ? hours : undefined;
  }
  const lateAnswer = (hours: number) =>
    `Changes less than ${hours} hours before a visit are made by our staff. I have asked them to call you back at this number.`;

  async function findAppointments(
    params: FindAppointmentsParams,
    ctx: ToolContext,
  ): Promise<FindAppointmentsResult | { success: false; error: string }> {
    if (!ctx.call) throw badRequest(ON_A_CALL_ONLY);
    const said = params.patient_name;
    const patients = await callersPatients(ctx, said);
    // Nobody on the number calling by that name: a person will look into it (and nothing is said).
    if (patients.length === 0)
      return staffWillCall(
        ctx,
        said,
        'Called about their appointments; no patient on the number calling by that name.',
      );
    if (said === undefined && patients.length > 1)
      throw badRequest(
        'Several patients share the number calling: ask whose appointments the caller means and call findAppointments again with patient_name.',
      );
    const upcoming = await schedule.upcomingOf(
      ctx.practice,
      patients.map((p) => p.remoteId),
    );
    const label = async (code: string | undefined) =>
      (code && (await schedule.appointmentType(code))?.label) ?? code ?? 'Appointment';
    return {
      success: true,
      appointments: await Promise.all(
        upcoming.map(async (a) => ({
          appointment_id: a.remoteId,
          date: a.wallStart.slice(0, 10),
          time: a.wallStart.slice(11, 16),
          provider_name: a.providers[0]?.displayName ?? '',
          appointment_type: await label(a.appointmentType),
        })),
      ),
      message:
        upcoming.length === 0
          ? 'There are no upcoming appointments for this patient.'
          : `${upcoming.length} upcoming appointment${upcoming.length === 1 ? '' : 's'}.`,
    };
  }

  async function rescheduleAppointment(
    params: RescheduleAppointmentParams,
    ctx: ToolContext,
  ): Promise<RescheduleAppointmentResult | { success: false; error: string }> {
    if (!ctx.call) throw badRequest(ON_A_CALL_ONLY);
    const id = params.appointment_id;
    if (!id) throw badRequest('appointment_id is required.');
    const said = params.patient_name;
    if (!said) throw badRequest(NAME_NEEDED);
    const { practice } = ctx;
    const date = callerDate(practice, params.date, 'date');
    if (!params.time) throw badRequest('time is required.');
    const minutes = parseCallerTime(params.time);
    if (minutes === undefined) throw badRequest(`I could not understand the time "${params.time}".`);
    if (date === practice.today && minutes < minutesOfDay(practice.nowWall)) {
      throw badRequest('The selected time has already passed. Please choose a later time.');
    }
    const startTime = `${date}T${formatHm(minutes)}:00`;
    const idempotent = ctx.idempotencyKey ? { key: ctx.idempotencyKey, request: params } : undefined;
    return schedule.once(practice, idempotent, async () => {
      const appointment = await callersAppointment(ctx, id, said);
      if (!appointment)
        return staffWillCall(
          ctx,
          said,
          'Called to move an appointment; it could not be verified on the call.',
        );
      const hours = await tooLate(ctx, appointment);
      if (hours !== undefined)
        return staffWillCall(
          ctx,
          said,
          `Called to move the visit on ${visitWords(appointment)} to ${formatVisitDay(date)} at ${formatVisitTime(formatHm(minutes))}: less than ${hours} hours ahead.`,
          lateAnswer(hours),
        );
      const provider = await providerId(practice, params.provider_id, params.provider_name);
      const moved = await schedule.reschedule(
        practice,
        appointment,
        { startTime, providerId: provider },
        sourceOf(ctx),
      );
      const confirmation = moved.confirmationNumber ?? moved.remoteId;
      const providerName = moved.providers[0]?.displayName ?? '';
      return {
        success: true as const,
        appointment: {
          confirmation_number: confirmation,
          date: moved.wallStart.slice(0, 10),
          time: moved.wallStart.slice(11, 16),
          provider_name: providerName,
        },
        message: `Moved to ${visitWords(moved)}${providerName ? ` with ${providerName}` : ''}. The confirmation number stays ${confirmation}.`,
      };
    });
  }

  /**
   * A "yes" or a "please cancel", into the practice system. On a call only a visit of a patient on the number
   * calling; an inbound caller cancelling also says the patient's name and meets the late-change policy (an
   * outbound confirmation call is about the visit we called for).
   */
  async function appointmentAction(
    params: AppointmentActionParams,
    ctx: ToolContext,
    action: 'confirm' | 'cancel',
  ): Promise<AppointmentActionResult | { success: false; error: string }> {
    const id = params.appointment_id;
    if (!id) throw badRequest('appointment_id is required.');
    const said = params.patient_name;
    const inbound = ctx.call !== undefined && ctx.call.direction !== 'outbound';
    if (inbound && action === 'cancel' && !said) throw badRequest(NAME_NEEDED);
    const idempotent = ctx.idempotencyKey
      ? { key: ctx.idempotencyKey, request: { action, params } }
      : undefined;
    return schedule.once(ctx.practice, idempotent, async () => {
      let appointment: Appointment | undefined;
      if (ctx.call) {
        // Without a name (an outbound call, a confirmation) any patient on the number calling will do.
        appointment = await callersAppointment(ctx, id, said);
        if (!appointment)
          return staffWillCall(
            ctx,
            said,
            `Called to ${action} an appointment; it could not be verified on the call.`,
          );
        const hours = inbound && action === 'cancel' ? await tooLate(ctx, appointment) : undefined;
        if (hours !== undefined)
          return staffWillCall(
            ctx,
            said,
            `Called to cancel the visit on ${visitWords(appointment)}: less than ${hours} hours ahead.`,
            lateAnswer(hours),
          );
      } else {
        appointment = await schedule.appointment(ctx.practice, id);
        if (!appointment) throw notFound('Appointment not found.');
      }
      await schedule[action](ctx.practice, appointment, sourceOf(ctx));
      return action === 'confirm'
        ? {
            success: true as const,
            appointment_id: id,
            status: 'confirmed' as const,
            message: 'Your appointment is confirmed. See you then!',
          }
        : {
            success: true as const,
            appointment_id: id,
            status: 'cancelled' as const,
            message: 'Your appointment has been cancelled.',
          };
    });
  }

  const functions: Record<ToolFunction, (raw: unknown, ctx: ToolContext) => Promise<ToolResult>> = {
    findAppointments: (raw, ctx) => findAppointments(parseParams(FindAppointmentsParamsSchema, raw), ctx),
    rescheduleAppointment: (raw, ctx) =>
      rescheduleAppointment(parseParams(RescheduleAppointmentParamsSchema, raw), ctx),
    findPatient: (raw, ctx) => findPatient(parseParams(FindPatientParamsSchema, raw), ctx),
    checkAvailability: (raw, ctx) => checkAvailability(parseParams(CheckAvailabilityParamsSchema, raw), ctx),
    bookAppointment: (raw, ctx) => bookAppointment(parseParams(BookAppointmentParamsSchema, raw), ctx),
    confirmAppointment: (raw, ctx) =>
      appointmentAction(parseParams(AppointmentActionParamsSchema, raw), ctx, 'confirm'),
    cancelAppointment: (raw, ctx) =>
      appointmentAction(parseParams(AppointmentActionParamsSchema, raw), ctx, 'cancel'),
  };

  return {
    /** Throws an AppError (or PmsError) when the call cannot be answered. */
    async run(rawName: string, params: unknown, ctx: ToolContext): Promise<ToolResult> {
      // Integrators often name the tools in snake_case (find_patient).
      const name = rawName.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
      if (!(TOOL_FUNCTIONS as readonly string[]).includes(name))
        throw badRequest(unknownFunctionMessage(rawName));
      return functions[name as ToolFunction](params, ctx);
    },
  };
}
export type ToolFunctions = ReturnType<typeof createToolFunctions>;
