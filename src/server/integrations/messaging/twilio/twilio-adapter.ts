import { z } from 'zod';
import {
  MessagingError,
  type DeliveryStatus,
  type Messaging,
  type MessagingErrorKind,
  type OutgoingText,
  type TextState,
} from '../port';

export const TWILIO_BASE_URL = 'https://api.twilio.com';

export interface TwilioConfig {
  /** TWILIO_ACCOUNT_SID */
  accountSid: string;
  /** TWILIO_AUTH_TOKEN */
  authToken: string;
  /** TWILIO_BASE_URL (tests point it at the fake). */
  baseUrl?: string;
  /** Where Twilio posts each text's delivery updates. */
  statusCallbackUrl?: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Tries after the first when Twilio says 20429 / 429. */
  retries?: number;
  /** First wait, doubled each retry; a Retry-After wins. Every wait is capped at `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/** Twilio's message resource: only what we read; the rest (price, segments, dates) is ignored. */
const messageSchema = z.object({
  sid: z.string().min(1),
  status: z.string(),
  error_code: z.number().nullish(),
});

/** A page of Twilio's Messages list: only what we match an earlier attempt on. */
const listSchema = z.object({
  messages: z.array(
    messageSchema.extend({ to: z.string(), from: z.string(), body: z.string(), date_created: z.string() }),
  ),
});

/** Twilio's clock and ours differ: a text created this long before the queued time still counts. */
const CLOCK_SKEW_MS = 60_000;
/** Texts of the pair read when looking for an earlier attempt (newest first; one page). */
const LOOKUP_PAGE = 50;

const errorSchema = z.object({ code: z.number().optional(), more_info: z.string().optional() });

const STATUS: Record<string, DeliveryStatus> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'sending',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'canceled',
};

/** Texts we keep the idempotency key of (see `OutgoingText.idempotencyKey`). */
const REMEMBERED_KEYS = 1000;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function kindOf(httpStatus: number, code: number | undefined): MessagingErrorKind {
  if (code === 21610) return 'opted_out';
  if (code === 21211) return 'invalid_number';
  if (code === 20429 || httpStatus === 429) return 'rate_limited';
  return httpStatus >= 500 ? 'unavailable' : 'rejected';
}

/** Twilio's error body `{ code, message, more_info, status }`; its message is left out (it may hold a number). */
function errorFrom(response: Response, text: string): MessagingError {
  let body: z.infer<typeof errorSchema> = {};
  try {
    body = errorSchema.safeParse(JSON.parse(text)).data ?? {};
  } catch {
    // Not JSON (a proxy's page): the HTTP status says enough.
  }
  const kind = kindOf(response.status, body.code);
  const code = body.code === undefined ? '' : ` code ${body.code}`;
  const info = body.more_info ? ` (${body.more_info})` : '';
  return new MessagingError(kind, `Twilio answered ${response.status}${code}${info}`, {
    status: response.status,
    vendorCode: body.code,
    retryAfterMs: kind === 'rate_limited' ? retryAfterMs(response.headers.get('retry-after')) : undefined,
  });
}

/** A 2xx body read with its schema; anything else is Twilio answering what we cannot use ('unavailable'). */
function parseBody<T>(text: string, schema: z.ZodType<T>, without: string): T {
  let parsed;
  try {
    parsed = schema.safeParse(JSON.parse(text));
  } catch (cause) {
    throw new MessagingError('unavailable', 'Twilio answered with something that is not JSON', { cause });
  }
  if (!parsed.success)
    throw new MessagingError('unavailable', `Twilio answered without ${without}`, { cause: parsed.error });
  return parsed.data;
}

const stateOf = (text: string): TextState => stateFrom(parseBody(text, messageSchema, 'a message resource'));

function stateFrom(message: z.infer<typeof messageSchema>): TextState {
  const status = STATUS[message.status];
  if (!status)
    throw new MessagingError('unavailable', `Twilio reported an unknown message status: ${message.status}`);
  const { sid, error_code } = message;
  return error_code == null
    ? { providerId: sid, status }
    : { providerId: sid, status, errorCode: error_code };
}

/** Twilio Programmable Messaging over its REST API (plain fetch). */
export function createTwilioMessaging(config: TwilioConfig): Messaging {
  const base = `${(config.baseUrl ?? TWILIO_BASE_URL).replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  const doFetch = config.fetch ?? fetch;
  const sleep = config.sleep ?? defaultSleep;
  const timeoutMs = config.timeoutMs ?? 10_000;
  const retries = config.retries ?? 3;
  const backoffMs = config.backoffMs ?? 1_000;
  const maxBackoffMs = config.maxBackoffMs ?? 10_000;
  const sending = new Map<string, Promise<TextState>>();
  const messagePath = (sid: string) => `/Messages/${encodeURIComponent(sid)}.json`;
  /** One call at its worst: every try timing out, the longest wait between tries. */
  const maxCallMs = (retries + 1) * timeoutMs + retries * maxBackoffMs;

  async function attempt(method: 'GET' | 'POST', path: string, form?: URLSearchParams) {
    try {
      const response = await doFetch(base + path, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        body: form?.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { response, text: await response.text() };
    } catch (cause) {
      const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
      throw new MessagingError(
        'unavailable',
        timedOut ? `Twilio did not answer within ${timeoutMs} ms` : 'Could not reach Twilio',
        { cause },
      );
    }
  }

  /**
   * Only a rate-limited request is sent again: Twilio did not process it. After a 5xx or a network failure a
   * text may have gone out, so trying again is the caller's decision.
   */
  async function call(method: 'GET' | 'POST', path: string, form?: URLSearchParams): Promise<string> {
    for (let retry = 0; ; retry++) {
      const { response, text } = await attempt(method, path, form);
      if (response.ok) return text;
      const error = errorFrom(response, text);
      if (error.kind !== 'rate_limited' || retry >= retries) throw error;
      await sleep(Math.min(error.retryAfterMs ?? backoffMs * 2 ** retry, maxBackoffMs));
    }
  }

  const request = async (method: 'GET' | 'POST', path: string, form?: URLSearchParams) =>
    stateOf(await call(method, path, form));

  /**
   * The text an earlier attempt may have created (Twilio took the POST, its answer was lost): the newest of
   * the pair's messages with the same body created since the text was queued. Read with Twilio's Messages
   * list filtered by `To` and `From`; not by `DateSent`, which a text still queued at Twilio has not got.
   */
  async function findEarlier(text: OutgoingText, since: Date): Promise<TextState | undefined> {
    const query = new URLSearchParams({ To: text.to, From: text.from, PageSize: String(LOOKUP_PAGE) });
    const list = parseBody(
      await call('GET', `/Messages.json?${query.toString()}`),
      listSchema,
      'a message list',
    );
    const from = since.getTime() - CLOCK_SKEW_MS;
    const found = list.messages.find(
      (m) =>
        m.to === text.to &&
        m.from === text.from &&
        m.body === text.body &&
        Date.parse(m.date_created) >= from,
    );
    return found && stateFrom(found);
  }

  async function send(text: OutgoingText): Promise<TextState> {
    if (text.earlierAttemptSince) {
      const found = await findEarlier(text, text.earlierAttemptSince);
      if (found) return found;
    }
    const form = new URLSearchParams({ To: text.to, From: text.from, Body: text.body });
    if (config.statusCallbackUrl) form.set('StatusCallback', config.statusCallbackUrl);
    return request('POST', '/Messages.json', form);
  }

  return {
    kind: 'twilio',
    // A lookup of an earlier attempt, then the POST.
    maxSendMs: 2 * maxCallMs,

    send(text) {
      const earlier = sending.get(text.idempotencyKey);
      if (earlier) return earlier;
      const sent = send(text);
      sending.set(text.idempotencyKey, sent);
      sent.catch(() => sending.delete(text.idempotencyKey));
      if (sending.size > REMEMBERED_KEYS) sending.delete(sending.keys().next().value!);
      return sent;
    },

    status: (providerId) => request('GET', messagePath(providerId)),

    // Twilio cancels only a text scheduled through a Messaging Service; any other answers 30409 (rejected).
    cancel: (providerId) =>
      request('POST', messagePath(providerId), new URLSearchParams({ Status: 'canceled' })),
  };
}
