import { z } from 'zod';
import { BookAppointmentResultSchema, PendingRequestResultSchema, ScheduleDateSchema } from './schedule';

export const CALLBACK_STATUSES = ['open', 'done'] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

export const CallbackSchema = z.object({
  id: z.string(),
  /** The call the task comes from; null for a task from a text message (the patient replied R). */
  callId: z.string().nullable(),
  /** The text conversation the task comes from (Messages), when it came from a text. */
  conversationId: z.string().nullable(),
  callerName: z.string().nullable(),
  callerNumber: z.string().nullable(),
  appointmentType: z.string().nullable(),
  preferredDate: z.string().nullable(),
  preferredTime: z.string().nullable(),
  dueAt: z.iso.datetime(),
  status: z.enum(CALLBACK_STATUSES),
  takenBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
});
export type Callback = z.infer<typeof CallbackSchema>;

/** `status=open&takenBy=me` is the "Mine" filter; closed tasks come newest closed first (the latest 200). */
export const CallbackListQuerySchema = z.object({
  status: z.enum(CALLBACK_STATUSES).optional(),
  takenBy: z.literal('me', 'takenBy can only be "me".').optional(),
});
export type CallbackListQuery = z.infer<typeof CallbackListQuerySchema>;
export const CallbackListResponseSchema = z.object({
  callbacks: z.array(CallbackSchema),
  /** The practice's IANA time zone: the screen shows each time in it, wherever staff sit. */
  timeZone: z.string(),
});
export type CallbackListResponse = z.infer<typeof CallbackListResponseSchema>;
export const CallbackIdParamsSchema = z.object({ id: z.uuid('Not a callback id.') });

/**
 * Take a task (only a free one or your own: it shows who has it), release it (`take: false`), hand it to a
 * colleague (`assignTo`), close it with a note, or reopen it.
 */
export const CallbackUpdateSchema = z
  .object({
    take: z.boolean().optional(),
    assignTo: z.uuid('Not a user id.').optional(),
    status: z.enum(CALLBACK_STATUSES).optional(),
    note: z.string().trim().max(2000, 'Keep the note under 2000 characters.').optional(),
  })
  .refine(
    (v) => v.take !== undefined || v.assignTo !== undefined || v.status !== undefined || v.note !== undefined,
    { message: 'Nothing to change.' },
  )
  .refine((v) => v.take === undefined || v.assignTo === undefined, {
    message: 'Take a callback or hand it to someone, not both at once.',
  });
export type CallbackUpdate = z.infer<typeof CallbackUpdateSchema>;
export const CallbackResponseSchema = z.object({ callback: CallbackSchema });

/** Who a task can be handed to: active users who see the callback inbox. */
export const CallbackAssigneesResponseSchema = z.object({
  assignees: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type CallbackAssigneesResponse = z.infer<typeof CallbackAssigneesResponseSchema>;

/**
 * Book what a task asks for with the doctor chosen (first available when none): at the time given, else the
 * nearest free one that day.
 */
export const CallbackBookSchema = z.object({
  appointment_type: z.string().trim().min(1, 'Choose an appointment type.'),
  provider_id: z.string().trim().min(1, 'Choose a doctor.').max(200).optional(),
  date: ScheduleDateSchema,
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:mm'),
  patient_info: z.object({
    name: z.string().trim().min(1, 'Enter the patient name.').max(200),
    phone_number: z.string().trim().min(1, 'Enter a phone number.').max(40),
  }),
});
export type CallbackBooking = z.infer<typeof CallbackBookSchema>;
/** Booked (the task is closed with the confirmation number), or kept for the office when the system is down. */
export const CallbackBookResponseSchema = z.union([BookAppointmentResultSchema, PendingRequestResultSchema]);
