import { formatVisitDay, formatVisitTime } from '#shared/visit-time';
import type { CallType, OutboundCallType } from '#shared/schemas/outbound-calls';
import type { TextSkipReason, TextToQueue } from '../messaging/messaging.service';

/**
 * The one key of a call type's text or campaign call about an appointment: a campaign, a start by hand and
 * the `sms_then_call` escalation all use it, so an appointment gets one text (and one campaign call) per type.
 */
export const appointmentKey = (type: CallType, appointmentRef: string) =>
  `campaign:${type}:${appointmentRef}`;

export interface AppointmentToText {
  type: CallType;
  appointmentRef: string;
  /** Practice wall time: YYYY-MM-DD and HH:MM. */
  date: string;
  time: string;
  patientId: string;
  patientName: string;
  /** E.164 */
  phone: string;
}

/** The text of a call type about one appointment: first name, day and time only (no other PHI). */
export function appointmentText(a: AppointmentToText): TextToQueue {
  return {
    to: a.phone,
    kind: a.type,
    values: {
      firstName: a.patientName.trim().split(/\s+/)[0] ?? '',
      day: formatVisitDay(a.date),
      time: formatVisitTime(a.time),
    },
    patientId: a.patientId,
    patientName: a.patientName,
    appointmentRef: a.appointmentRef,
    appointment: { date: a.date, time: a.time },
    idempotencyKey: appointmentKey(a.type, a.appointmentRef),
  };
}

/** Why a patient's text was not queued, in words for the screen. */
export function textSkippedMessage(
  patientName: string,
  type: OutboundCallType,
  reason: TextSkipReason,
): string {
  switch (reason) {
    case 'opted_out':
      return `${patientName} has opted out of texts from the practice, so no ${type} text was sent.`;
    case 'no_sender':
      return `No sender number is set in the messaging settings, so no ${type} text was sent to ${patientName}.`;
    case 'daily_limit':
      return `${patientName} was already texted today, so no ${type} text was sent (one text per patient per day).`;
    case 'weekly_limit':
      return `${patientName} was already texted three times this week, so no ${type} text was sent.`;
    case 'duplicate':
      return `${patientName} was already sent a ${type} text about this appointment, so it was not sent again.`;
    case 'recent':
      return `${patientName} was sent a ${type} text recently, so it was not sent again.`;
  }
}
