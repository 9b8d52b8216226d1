/** How the Call Logs screen and dialog show a call's values (spec part 2, sections 4 and 9). */
import { formatDuration } from '#shared/format';

const SPECIAL_ENDED_REASONS: Record<string, string> = {
  'customer-ended-call': 'Customer Ended',
  'assistant-ended-call': 'Assistant Ended',
  'call-in-progress-error': 'Call Error',
  'silence-timed-out': 'Silence Timeout',
};

/** The special labels; any other value with dashes turned to spaces and words capitalised. */
export function endedReasonLabel(reason: string | null | undefined): string {
  if (!reason) return '–';
  const special = SPECIAL_ENDED_REASONS[reason];
  if (special) return special;
  // The platform reports in-progress errors as call.in-progress.error-… (never the literal value).
  if (reason.startsWith('call.in-progress.error')) return SPECIAL_ENDED_REASONS['call-in-progress-error']!;
  return reason
    .replace(/-/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/** 'true' (string or boolean) is Pass, anything else Fail, absent a dash. */
export function successEvaluationLabel(value: string | boolean | null | undefined): 'Pass' | 'Fail' | '–' {
  if (value === null || value === undefined) return '–';
  return value === true || value === 'true' ? 'Pass' : 'Fail';
}

/** Dollars with 4 decimals; N/A for zero or absent. */
export function formatCost(value: number | null | undefined): string {
  if (!value) return 'N/A';
  return `$${value.toFixed(4)}`;
}

/**
 * A sum of call durations: m:ss under an hour as the spec shows durations, then hours and minutes ("1 h 51
 * min"), where m:ss would read like a clock ("111:11").
 */
export function formatTotalDuration(seconds: number | null | undefined): string {
  const total = Math.max(0, Math.round(seconds ?? 0));
  if (total < 3600) return formatDuration(total);
  const minutes = Math.floor(total / 60);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export const shortId = (id: string | null | undefined) => (id ? id.slice(0, 8) : '–');

/** A log message cut to 100 characters. */
export const LOG_MESSAGE_MAX = 100;
export function cutLogMessage(text: string): string {
  return text.length > LOG_MESSAGE_MAX ? `${text.slice(0, LOG_MESSAGE_MAX)}…` : text;
}

const TYPE_LABELS: Record<string, string> = {
  inboundPhoneCall: 'Inbound',
  outboundPhoneCall: 'Outbound',
  webCall: 'Web',
};
export const callTypeLabel = (type: string) => TYPE_LABELS[type] ?? type;

const STATUS_LABELS: Record<string, string> = {
  ended: 'Ended',
  'in-progress': 'In Progress',
  ringing: 'Ringing',
  queued: 'Queued',
  forwarding: 'Forwarding',
};
export const callStatusLabel = (status: string) => STATUS_LABELS[status] ?? status;

/** Tailwind classes per status; any other value gets the neutral style. */
const STATUS_STYLES: Record<string, string> = {
  ended: 'bg-green-100 text-green-800',
  'in-progress': 'bg-blue-100 text-blue-800',
  ringing: 'bg-amber-100 text-amber-800',
  queued: 'bg-slate-200 text-slate-800',
  forwarding: 'bg-purple-100 text-purple-800',
};
export const callStatusClass = (status: string) => STATUS_STYLES[status] ?? 'bg-slate-100 text-slate-700';

export interface TranscriptLine {
  speaker: 'AI' | 'User';
  text: string;
}

/** "AI: …" / "User: …" lines as a conversation; a line without a speaker continues the previous one. */
export function parseTranscript(transcript: string | null | undefined): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  for (const raw of (transcript ?? '').split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const match = /^(AI|User|Assistant|Bot|Customer):\s*(.*)$/i.exec(line);
    if (match) {
      const who = match[1]!.toLowerCase();
      lines.push({ speaker: who === 'user' || who === 'customer' ? 'User' : 'AI', text: match[2]! });
    } else if (lines.length) {
      lines[lines.length - 1]!.text += ` ${line}`;
    } else {
      lines.push({ speaker: 'AI', text: line });
    }
  }
  return lines;
}
