import { z } from 'zod';

/**
 * Transfer to a person (ADR 045): the number a caller is put through to when they ask the assistant for a
 * person, and the hours (practice wall time) when someone there answers. No number: no transfers.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export const CALL_TRANSFER_MESSAGES = {
  invalidTime: 'Use the form HH:MM',
  invalidHours: 'The hours must end after they start',
  noDays: 'Choose at least one day',
  unknownDay: 'Unknown day',
  saved: 'Transfer settings saved',
  saveFailed: 'Could not save the transfer settings.',
  unassigned: 'No phone line has that number: check its area code.',
  extension: 'A transfer cannot dial an extension: give a number that reaches a person directly.',
  ownNumber:
    "That is one of the receptionist's own numbers: a caller put through to it would reach the receptionist again.",
} as const;
const M = CALL_TRANSFER_MESSAGES;

/** GET /api/call-transfer-settings; `phoneNumber` is E.164, times are 'HH:MM' in the practice's time zone. */
export const CallTransferSettingsSchema = z.object({
  phoneNumber: z.string().nullable(),
  days: z.array(z.enum(WEEKDAYS)),
  start: z.string(),
  end: z.string(),
});
export type CallTransferSettings = z.infer<typeof CallTransferSettingsSchema>;

const timeField = z.string({ error: M.invalidTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.invalidTime);

/**
 * PUT /api/call-transfer-settings: the whole setting. The number in any usual form (the server answers it in
 * E.164, or a 400 saying what is wrong with it); null or empty turns transfers off.
 */
export const UpdateCallTransferSettingsInputSchema = z
  .object({
    phoneNumber: z
      .string()
      .trim()
      .max(40)
      .nullable()
      .transform((value) => value || null),
    days: z
      .array(z.enum(WEEKDAYS, { error: M.unknownDay }), { error: M.noDays })
      .min(1, M.noDays)
      .max(WEEKDAYS.length)
      .transform((days) => WEEKDAYS.filter((day) => days.includes(day))),
    start: timeField,
    end: timeField,
  })
  .refine((value) => value.end > value.start, { path: ['end'], error: M.invalidHours });
export type UpdateCallTransferSettingsInput = z.input<typeof UpdateCallTransferSettingsInputSchema>;

export const DEFAULT_CALL_TRANSFER_SETTINGS: CallTransferSettings = {
  phoneNumber: null,
  days: ['mon', 'tue', 'wed', 'thu', 'fri'],
  start: '09:00',
  end: '17:00',
};
