import { APPOINTMENT_REQUEST_FIELDS, type AppointmentRequest } from '#shared/schemas/processor';
import { parseStructuredData } from '#shared/schemas/structured-data';
import { toE164 } from '../../lib/phone';
import { wallFromInstant } from '../../lib/wall-time';
import {
  analyzeTranscript,
  emptyEvidence,
  type AnalysisContext,
  type TranscriptAnalysis,
} from './analysis/analyze-transcript';
import { valueSpans } from './value-spans';

const same = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * What a call asks for (ADR 046): the platform's own extraction (`analysis.structuredData`) first, field by
 * field where it parses; the transcript rules fill what it lacks, and serve alone calls without it (sandbox
 * before ADR 046, older calls, other platforms, a pasted transcript). Whether the call is a request at all is
 * the extraction's `isAppointmentRequest` when it says; else the rules', or a day or visit the extraction names.
 * Every value keeps its evidence: the rules' ranges when they read the same value, else where the transcript
 * says it.
 */
export function readCall(
  transcript: string,
  structuredData: unknown,
  context: AnalysisContext,
): TranscriptAnalysis {
  const rules = analyzeTranscript(transcript, context);
  const data = parseStructuredData(structuredData);
  const extracted: AppointmentRequest = {
    patientName: data.patientName ?? null,
    phoneNumber: (data.phoneNumber && toE164(data.phoneNumber)) || null,
    email: data.email ?? null,
    preferredDate: data.preferredDate ?? null,
    preferredTime: data.preferredTime ?? null,
    appointmentType: data.appointmentType ?? null,
  };
  const asks =
    data.isAppointmentRequest ??
    (rules.appointmentRequest !== null || !!(extracted.preferredDate ?? extracted.appointmentType));
  if (!asks) return { appointmentRequest: null, evidence: emptyEvidence() };

  const callWall = wallFromInstant(context.callStartedAt, context.timeZone);
  const request = { ...extracted };
  const evidence = emptyEvidence();
  for (const field of APPOINTMENT_REQUEST_FIELDS) {
    const ruled = rules.appointmentRequest?.[field] ?? null;
    const value = extracted[field];
    if (value === null) {
      (request as Record<string, string | null>)[field] = ruled;
      evidence[field] = ruled === null ? [] : rules.evidence[field];
    } else {
      evidence[field] = same(value, ruled)
        ? rules.evidence[field]
        : valueSpans(field, value, transcript, callWall);
    }
  }
  return { appointmentRequest: request, evidence };
}
