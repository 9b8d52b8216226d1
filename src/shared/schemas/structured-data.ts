import { z } from 'zod';
import { APPOINTMENT_TYPES } from './schedule';

/** What a call's own LLM may write for "nothing said"; such a value is no value. */
const PLACEHOLDER =
  /^(?:n\/?a|none|null|undefined|unknown|not (?:provided|given|mentioned|specified)|-+|\?+)$/i;
const said = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !PLACEHOLDER.test(value));

/**
 * The appointment request the voice platform extracts after each call (`analysis.structuredData` of an
 * end-of-call-report, asked for by our assistants' `structuredDataPlan`, ADR 046), one schema per field: a
 * value that does not parse is dropped on its own and the other fields stay.
 */
export const STRUCTURED_DATA_FIELDS = {
  patientName: said(100),
  /** Any spelling of a phone number (7 to 15 digits); the server reads it as E.164. */
  phoneNumber: said(40).refine((value) => /^[\d\s()+.-]+$/.test(value) && /^(?:\D*\d){7,15}\D*$/.test(value)),
  email: z.email().max(254),
  preferredDate: z.iso.date(),
  /** HH:MM on the 24-hour clock (a single-digit hour is read too). */
  preferredTime: z
    .string()
    .trim()
    .regex(/^(?:[01]?\d|2[0-3]):[0-5]\d$/)
    .transform((value) => value.padStart(5, '0')),
  appointmentType: z.enum(APPOINTMENT_TYPES),
  isAppointmentRequest: z.boolean(),
} as const;

type Fields = typeof STRUCTURED_DATA_FIELDS;
export type StructuredData = { [K in keyof Fields]?: z.output<Fields[K]> };

/** The fields of `raw` that parse; anything else (not an object, unknown keys, bad values) is left out. */
export function parseStructuredData(raw: unknown): StructuredData {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const input = raw as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(STRUCTURED_DATA_FIELDS)) {
    const parsed = (schema as z.ZodType).safeParse(input[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as StructuredData;
}
