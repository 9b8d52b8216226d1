import { CALL_TYPES, type CallAnalysis, type CallMessage, type CostBreakdown } from '#shared/schemas/calls';
import { toE164 } from '../../lib/phone';

/**
 * What a `status-update` or `end-of-call-report` server message says about a call, read defensively: the
 * platform has sent the same facts in different places and shapes over the years (top-level fields beside
 * `artifact`, durations in milliseconds or seconds, timestamps as ISO strings or epoch milliseconds, success
 * evaluation as a boolean or a string). Absent facts are null, so an update never erases what is known.
 */
export interface CallReport {
  providerId: string;
  status: string | null;
  type: string | null;
  createdAt: Date | null;
  startedAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number | null;
  endedReason: string | null;
  cost: number | null;
  costBreakdown: CostBreakdown | null;
  customerName: string | null;
  customerNumber: string | null;
  calledNumber: string | null;
  /** The platform's ids for the number and assistant, matched to ours by provider id. */
  platformPhoneNumberId: string | null;
  platformAssistantId: string | null;
  transcript: string | null;
  summary: string | null;
  recordingUrl: string | null;
  stereoRecordingUrl: string | null;
  pcapUrl: string | null;
  messages: CallMessage[] | null;
  analysis: CallAnalysis | null;
}

export const CALL_REPORT_TYPES = ['status-update', 'end-of-call-report'] as const;
export const isCallReport = (type: string): type is (typeof CALL_REPORT_TYPES)[number] =>
  (CALL_REPORT_TYPES as readonly string[]).includes(type);

type Obj = Record<string, unknown>;
const MAX_SHORT = 200;

const obj = (value: unknown): Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {};
const str = (value: unknown, max = MAX_SHORT): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const first = <T>(...values: (T | null)[]): T | null => values.find((v) => v !== null) ?? null;

/** Epoch seconds, epoch milliseconds or an ISO string; anything else is null. */
export function instant(value: unknown): Date | null {
  let date: Date | null = null;
  if (typeof value === 'number' && Number.isFinite(value)) {
    date = new Date(value < 1e11 ? value * 1000 : value);
  } else if (typeof value === 'string' && value.trim()) {
    date = new Date(/^\d+$/.test(value.trim()) ? Number(value.trim()) : value.trim());
  }
  if (!date || Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= 2000 && year <= 2200 ? date : null;
}

/** Only web addresses: a recording link ends up in an href and an audio src. */
const url = (value: unknown): string | null => {
  const text = str(value, 2000);
  return text && /^https?:\/\//i.test(text) ? text : null;
};

function costBreakdown(value: unknown): CostBreakdown | null {
  const raw = obj(value);
  const keys = [
    'transport',
    'stt',
    'llm',
    'tts',
    'vapi',
    'total',
    'llmPromptTokens',
    'llmCompletionTokens',
    'ttsCharacters',
  ] as const;
  const out: CostBreakdown = {};
  for (const key of keys) {
    const n = num(raw[key]);
    if (n !== null) out[key] = n;
  }
  const summary = num(obj(raw.analysisCostBreakdown).summary);
  if (summary !== null) out.analysisCostBreakdown = { summary };
  return Object.keys(out).length ? out : null;
}

function messages(value: unknown, startedAt: Date | null): CallMessage[] | null {
  if (!Array.isArray(value)) return null;
  const out: CallMessage[] = [];
  for (const item of value) {
    const m = obj(item);
    const content =
      typeof m.message === 'string' ? m.message : typeof m.content === 'string' ? m.content : null;
    const type = str(m.role) ?? str(m.type);
    if (content === null || !type) continue;
    const at =
      instant(m.time) ??
      instant(m.timestamp) ??
      (startedAt && num(m.secondsFromStart) !== null
        ? new Date(startedAt.getTime() + num(m.secondsFromStart)! * 1000)
        : null);
    out.push({ timestamp: at?.getTime() ?? 0, type, content: content.slice(0, 20_000) });
  }
  return out;
}

function successEvaluation(value: unknown): string | boolean | null {
  if (typeof value === 'boolean') return value;
  return str(value);
}

function durationSeconds(message: Obj, startedAt: Date | null, endedAt: Date | null): number | null {
  const seconds = num(message.durationSeconds);
  if (seconds !== null) return seconds;
  const ms = num(message.durationMs);
  if (ms !== null) return ms / 1000;
  if (startedAt && endedAt && endedAt >= startedAt) return (endedAt.getTime() - startedAt.getTime()) / 1000;
  return null;
}

/** The report in a server message, or null when it names no call (nothing can be stored). */
export function readCallReport(rawMessage: unknown): CallReport | null {
  const message = obj(rawMessage);
  const call = obj(message.call);
  const providerId = str(call.id);
  if (!providerId) return null;
  const artifact = obj(message.artifact);
  const recording = obj(artifact.recording);
  const analysis = obj(message.analysis);
  const customer = { ...obj(call.customer), ...obj(message.customer) };
  const phoneNumber = { ...obj(call.phoneNumber), ...obj(message.phoneNumber) };
  const assistant = obj(message.assistant);
  const ended = message.type === 'end-of-call-report';

  const startedAt = instant(message.startedAt) ?? instant(call.startedAt);
  const endedAt = instant(message.endedAt) ?? instant(call.endedAt);
  const rawNumber = str(customer.number, 40);
  const type = str(call.type);
  const summary = str(analysis.summary, 20_000) ?? str(message.summary, 20_000);
  const evaluation = successEvaluation(analysis.successEvaluation);

  return {
    providerId,
    status: ended ? 'ended' : str(message.status, 40),
    type: type && (CALL_TYPES as readonly string[]).includes(type) ? type : null,
    createdAt: instant(call.createdAt),
    startedAt,
    endedAt,
    durationSeconds: durationSeconds(message, startedAt, endedAt),
    endedReason: str(message.endedReason) ?? str(call.endedReason),
    cost: first(num(message.cost), num(call.cost)),
    costBreakdown: costBreakdown(message.costBreakdown ?? call.costBreakdown),
    customerName: str(customer.name),
    customerNumber: rawNumber ? (toE164(rawNumber) ?? rawNumber) : null,
    calledNumber: str(phoneNumber.number, 40),
    platformPhoneNumberId: str(phoneNumber.id) ?? str(call.phoneNumberId),
    platformAssistantId: str(assistant.id) ?? str(call.assistantId),
    transcript:
      typeof artifact.transcript === 'string'
        ? artifact.transcript
        : typeof message.transcript === 'string'
          ? message.transcript
          : null,
    summary,
    recordingUrl: first(
      url(artifact.recordingUrl),
      url(obj(recording.mono).combinedUrl),
      url(message.recordingUrl),
    ),
    stereoRecordingUrl: first(
      url(artifact.stereoRecordingUrl),
      url(recording.stereoUrl),
      url(message.stereoRecordingUrl),
    ),
    pcapUrl: first(url(artifact.pcapUrl), url(message.pcapUrl)),
    messages: messages(
      [artifact.messages, message.messages].find((list) => Array.isArray(list) && list.length) ??
        artifact.messages ??
        message.messages,
      startedAt,
    ),
    analysis: summary !== null || evaluation !== null ? { summary, successEvaluation: evaluation } : null,
  };
}
