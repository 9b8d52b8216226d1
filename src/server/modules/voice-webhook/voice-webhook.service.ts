import type { z } from 'zod';
import {
  AppointmentActionParamsSchema,
  type AppointmentActionParams,
  type AppointmentActionResult,
  BookAppointmentParamsSchema,
  CheckAvailabilityParamsSchema,
  FindPatientParamsSchema,
  FIRST_AVAILABLE_PROVIDER,
  FAR_DATE_MESSAGE,
  lastBookableDate,
  PAST_DATE_MESSAGE,
  TOOL_FUNCTIONS,
  type BookAppointmentParams,
  type BookOutcome,
  type CheckAvailabilityParams,
  type CheckAvailabilityResult,
  type FindPatientParams,
  type FindPatientResult,
  type ToolFunction,
  type ToolResult,
} from '#shared/schemas/schedule';
import { phoneNumberProblem } from '#shared/phone';
import { badRequest } from '../../errors';
import { toE164 } from '../../lib/phone';
import type { NewPatient } from '../../integrations/practice-management/port';
import { addMinutesToWall, formatHm, minutesOfDay } from '../../lib/wall-time';
import { matchesPreference, parseCallerDate, parseCallerTime, parseTimePreference } from './caller-input';
import { appointmentNotes } from '../../lib/appointment-notes';
import type { Practice, ScheduleService } from '../schedule/schedule.service';

/** The receptionist's three functions, shared by the console and the voice platform. */

export interface ToolContext {
  practice: Practice;
  /** The caller's own number, used when a phone number is not given. */
  callerNumber?: string;
  idempotencyKey?: string;
  /** The voice platform's id of the call the tools are used in (a booking names it). */
  providerCallId?: string;
}

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

export function createToolFunctions(schedule: ScheduleService) {
  function callerDate(practice: Practice, value: string | undefined, field: string): string {
    if (!value) throw badRequest(`${field} is required.`);
    const date = parseCallerDate(value, practice.today, practice.timeZone);
    if (!date) throw badRequest(`I could not understand the date "${value}". Please give it as YYYY-MM-DD.`);
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

  async function findPatient(params: FindPatientParams, ctx: ToolContext): Promise<FindPatientResult> {
    const phone = phoneOf(params.phone_number ?? ctx.callerNumber);
    const [patient] = await ctx.practice.pms.findPatientsByPhone(phone);
    if (!patient)
      return { success: false, patient: null, message: 'No patient found with that phone number.' };
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
    if (params.patient_id) {
      patient = { remoteId: params.patient_id };
      phone = info?.phone_number ? toE164(info.phone_number) : undefined;
    } else if (info?.name) {
      phone = phoneOf(info.phone_number ?? ctx.callerNumber);
      const [givenName = '', ...rest] = info.name.split(/\s+/);
      patient = { givenName, familyName: rest.join(' '), phone, ...(info.email && { email: info.email }) };
    } else {
      throw badRequest(
        'Patient details are required: patient_id, or patient_info with name and phone_number.',
      );
    }

    return schedule.book(
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
      ctx.providerCallId,
    );
  }

  /** A "yes" or a "please cancel" on a confirmation call, straight into the practice system. */
  async function appointmentAction(
    params: AppointmentActionParams,
    ctx: ToolContext,
    action: 'confirm' | 'cancel',
  ): Promise<AppointmentActionResult> {
    const id = params.appointment_id;
    if (!id) throw badRequest('appointment_id is required.');
    await ctx.practice.pms[action](id);
    return action === 'confirm'
      ? {
          success: true,
          appointment_id: id,
          status: 'confirmed',
          message: 'Your appointment is confirmed. See you then!',
        }
      : {
          success: true,
          appointment_id: id,
          status: 'cancelled',
          message: 'Your appointment has been cancelled.',
        };
  }

  const functions: Record<ToolFunction, (raw: unknown, ctx: ToolContext) => Promise<ToolResult>> = {
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
