import { z } from 'zod';

/** The spec's appointment types (part 2, section 9), in the order the booking screen offers them. */
export const APPOINTMENT_TYPES = [
  'dental_cleaning',
  'dental_checkup',
  'dental_examination',
  'root_canal',
  'filling',
  'teeth_whitening',
  'orthodontic_consultation',
  'periodontal_treatment',
  'oral_surgery',
  'emergency_dental',
] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

export const FIRST_AVAILABLE_PROVIDER = 'first_available';

export const bookedMessage = (time: string, date: string) =>
  `The selected time ${time} on ${date} is already booked. Please choose a different time.`;
export const PAST_DATE_MESSAGE = 'The appointment date cannot be before today.';

/** How far ahead appointments are offered and booked; later dates are refused (issue 19: 9999-12-31 was a 500). */
export const BOOKING_HORIZON_YEARS = 2;
export const FAR_DATE_MESSAGE = `The appointment date cannot be more than ${BOOKING_HORIZON_YEARS} years ahead.`;

/** The last bookable day (`YYYY-MM-DD`, compared as text) for a practice-local `today`. */
export function lastBookableDate(today: string): string {
  return `${String(Number(today.slice(0, 4)) + BOOKING_HORIZON_YEARS).padStart(4, '0')}${today.slice(4, 10)}`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Years the schedule works with: past them, day arithmetic leaves what dates (and PostgreSQL) can hold. */
const MIN_YEAR = 1900;
const MAX_YEAR = 2999;
const DATE_RANGE_MESSAGE = `date must be a real date between ${MIN_YEAR} and ${MAX_YEAR}`;

/** YYYY-MM-DD naming a day that exists, within the schedule's years. */
function isScheduleDay(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= MIN_YEAR && year <= MAX_YEAR && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

export const ScheduleDateSchema = z
  .string()
  .regex(DATE, 'date must be YYYY-MM-DD')
  .refine(isScheduleDay, DATE_RANGE_MESSAGE);
const ScheduleInstantSchema = z.union([
  z.iso.datetime({ offset: true }).refine(isScheduleDay, DATE_RANGE_MESSAGE),
  ScheduleDateSchema,
]);

// ---- Console reads ----

export const ProviderSchema = z.object({ remote_id: z.string(), name: z.string(), display_name: z.string() });
export const ProviderListResponseSchema = z.object({ providers: z.array(ProviderSchema) });
export type ProviderItem = z.infer<typeof ProviderSchema>;

export const SlotSchema = z.object({
  time: z.string(),
  start_time: z.string(),
  provider_id: z.string(),
  provider_name: z.string(),
});
export const SlotParamsSchema = z.object({
  date: ScheduleDateSchema,
  provider: z.string().min(1),
});
export const SlotQuerySchema = z.object({ appointment_type: z.string().optional() });
export const SlotListResponseSchema = z.object({ slots: z.array(SlotSchema) });
export type SlotItem = z.infer<typeof SlotSchema>;

export const AppointmentListQuerySchema = z.object({
  start: ScheduleInstantSchema.optional(),
  end: ScheduleInstantSchema.optional(),
});

export const AppointmentItemSchema = z.object({
  remote_id: z.string(),
  start_time: z.iso.datetime(),
  end_time: z.iso.datetime(),
  wall_start_time: z.string(),
  wall_end_time: z.string(),
  contact: z.object({ given_name: z.string(), family_name: z.string(), name: z.string() }),
  resources: z.array(z.object({ type: z.string(), remote_id: z.string(), display_name: z.string() })),
  providers: z.array(z.object({ remote_id: z.string(), display_name: z.string() })),
  operatory: z.string().nullable(),
  appointment_type: z.string().nullable(),
  notes: z.string(),
  confirmed: z.boolean(),
  completed: z.boolean(),
  cancelled: z.boolean(),
  /** The patient missed it (issue 25); `cancelled` is true as well, as the time is free. */
  no_show: z.boolean(),
  confirmation_number: z.string().nullable(),
});
export type AppointmentItem = z.infer<typeof AppointmentItemSchema>;

/** Staff marking a visit that has started (issue 25): kept, or the patient did not come. */
export const SETTLED_OUTCOMES = ['kept', 'no_show'] as const;
export const AppointmentOutcomeParamsSchema = z.object({
  id: z.string().trim().min(1, 'Not an appointment id.').max(200, 'Not an appointment id.'),
});
export const AppointmentOutcomeBodySchema = z.object({
  outcome: z.enum(SETTLED_OUTCOMES, { error: 'outcome must be kept or no_show.' }),
});
export type AppointmentOutcomeBody = z.infer<typeof AppointmentOutcomeBodySchema>;
export const AppointmentResponseSchema = z.object({ appointment: AppointmentItemSchema });

/**
 * A patient's visits of the last two years by what became of them, and those ahead (Book Appointment). A patient
 * the practice system does not know (or another practice's) simply has none.
 */
export const PatientVisitsQuerySchema = z.object({
  patientId: z.string().trim().min(1, 'Not a patient id.').max(200, 'Not a patient id.'),
});
export const PatientVisitsResponseSchema = z.object({
  kept: z.number().int(),
  noShow: z.number().int(),
  cancelled: z.number().int(),
  /** Started, not marked kept or no-show. */
  unresolved: z.number().int(),
  upcoming: z.number().int(),
});
export type PatientVisits = z.infer<typeof PatientVisitsResponseSchema>;
export const AppointmentListResponseSchema = z.object({
  appointments: z.array(AppointmentItemSchema),
  /** The practice's IANA time zone: the calendar's "today" is the practice's. */
  time_zone: z.string(),
});

export const PatientWithAppointmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  next_appointment: z.object({
    /** The practice system's appointment id (what a confirmation call confirms). */
    id: z.string(),
    date: z.string(),
    time: z.string(),
    provider: z.string(),
    type: z.string(),
  }),
});
export type PatientWithAppointment = z.infer<typeof PatientWithAppointmentSchema>;
export const PatientsWithAppointmentsResponseSchema = z.object({
  patients: z.array(PatientWithAppointmentSchema),
});

// ---- The receptionist's three functions (POST /webhook) ----

/** Voice models send numbers and nulls where strings are expected; both are read as text or absent. */
const text = z.preprocess(
  (v) => (v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v),
  z.string().trim().optional(),
);

export const FindPatientParamsSchema = z.object({
  phone_number: text,
  /** On a voice call, for a number other than the caller's: the name the caller gave, compared with the record. */
  patient_name: text,
});
export const CheckAvailabilityParamsSchema = z.object({
  appointment_type: text,
  preferred_date: text,
  time_preference: text,
  provider_id: text,
  provider_name: text,
});
export const BookAppointmentParamsSchema = z.object({
  appointment_type: text,
  date: text,
  time: text,
  notes: text,
  provider_name: text,
  provider_id: text,
  patient_id: text,
  patient_info: z
    .object({ name: text, phone_number: text, email: text })
    .nullish()
    .transform((v) => v ?? undefined),
});
export type FindPatientParams = z.infer<typeof FindPatientParamsSchema>;
export type CheckAvailabilityParams = z.infer<typeof CheckAvailabilityParamsSchema>;
export type BookAppointmentParams = z.infer<typeof BookAppointmentParamsSchema>;

export const TOOL_FUNCTIONS = [
  'findPatient',
  'checkAvailability',
  'bookAppointment',
  'confirmAppointment',
  'cancelAppointment',
  'findAppointments',
  'rescheduleAppointment',
] as const;
export type ToolFunction = (typeof TOOL_FUNCTIONS)[number];

export const ToolPatientSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
});

export const FindPatientResultSchema = z.strictObject({
  success: z.boolean(),
  patient: ToolPatientSchema.nullable(),
  message: z.string(),
});
export const CheckAvailabilityResultSchema = z.strictObject({
  success: z.literal(true),
  date: z.string(),
  available_slots: z.array(
    z.object({
      date: z.string(),
      time: z.string(),
      provider_id: z.string(),
      provider_name: z.string(),
      available: z.literal(true),
    }),
  ),
  message: z.string(),
});
export const BookAppointmentResultSchema = z.strictObject({
  success: z.literal(true),
  appointment: z.object({
    confirmation_number: z.string(),
    date: z.string(),
    time: z.string(),
    start_time: z.string(),
    provider_id: z.string(),
    provider_name: z.string(),
    appointment_type: z.string(),
    patient_id: z.string(),
    patient_name: z.string(),
  }),
  error: z.null(),
  message: z.string(),
});
/** The practice system's connector target was not found: the booking was stored for staff instead. */
export const PendingRequestResultSchema = z.strictObject({
  success: z.literal(false),
  pending: z.literal(true),
  request_number: z.string(),
  error: z.string(),
  message: z.string(),
});
/**
 * confirmAppointment / cancelAppointment. On an inbound call cancelling also needs the name the caller gave
 * (issue 24: the caller reaches only the appointments of the patient on the number calling, by name).
 */
export const AppointmentActionParamsSchema = z.object({ appointment_id: text, patient_name: text });
export type AppointmentActionParams = z.infer<typeof AppointmentActionParamsSchema>;
export const AppointmentActionResultSchema = z.strictObject({
  success: z.literal(true),
  appointment_id: z.string(),
  status: z.enum(['confirmed', 'cancelled']),
  message: z.string(),
});
export type AppointmentActionResult = z.infer<typeof AppointmentActionResultSchema>;
/** findAppointments (inbound calls): the upcoming appointments of the patient on the number calling. */
export const FindAppointmentsParamsSchema = z.object({ patient_name: text });
export type FindAppointmentsParams = z.infer<typeof FindAppointmentsParamsSchema>;
export const FindAppointmentsResultSchema = z.strictObject({
  success: z.literal(true),
  appointments: z.array(
    z.object({
      appointment_id: z.string(),
      date: z.string(),
      time: z.string(),
      provider_name: z.string(),
      appointment_type: z.string(),
    }),
  ),
  message: z.string(),
});
export type FindAppointmentsResult = z.infer<typeof FindAppointmentsResultSchema>;

/** rescheduleAppointment (inbound calls): the caller's appointment to a new time, atomically. */
export const RescheduleAppointmentParamsSchema = z.object({
  appointment_id: text,
  patient_name: text,
  date: text,
  time: text,
  provider_id: text,
  provider_name: text,
});
export type RescheduleAppointmentParams = z.infer<typeof RescheduleAppointmentParamsSchema>;
export const RescheduleAppointmentResultSchema = z.strictObject({
  success: z.literal(true),
  appointment: z.object({
    confirmation_number: z.string(),
    date: z.string(),
    time: z.string(),
    provider_name: z.string(),
  }),
  message: z.string(),
});
export type RescheduleAppointmentResult = z.infer<typeof RescheduleAppointmentResultSchema>;

export const ToolErrorResultSchema = z.strictObject({ success: z.literal(false), error: z.string() });
export type FindPatientResult = z.infer<typeof FindPatientResultSchema>;
export type CheckAvailabilityResult = z.infer<typeof CheckAvailabilityResultSchema>;
export type BookAppointmentResult = z.infer<typeof BookAppointmentResultSchema>;
export type PendingRequestResult = z.infer<typeof PendingRequestResultSchema>;
export type BookOutcome = BookAppointmentResult | PendingRequestResult;
export type ToolErrorResult = z.infer<typeof ToolErrorResultSchema>;
export type ToolResult =
  | FindPatientResult
  | CheckAvailabilityResult
  | BookOutcome
  | AppointmentActionResult
  | FindAppointmentsResult
  | RescheduleAppointmentResult
  | ToolErrorResult;

export const ToolResultSchema = z.union([
  FindPatientResultSchema,
  CheckAvailabilityResultSchema,
  BookAppointmentResultSchema,
  PendingRequestResultSchema,
  AppointmentActionResultSchema,
  FindAppointmentsResultSchema,
  RescheduleAppointmentResultSchema,
  ToolErrorResultSchema,
]);
