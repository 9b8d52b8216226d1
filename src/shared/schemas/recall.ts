import { z } from 'zod';
import {
  MAX_PATIENTS_PER_START,
  OUTBOUND_MESSAGES,
  OutboundCallSchema,
  SkippedPatientSchema,
} from './outbound-calls';

/**
 * Recall (issue 24): patients due for their routine hygiene visit, and the calls and texts that bring them back.
 * The due rule and its limits are in `RecallSettingsSchema` (outbound settings).
 */

/** Never the same patient twice within this many days, by call or by text. */
export const RECALL_REPEAT_DAYS = 30;

export const RECALL_MESSAGES = {
  notDue: 'This patient is not due for recall any more. Reload the list and try again.',
  noAssistant: 'No assistant is chosen for recall calls: choose one here or in the outbound settings.',
  noNumber: 'No phone number is chosen for recall calls: choose one here or in the outbound settings.',
  noPhone: (name: string) => `${name} has no phone number in the practice system, so they were left out.`,
  recentlyCalled: (name: string) =>
    `${name} was called for recall in the last ${RECALL_REPEAT_DAYS} days, so no new call was queued.`,
  dailyLimit: (name: string, max: number) =>
    `The practice's limit of ${max} recall calls a day is reached, so ${name} was not called today.`,
  /** `why`: the reasons counted, as in "2 called for recall in the last 30 days, 1 without a phone number". */
  noneQueued: (why: string) => `No recall call was queued: ${why}.`,
  recentlyTexted: (name: string) =>
    `${name} was sent a recall text in the last ${RECALL_REPEAT_DAYS} days, so no text was sent.`,
  noneTexted: (why: string) => `No recall text was sent: ${why}.`,
  callsQueuedTitle: 'Recall calls queued',
  textsQueuedTitle: 'Recall texts queued',
  empty: 'No patients are due for recall.',
  emptySearch: 'No patients due for recall match your search.',
  loadError: 'Error Loading Recall List',
} as const;

/** One patient due for recall: when they were last seen and how many whole months past due they are. */
export const RecallPatientSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** E.164; null when the practice system holds no usable number (they cannot be called or texted). */
  phone_number: z.string().nullable(),
  /** Practice-local date (YYYY-MM-DD) of the last kept hygiene visit. */
  last_visit: z.string(),
  months_overdue: z.number().int(),
});
export type RecallPatient = z.infer<typeof RecallPatientSchema>;

/** GET /api/recall?q=: most overdue first. */
export const RecallListResponseSchema = z.object({ patients: z.array(RecallPatientSchema) });
export type RecallListResponse = z.infer<typeof RecallListResponseSchema>;

/** `q`: part of the name or of the phone number (digits), as the patient list's search. */
export const RecallQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search at most 200 characters').optional(),
});

const patientIds = z
  .array(
    z
      .string({ error: OUTBOUND_MESSAGES.unknownPatient })
      .trim()
      .min(1, OUTBOUND_MESSAGES.unknownPatient)
      .max(200, OUTBOUND_MESSAGES.unknownPatient),
    { error: OUTBOUND_MESSAGES.noPatientsText },
  )
  .min(1, OUTBOUND_MESSAGES.noPatientsText)
  .max(MAX_PATIENTS_PER_START, OUTBOUND_MESSAGES.tooManyPatients);

/** POST /api/recall/calls ("Call selected"); the assistant and number default to the recall settings'. */
export const RecallCallsInputSchema = z.object({
  patient_ids: patientIds,
  assistant_id: z
    .string()
    .trim()
    .min(1, OUTBOUND_MESSAGES.unknownAssistant)
    .max(200, OUTBOUND_MESSAGES.unknownAssistant)
    .optional(),
  phone_number_id: z
    .string()
    .trim()
    .min(1, OUTBOUND_MESSAGES.unknownNumber)
    .max(200, OUTBOUND_MESSAGES.unknownNumber)
    .optional(),
});
export type RecallCallsInput = z.input<typeof RecallCallsInputSchema>;

/** 202: the calls queued and the patients left out with the reason; none queued is a 409. */
export const RecallCallsResponseSchema = z.object({
  success: z.literal(true),
  calls: z.array(OutboundCallSchema),
  skipped: z.array(SkippedPatientSchema),
});
export type RecallCallsResponse = z.infer<typeof RecallCallsResponseSchema>;

/** POST /api/recall/texts ("Text selected"): the recall template, from the messaging sender number. */
export const RecallTextsInputSchema = z.object({ patient_ids: patientIds });
export type RecallTextsInput = z.input<typeof RecallTextsInputSchema>;

/** 202: how many texts were queued and the patients left out with the reason; none queued is a 409. */
export const RecallTextsResponseSchema = z.object({
  success: z.literal(true),
  texts: z.number().int(),
  skipped: z.array(SkippedPatientSchema),
});
export type RecallTextsResponse = z.infer<typeof RecallTextsResponseSchema>;
