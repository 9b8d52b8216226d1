import type { Vapi } from '@vapi-ai/server-sdk';
import { APPOINTMENT_TYPES } from '#shared/schemas/schedule';

/**
 * What the call's own LLM extracts after every call (issue 20, section 3): the appointment request. Vapi
 * returns it as `message.analysis.structuredData` in the end-of-call-report, with these keys (any may be
 * missing); the Processor reads it first and the transcript rules fill the rest.
 */
export const APPOINTMENT_REQUEST_SCHEMA: Vapi.JsonSchema = {
  type: 'object',
  description: 'What the caller asked for, from the whole call. Leave out what the caller did not say.',
  properties: {
    patientName: {
      type: 'string',
      description: "The patient's full name (the patient, not a caller booking for them)",
    },
    phoneNumber: { type: 'string', description: "The patient's callback number as given" },
    email: { type: 'string', description: "The patient's email address as given" },
    preferredDate: {
      type: 'string',
      format: 'date',
      description:
        'The day the patient wants, as YYYY-MM-DD (resolve words like "next Tuesday" from the call date)',
    },
    preferredTime: { type: 'string', description: 'The time the patient wants, as HH:MM on a 24-hour clock' },
    appointmentType: {
      type: 'string',
      enum: [...APPOINTMENT_TYPES],
      description:
        'The kind of visit wanted; a symptom or a specialist named counts (toothache: emergency_dental only when urgent)',
    },
    isAppointmentRequest: {
      type: 'boolean',
      description: 'True when the caller wants to book, move or get an appointment; false for questions only',
    },
  },
};

/** `analysisPlan.structuredDataPlan` on every assistant we write to Vapi. */
export const STRUCTURED_DATA_PLAN: Vapi.StructuredDataPlan = {
  enabled: true,
  schema: APPOINTMENT_REQUEST_SCHEMA,
};
