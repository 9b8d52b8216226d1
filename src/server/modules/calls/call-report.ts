import {
  CALL_COST_MAX,
  CALL_SECONDS_MAX,
  CALL_STATUSES,
  CALL_TYPES,
  type CallMessage,
  type CostBreakdown,
  type StoredCallAnalysis,
} from '#shared/schemas/calls';
import { parseStructuredData } from '#shared/schemas/structured-data';
import { badRequest } from '../../errors';
import { toE164 } from '../../lib/phone';

/**
 * What a `status-update` or `end-of-call-report` server message says about a call, read defensively: the
 * platform has sent the same facts in different places and shapes over the years (top-level fields beside
 * `artifact`, durations in milliseconds or seconds, timestamps as ISO strings or epoch milliseconds, success
 * evaluation as a boolean or a string). Absent facts are null, so an update never erases what is known.
 * Durations and costs outside ADR 039's bounds are read as absent too.
 */
export interface CallReport {
  /** The platform's call id, in lower case (its ids are UUIDs: any letter case is the same call). */
  providerId: string;
  /**
   * How far this message's facts outrank another's for the same call (ADR 039): an end-of-call-report over
   * any status-update, a later status over an earlier one, then the platform's send time.
   */
  precedence: number;
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
  /** With `structuredData`: the fields of the platform's extraction that parse (ADR 046). */
  analysis: StoredCallAnalysis | null;
}

export const CALL_REPORT_TYPES = ['status-update', 'end-of-call-report'] as const;
export const isCallReport = (type: string): type is (typeof CALL_REPORT_TYPES)[number] =>
  (CALL_REPORT_TYPES as readonly string[]).includes(type);

type Obj = Record<string, unknown>;
const MAX_SHORT = 200;
/** The longest call id we take; a longer one is refused (cutting it could merge two calls). */
export const MAX_CALL_ID = MAX_SHORT;
/** Tokens or characters in a cost breakdown. */
const MAX_COUNT = 1e9;

const obj = (value: unknown): Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {};
const str = (value: unknown, max = MAX_SHORT): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
/** A finite number from 0 to `max`; anything else (negative, huge, not a number) is unknown. */
const bounded = (value: unknown, max: number): number | null => {
  const n = num(value);
  return n !== null && n >= 0 && n <= max ? n : null;
};
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
  const dollars = ['transport', 'stt', 'llm', 'tts', 'vapi', 'total'] as const;
  const counts = ['llmPromptTokens', 'llmCompletionTokens', 'ttsCharacters'] as const;
  const out: CostBreakdown = {};
  for (const key of dollars) {
    const n = bounded(raw[key], CALL_COST_MAX);
    if (n !== null) out[key] = n;
  }
  for (const key of counts) {
    const n = bounded(raw[key], MAX_COUNT);
    if (n !== null) out[key] = n;
  }
  const summary = bounded(obj(raw.analysisCostBreakdown).summary, CALL_COST_MAX);
  if (summary !== null) out.analysisCostBreakdown = { summary };
  return Object.keys(out).length ? out : null;
}

/**
 * The SDK's shape: `costs[]`, one item per component (`{ type: 'model', cost, promptTokens, … }`), read into
 * the older `costBreakdown`'s fields; `total` is their sum (the call's cost where it is given). Null without
 * such a list.
 */
function breakdownFromCosts(value: unknown): Obj | null {
  if (!Array.isArray(value)) return null;
  const sums: Record<string, number> = {};
  const add = (key: string, n: number | null) => {
    if (n !== null) sums[key] = (sums[key] ?? 0) + n;
  };
  const components: Record<string, string> = {
    transport: 'transport',
    transcriber: 'stt',
    model: 'llm',
    voice: 'tts',
    vapi: 'vapi',
  };
  for (const item of value) {
    const c = obj(item);
    const cost = bounded(c.cost, CALL_COST_MAX);
    const type = typeof c.type === 'string' ? c.type : '';
    add('total', cost);
    if (components[type]) add(components[type], cost);
    if (type === 'model') {
      add('llmPromptTokens', bounded(c.promptTokens, MAX_COUNT));
      add('llmCompletionTokens', bounded(c.completionTokens, MAX_COUNT));
    }
    if (type === 'voice') add('ttsCharacters', bounded(c.characters, MAX_COUNT));
    if (type === 'analysis' && c.analysisType === 'summary') add('summary', cost);
  }
  const { summary, ...rest } = sums;
  return { ...rest, ...(summary !== undefined && { analysisCostBreakdown: { summary } }) };
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
  // An empty list says nothing: it must not replace the conversation a fuller report gave.
  return out.length ? out : null;
}

function successEvaluation(value: unknown): string | boolean | null {
  if (typeof value === 'boolean') return value;
  return str(value);
}

function durationSeconds(message: Obj, startedAt: Date | null, endedAt: Date | null): number | null {
  const ms = num(message.durationMs);
  return first(
    bounded(message.durationSeconds, CALL_SECONDS_MAX),
    ms === null ? null : bounded(ms / 1000, CALL_SECONDS_MAX),
    startedAt && endedAt ? bounded((endedAt.getTime() - startedAt.getTime()) / 1000, CALL_SECONDS_MAX) : null,
  );
}

/** Statuses in the order a call goes through them; an end-of-call-report comes after them all. */
const statusRank = (status: string | null) =>
  status ? (CALL_STATUSES as readonly string[]).indexOf(status) + 1 : 0;
const END_OF_CALL_RANK = CALL_STATUSES.length + 1;
/** One status rank in a precedence: above any epoch millisecond `instant` accepts (year 2200 is 7.3e12). */
export const STATUS_RANK_STEP = 1e13;

/** The call id, lower case; null when there is none, refused when too long. */
function callId(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const id = value.trim();
  if (id.length > MAX_CALL_ID) {
    const message = `The call id is longer than ${MAX_CALL_ID} characters.`;
    throw badRequest(message, { 'message.call.id': message });
  }
  return id.toLowerCase();
}

/** The report in a server message, or null when it names no call (nothing can be stored). */
export function readCallReport(rawMessage: unknown): CallReport | null {
  const message = obj(rawMessage);
  const call = obj(message.call);
  const providerId = callId(call.id);
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
  const status = ended ? 'ended' : str(message.status, 40);
  const rank = ended ? END_OF_CALL_RANK : statusRank(status);
  const structuredData = parseStructuredData(analysis.structuredData);
  const extracted = Object.keys(structuredData).length > 0;
  const fromCosts = breakdownFromCosts(message.costs ?? call.costs);
  // The components' sum only where no cost is given at all: an implausible one leaves the cost unknown.
  const given = message.cost !== undefined || call.cost !== undefined;
  const cost = first(
    bounded(message.cost, CALL_COST_MAX),
    bounded(call.cost, CALL_COST_MAX),
    given ? null : bounded(fromCosts?.total, CALL_COST_MAX),
  );
  // Older reports carry `costBreakdown`, the SDK's carry `costs[]`: the breakdown's own figures first.
  const breakdown = costBreakdown({
    ...fromCosts,
    ...(fromCosts && cost !== null && { total: cost }),
    ...obj(message.costBreakdown ?? call.costBreakdown),
  });

  return {
    providerId,
    precedence: rank * STATUS_RANK_STEP + (instant(message.timestamp)?.getTime() ?? 0),
    status,
    type: type && (CALL_TYPES as readonly string[]).includes(type) ? type : null,
    createdAt: instant(call.createdAt),
    startedAt,
    endedAt,
    durationSeconds: durationSeconds(message, startedAt, endedAt),
    endedReason: str(message.endedReason) ?? str(call.endedReason),
    cost,
    costBreakdown: breakdown,
    customerName: str(customer.name),
    customerNumber: rawNumber ? (toE164(rawNumber) ?? rawNumber) : null,
    calledNumber: str(phoneNumber.number, 40),
    platformPhoneNumberId: str(phoneNumber.id) ?? str(call.phoneNumberId),
    platformAssistantId: str(assistant.id) ?? str(call.assistantId),
    transcript:
      [artifact.transcript, message.transcript].find(
        (text): text is string => typeof text === 'string' && text.trim() !== '',
      ) ?? null,
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
    analysis:
      summary !== null || evaluation !== null || extracted
        ? { summary, successEvaluation: evaluation, ...(extracted && { structuredData }) }
        : null,
  };
}
